/**
 * The peer `pnpm bench` compares the viewset with: FeathersJS 5 with its knex service over the
 * same SQLite file (better-sqlite3 under knex), paginated 20 per page (at most 100), on either of
 * its HTTP transports, Express (its default) or Koa (`framework` in `BENCH_SERVER`).
 * Its wire format is its own (`{ total, limit, skip, data }`, raw column names), so the bench
 * compares rates only, for the same rows, filter and order asked in Feathers' query syntax.
 *
 * Run as a process of its own, as bench/src/server.ts: `BENCH_SERVER` (JSON) names the SQLite
 * file; prints `{"port": n}` once listening on the loopback; exits on SIGTERM. A package of its
 * own so that knex stays out of the bench's dependencies.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { feathers } from "@feathersjs/feathers";
import { KnexService } from "@feathersjs/knex";
import knex from "knex";

const config = JSON.parse(process.env.BENCH_SERVER ?? "{}") as {
  database: string;
  readonly?: boolean;
  framework?: "express" | "koa";
};
const Model = knex({
  client: "better-sqlite3",
  connection: { filename: config.database, options: { readonly: config.readonly === true } },
  useNullAsDefault: true,
});
const products = () => new KnexService({ Model, name: "products", paginate: { default: 20, max: 100 } });

/** Feathers on Express: JSON bodies, its REST transport, the service. */
async function onExpress(): Promise<Server> {
  const module = await import("@feathersjs/express");
  // A CommonJS module: its function is `exports.default`, which Node's ESM import nests once more.
  type FeathersExpress = typeof module.default.default;
  const exported = module.default as unknown as FeathersExpress | { default: FeathersExpress };
  const feathersExpress = typeof exported === "function" ? exported : exported.default;
  const app = feathersExpress(feathers());
  app.use(module.json());
  app.configure(module.rest());
  app.use("products", products());
  // A Feathers Express app is an Express request handler.
  const server = createServer(app as unknown as RequestListener);
  await app.setup(server);
  return server;
}

/** Feathers on Koa: its error handler, body parser and REST transport, the service. */
async function onKoa(): Promise<Server> {
  const { bodyParser, errorHandler, koa, rest } = await import("@feathersjs/koa");
  const app = koa(feathers());
  app.use(errorHandler());
  app.use(bodyParser());
  app.configure(rest());
  app.use("products", products());
  const server = createServer(app.callback());
  await app.setup(server);
  return server;
}

const server = await (config.framework === "koa" ? onKoa() : onExpress());
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.once("SIGTERM", () => {
  server.closeAllConnections();
  server.close();
  void Model.destroy().finally(() => process.exit(0));
});

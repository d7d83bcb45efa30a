/** An app of each framework the adapters support, serving mountables (routers, the admin) on a real port. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import type { Mountable } from "@viewsets/core";
import * as expressAdapter from "@viewsets/express";
import * as fastifyAdapter from "@viewsets/fastify";
import * as honoAdapter from "@viewsets/hono";
import * as koaAdapter from "@viewsets/koa";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";
import Koa from "koa";

export const FRAMEWORKS = ["express", "koa", "hono", "fastify"] as const;
export type Framework = (typeof FRAMEWORKS)[number];

export interface Served {
  readonly url: string;
  /** The Node server itself (to drain it). */
  readonly server: Server;
  close(): Promise<void>;
}

/** An app of `framework` with the mountables registered, answering `fallthrough` to the rest. */
async function app(framework: Framework, mounts: readonly Mountable[]): Promise<Server> {
  switch (framework) {
    case "express": {
      const app = express();
      for (const mounted of mounts) expressAdapter.registerRoutes(mounted, app);
      app.use((_req, res) => void res.status(404).type("text/plain").send("fallthrough"));
      return createServer(app);
    }
    case "koa": {
      const app = new Koa();
      for (const mounted of mounts) koaAdapter.registerRoutes(mounted, app);
      app.use((ctx) => {
        ctx.status = 404;
        ctx.type = "text/plain";
        ctx.body = "fallthrough";
      });
      return createServer(app.callback());
    }
    case "hono": {
      const app = new Hono();
      for (const mounted of mounts) honoAdapter.registerRoutes(mounted, app);
      app.notFound((c) => c.text("fallthrough", 404));
      return createAdaptorServer({ fetch: app.fetch }) as Server;
    }
    case "fastify": {
      const app = Fastify();
      for (const mounted of mounts) fastifyAdapter.registerRoutes(mounted, app);
      app.setNotFoundHandler((_request, reply) => reply.code(404).type("text/plain").send("fallthrough"));
      // Fastify's own Node server, listened on below like the others' once its plugins are loaded.
      await app.ready();
      return app.server;
    }
  }
}

export async function serve(framework: Framework, mounts: readonly Mountable[]): Promise<Served> {
  const server = await app(framework, mounts);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

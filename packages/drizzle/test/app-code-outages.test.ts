/**
 * A database outage in the app's own code (a token check, a permission, an action that query
 * PostgreSQL themselves) answered through each framework's real server: with the router's
 * `exceptionHandler: databaseOutages`, a 503 with `Retry-After` and nothing logged; without it,
 * the 500 every unknown error is, told to `onError`.
 */
import {
  type Authenticator,
  BaseSerializer,
  BaseViewSet,
  defineModel,
  type Manager,
  type Permission,
  Router,
  sendJSON,
} from "@viewsets/core";
import { tcpProxy, type TcpProxy } from "@viewsets/core/testing";
import { FRAMEWORKS, serve, type Served } from "@viewsets/testkit";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseOutages } from "../src/index.js";
import { PG_URL, postgresSkipReason } from "./postgres-server.js";

const url = new URL(PG_URL);

const Note = defineModel({ name: "Note", fields: { id: { type: "int", primaryKey: true }, text: { type: "string" } } });
const notes: Manager<{ id: number; text: string }> = {
  count: async () => 1,
  all: async () => [{ id: 1, text: "kept in memory" }],
  get: async (_ctx, id) => (Number(id) === 1 ? { id: 1, text: "kept in memory" } : null),
  create: async () => ({ id: 2, text: "" }),
  update: async (_ctx, note) => note,
  delete: async () => undefined,
};

describe.skipIf(postgresSkipReason !== undefined)("outages in the app's own database code", () => {
  let proxy: TcpProxy;
  let pool: pg.Pool;
  const logged: unknown[] = [];

  /** A router whose token check, permission and action each query the database through the proxy. */
  function router(options: { exceptionHandler?: typeof databaseOutages }) {
    const tokens: Authenticator = {
      async authenticate(request) {
        const token = request.headers.authorization?.replace(/^Token /, "");
        if (!token) return null;
        const { rows } = await pool.query("SELECT $1::text AS name", [token]);
        return { user: { id: 1, name: rows[0].name } };
      },
    };
    const open: Permission = {
      async hasPermission() {
        return (await pool.query("SELECT true AS open")).rows[0].open === true;
      },
    };
    const routed = new Router("/api", {
      authentication: [tokens],
      permissions: [open],
      onError: (error) => void logged.push(error),
      ...options,
    });
    // The token check and the permission run on the viewset's routes; the action queries by itself.
    routed.register("notes", new BaseViewSet({ serializer: () => new BaseSerializer(), queryset: notes, model: Note }));
    routed.action("notes", "count", { methods: ["GET"] }, async () =>
      sendJSON(200, { count: Number((await pool.query("SELECT 1 AS n")).rows[0].n) }),
    );
    return routed;
  }

  beforeAll(async () => {
    proxy = await tcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    pool = new pg.Pool({
      host: "127.0.0.1",
      port: proxy.port,
      user: decodeURIComponent(url.username) || "postgres",
      database: url.pathname.slice(1) || "test",
      connectionTimeoutMillis: 500,
      max: 2,
    });
    pool.on("error", () => undefined);
  });
  afterAll(async () => {
    await pool.end();
    await proxy.close();
  });

  for (const framework of FRAMEWORKS) {
    it(`answers 503 with Retry-After on ${framework} with databaseOutages, a 500 without it`, async () => {
      const handled = await serve(framework, [router({ exceptionHandler: databaseOutages })]);
      const plain = await serve(framework, [router({})]);
      const servers: Served[] = [handled, plain];
      try {
        const get = (served: Served, path: string) =>
          fetch(`${served.url}${path}`, { headers: { authorization: "Token alice" } });
        expect((await get(handled, "/api/notes/")).status).toBe(200);
        expect((await get(handled, "/api/notes/count/")).status).toBe(200);

        proxy.set("down");
        await pool.query("SELECT 1").catch(() => undefined); // the pool's idle connections go
        logged.length = 0;
        for (const path of ["/api/notes/", "/api/notes/count/"]) {
          const answer = await get(handled, path);
          expect(answer.status, path).toBe(503);
          expect(answer.headers.get("retry-after"), path).toBe("5");
          expect(await answer.text(), path).not.toMatch(/select|127\.0\.0\.1|ECONN/i);
        }
        expect(logged).toEqual([]);

        const unmapped = await get(plain, "/api/notes/");
        expect(unmapped.status).toBe(500);
        expect(logged).toHaveLength(1);

        proxy.set("up");
        expect((await get(handled, "/api/notes/")).status).toBe(200);
      } finally {
        proxy.set("up");
        await Promise.all(servers.map((served) => served.close()));
      }
    });
  }
});

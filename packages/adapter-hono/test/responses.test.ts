import type { Server } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import type { ApiResponse, Mountable } from "@viewsets/core";
import { type ContractServer, contractApp, listenOnLoopback } from "@viewsets/core/testing";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { registerRoutes, sendApiResponse } from "../src/index.js";

const NEW_PRODUCT = { name: "New lamp", price: "19.90", inStock: true, status: "draft", category: 2, notes: null };

/** Headers the core hands over for every answer of `sameHeaders`: one object, answered twice. */
const SHARED_HEADERS: Record<string, string> = { "Content-Type": "text/plain; charset=utf-8" };

/** Answers `/short` and `/longer` with the same headers object, as a mountable may from a constant. */
const sameHeaders: Mountable = {
  assertReady() {},
  async handle(request): Promise<ApiResponse | null> {
    if (request.path === "/short") return { status: 200, headers: SHARED_HEADERS, body: "ab" };
    if (request.path === "/longer") return { status: 200, headers: SHARED_HEADERS, body: "abcdef" };
    return null;
  },
};

/**
 * The contract's products behind middleware that sets a header before the router and one after
 * it, served without Node (`app.request`): the adapter contract runs the same on a Node server.
 */
function appWithHeaderMiddleware(): Hono {
  const app = new Hono();
  app.use(async (c, next) => {
    c.header("X-Request-Id", "r-1");
    await next();
    c.header("X-After", "yes");
  });
  registerRoutes(contractApp().router, app);
  return app;
}

describe("hono responses on @hono/node-server", () => {
  let server: ContractServer | undefined;
  afterEach(() => server?.close());

  it("keeps a header the route's own handler set before it called sendApiResponse", async () => {
    const app = new Hono();
    app.get("/own", (c) => {
      c.header("Cache-Control", "no-store");
      return sendApiResponse(c, { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8" }, body: "own" });
    });
    server = await listenOnLoopback(createAdaptorServer({ fetch: app.fetch }) as Server);
    const reply = await fetch(`${server.url}/own`);
    expect(reply.headers.get("cache-control")).toBe("no-store");
    expect(await reply.text()).toBe("own");
  });

  it("answers with the core's headers and each body's own length, first handler or behind middleware", async () => {
    const first = new Hono();
    registerRoutes(sameHeaders, first);
    const behind = new Hono();
    behind.use((_c, next) => next());
    registerRoutes(sameHeaders, behind);
    for (const app of [first, behind]) {
      server = await listenOnLoopback(createAdaptorServer({ fetch: app.fetch }) as Server);
      for (const [path, body] of [
        ["/short", "ab"],
        ["/longer", "abcdef"],
        ["/short", "ab"],
      ]) {
        const reply = await fetch(`${server.url}${path}`);
        expect(reply.headers.get("content-type")).toBe("text/plain; charset=utf-8");
        expect(reply.headers.get("content-length")).toBe(String(body!.length));
        expect(await reply.text()).toBe(body);
      }
      await server.close();
      server = undefined;
    }
    expect(SHARED_HEADERS).toEqual({ "Content-Type": "text/plain; charset=utf-8" });
  });
});

describe("hono responses without Node (app.request)", () => {
  it("serves reads and writes from the Fetch request", async () => {
    const app = new Hono();
    registerRoutes(contractApp().router, app);
    const read = await app.request("/api/v1/products/1");
    expect(read.status).toBe(200);
    expect(read.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(((await read.json()) as { id: number }).id).toBe(1);

    const created = await app.request("/api/v1/products/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(NEW_PRODUCT),
    });
    expect(created.status).toBe(201);
    const row = (await created.json()) as { id: number; name: string };
    expect(row.name).toBe("New lamp");
    expect(created.headers.get("location")).toBe(`http://localhost/api/v1/products/${row.id}`);
  });

  it("sends the headers middleware set before and after the router", async () => {
    const reply = await appWithHeaderMiddleware().request("/api/v1/products/1");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("x-request-id")).toBe("r-1");
    expect(reply.headers.get("x-after")).toBe("yes");
  });
});

import { connect } from "node:http2";
import {
  type ApiRequest,
  type ApiResponse,
  ConfigurationError,
  type Mountable,
  Router,
  sendJSON,
} from "@viewsets/core";
import { contractApp } from "@viewsets/core/testing";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { logToFastify, registerRoutes, toFastify, viewsetsPlugin } from "../src/index.js";

const NEW_PRODUCT = { name: "New lamp", price: "19.90", inStock: true, status: "draft", category: 2, notes: null };

/** Fastify's log lines (pino's JSON), kept in memory. */
function memoryLog(): { lines: Record<string, unknown>[]; stream: { write(line: string): void } } {
  const lines: Record<string, unknown>[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
}

/** One request over HTTP/2 without TLS (h2c), as Fastify's `http2: true` server speaks it. */
function h2Request(url: string, path: string, method: string, body?: string) {
  return new Promise<{ status: number; location: unknown; text: string }>((resolve, reject) => {
    const client = connect(url);
    const request = client.request({ ":path": path, ":method": method, "content-type": "application/json" });
    let text = "";
    let status = 0;
    let location: unknown;
    request.on("response", (headers) => {
      status = Number(headers[":status"]);
      location = headers.location;
    });
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      text += chunk;
    });
    request.on("end", () => {
      client.close();
      resolve({ status, location, text });
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** A mountable that answers `/fails` by failing, as a buggy one might, and nothing else. */
const failing: Mountable = {
  assertReady() {},
  async handle(request: ApiRequest): Promise<ApiResponse | null> {
    if (request.path === "/fails") throw new Error("mountable broke");
    return null;
  },
};

describe("fastify: the router among Fastify's own hooks and routes", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  // The headers hooks set before and after the router are the adapter contract's ("middleware around the router").
  it("runs onResponse hooks and logs the request", async () => {
    const log = memoryLog();
    app = Fastify({ logger: { level: "info", stream: log.stream } });
    const responded: number[] = [];
    app.addHook("onResponse", (_request, reply, done) => {
      responded.push(reply.statusCode);
      done();
    });
    registerRoutes(contractApp().router, app);
    const reply = await app.inject({ method: "GET", url: "/api/v1/products/1" });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(reply.json()).toMatchObject({ id: 1 });
    expect(responded).toEqual([200]);
    const completed = log.lines.find((line) => line.msg === "request completed");
    expect(completed).toMatchObject({ res: { statusCode: 200 } });
  });

  it("serves reads and writes through app.inject, as Fastify apps are tested", async () => {
    app = Fastify();
    registerRoutes(contractApp().router, app);
    const created = await app.inject({ method: "POST", url: "/api/v1/products/", payload: NEW_PRODUCT });
    expect(created.statusCode).toBe(201);
    const row = created.json() as { id: number; name: string };
    expect(row.name).toBe("New lamp");
    expect(created.headers.location).toBe(`http://localhost:80/api/v1/products/${row.id}`);
    const invalid = await app.inject({ method: "POST", url: "/api/v1/products/", payload: { name: 5 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers["content-type"]).toBe("application/problem+json");
  });

  it("leaves Fastify's own routes to Fastify, its JSON body parser and 404 included", async () => {
    app = Fastify();
    registerRoutes(contractApp().router, app);
    app.post("/echo", async (request) => ({ echoed: request.body }));
    const echoed = await app.inject({ method: "POST", url: "/echo", payload: { a: 1 } });
    expect(echoed.json()).toEqual({ echoed: { a: 1 } });
    const missing = await app.inject({ method: "GET", url: "/nowhere" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: "Route GET:/nowhere not found" });
  });

  it("sends an answer without a body as none: no JSON null, no content type added", async () => {
    app = Fastify();
    const redirect: Mountable = {
      assertReady() {},
      handle: async (request) =>
        request.path === "/old" ? { status: 302, headers: { Location: "/new" }, body: null } : null,
    };
    registerRoutes(redirect, app);
    const reply = await app.inject({ method: "GET", url: "/old" });
    expect(reply.statusCode).toBe(302);
    expect(reply.headers.location).toBe("/new");
    expect(reply.headers["content-type"]).toBeUndefined();
    expect(reply.body).toBe("");
  });

  it("serves a route's body as Fastify parsed it with toFastify", async () => {
    app = Fastify();
    app.post(
      "/notes",
      toFastify(async (request) => {
        const body = request.body;
        return sendJSON(201, { kind: body.kind, value: body.kind === "parsed" ? body.value : null });
      }),
    );
    const reply = await app.inject({ method: "POST", url: "/notes", payload: { text: "hi" } });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({ kind: "parsed", value: { text: "hi" } });
  });

  it("hands a mountable's failure to Fastify's error handler", async () => {
    app = Fastify();
    const handled: string[] = [];
    app.setErrorHandler((error: Error, _request, reply) => {
      handled.push(error.message);
      return reply.code(503).send({ failed: true });
    });
    registerRoutes(failing, app);
    const reply = await app.inject({ method: "GET", url: "/fails" });
    expect(reply.statusCode).toBe(503);
    expect(handled).toEqual(["mountable broke"]);
  });

  it("mounts as a plugin with app.register", async () => {
    app = Fastify();
    await app.register(viewsetsPlugin, { router: contractApp().router });
    app.get("/fastify-route", async () => ({ fastify: true }));
    expect((await app.inject({ method: "GET", url: "/api/v1/products/2" })).json()).toMatchObject({ id: 2 });
    expect((await app.inject({ method: "GET", url: "/fastify-route" })).json()).toEqual({ fastify: true });
  });

  it("serves Fastify's HTTP/2 server, with links from the request's :authority", async () => {
    const h2 = Fastify({ http2: true });
    app = h2 as unknown as FastifyInstance;
    registerRoutes(contractApp().router, h2);
    await h2.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(h2.server.address() as { port: number }).port}`;
    const created = await h2Request(url, "/api/v1/products/", "POST", JSON.stringify(NEW_PRODUCT));
    expect(created.status).toBe(201);
    const { id } = JSON.parse(created.text) as { id: number };
    expect(created.location).toBe(`${url}/api/v1/products/${id}`);
    const read = await h2Request(url, `/api/v1/products/${id}`, "GET");
    expect(JSON.parse(read.text)).toMatchObject({ id, name: "New lamp" });
  });

  it("throws a configuration error at registerRoutes, before the app starts", () => {
    const broken: Mountable = {
      assertReady() {
        throw new ConfigurationError("viewsets: resource things: queryset is missing");
      },
      handle: async () => null,
    };
    expect(() => registerRoutes(broken, Fastify())).toThrow(ConfigurationError);
  });
});

describe("fastify: logToFastify", () => {
  it("reports a server failure on the request's logger, without the request's values", async () => {
    const log = memoryLog();
    const app = Fastify({ logger: { level: "info", stream: log.stream } });
    const router = new Router("/api", { onError: logToFastify });
    router.action("boom", "now", {}, () => {
      throw new Error('invalid input syntax for type integer: "s3cret"');
    });
    registerRoutes(router, app);
    const reply = await app.inject({ method: "GET", url: "/api/boom/now" });
    await app.close();
    expect(reply.statusCode).toBe(500);
    const failure = log.lines.find((line) => typeof line.msg === "string" && line.msg.includes("failed"));
    expect(failure).toMatchObject({ level: 50, reqId: expect.any(String) });
    expect(failure!.msg).toContain("viewsets: GET /api/boom/now failed: Error: invalid input syntax");
    expect(JSON.stringify(log.lines)).not.toContain("s3cret");
  });
});

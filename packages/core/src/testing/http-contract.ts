import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiRequest, type ApiResponse, isAborted, type Mountable, type RequestContext } from "../http/request.js";
import { sendJSON } from "../http/respond.js";
import { isAuthenticatedOrReadOnly } from "../auth/permission-classes.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import type { AdapterContractOptions, ContractServer } from "./adapter-contract.js";
import { type ContractApp, contractApp, countingThrottle, Product, type ProductRow, productRows } from "./fixtures.js";
import { MemoryManager, SettledMemoryManager } from "./memory-manager.js";
import { abandonUpload, openRequest, rawRequest, sendAllThenRead } from "./raw-http.js";
import { until } from "./until.js";

const ORIGIN = "https://app.example";
const PRODUCT = { name: "Form lamp", price: "19.90", inStock: true, status: "draft", category: 2, notes: null };

async function call(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const response = await fetch(base + path, { method, headers, body });
  const text = await response.text();
  let json: any;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

function expectProblem(reply: { status: number; headers: Headers }, status: number): void {
  expect(reply.status).toBe(status);
  expect(reply.headers.get("content-type")).toBe("application/problem+json");
}

/** A promise and the function that settles it. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Resolves when `signal` aborts. */
function aborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) resolve();
    else signal?.addEventListener("abort", () => resolve(), { once: true });
  });
}

/** A manager whose list waits until its request is abandoned, telling the test when it started. */
class WaitingManager extends MemoryManager<ProductRow> {
  readonly started = deferred<AbortSignal>();
  readonly sawAbort = deferred();
  override async all(ctx: RequestContext): Promise<ProductRow[]> {
    this.started.resolve(ctx.signal);
    await aborted(ctx.signal);
    this.sawAbort.resolve();
    return [];
  }
}

/**
 * A manager whose list first waits for the test's word, then looks at its request: for a client
 * that left before anything asked for the request's signal.
 */
class LateManager extends MemoryManager<ProductRow> {
  readonly started = deferred<RequestContext>();
  readonly proceed = deferred();
  readonly looked = deferred<boolean>();
  override async all(ctx: RequestContext): Promise<ProductRow[]> {
    this.started.resolve(ctx);
    await this.proceed.promise;
    this.looked.resolve(ctx.signal.aborted);
    return [];
  }
}

/** A router of one resource whose list runs on `manager`. */
function routerOf(resource: string, manager: MemoryManager<ProductRow>): Router {
  const router = new Router("/api/v1", { onError: () => {} });
  router.register(
    resource,
    new BaseViewSet({ serializer: () => new BaseSerializer(), queryset: manager, model: Product }),
  );
  return router;
}

/** A router that counts authentications and throttles to one request: OPTIONS and 406 must pass neither check. */
function guardedRouter(): { router: Router; authentications: string[] } {
  const authentications: string[] = [];
  const router = new Router("/api/v1", {
    onError: () => {},
    authentication: [
      {
        authenticate(request) {
          authentications.push(request.method);
          return null;
        },
      },
    ],
    permissions: [isAuthenticatedOrReadOnly],
    throttles: [countingThrottle(1)],
  });
  router.register(
    "products",
    new BaseViewSet({
      serializer: () => new BaseSerializer(),
      queryset: new MemoryManager(productRows()),
      model: Product,
    }),
  );
  return { router, authentications };
}

/**
 * The HTTP behaviour every adapter must share beyond the routes themselves: OPTIONS and CORS,
 * content negotiation, conditional requests, allowed hosts, HEAD, disconnects and refused uploads.
 */
export function runHttpContract(options: AdapterContractOptions): void {
  describe(`http contract: ${options.name}`, () => {
    let app: ContractApp;
    let server: ContractServer;
    let base: string;
    const failures: unknown[] = [];

    beforeAll(async () => {
      app = contractApp({ onError: (error) => failures.push(error), allowedHosts: ["127.0.0.1", ".example.com"] });
      app.router.action("pages", "page", { urlPath: "page.html" }, () => ({
        status: 200,
        headers: { "Content-Type": "text/html; charset=utf-8" },
        body: "<!doctype html><p>Héllo ☕</p>",
      }));
      server = await options.serve(app.router, {});
      base = server.url;
    });
    afterAll(() => server.close());

    describe("OPTIONS", () => {
      it("describes list and detail routes with Allow and their write fields", async () => {
        const list = await call(base, "OPTIONS", "/api/v1/products/");
        expect(list.status).toBe(200);
        expect(list.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
        expect(list.json).toMatchObject({ name: "Product List", renders: ["application/json"] });
        expect(list.json.parses).toContain("application/x-www-form-urlencoded");
        expect(list.json.actions.POST.name).toMatchObject({ type: "string", required: true, read_only: false });
        expect(list.json.actions.POST.id).toMatchObject({ read_only: true });
        expect(list.json.actions.POST.status.choices.map((c: { value: string }) => c.value)).toEqual([
          "draft",
          "live",
          "archived",
        ]);
        expect(list.json.actions.POST.createdAt).toMatchObject({ type: "datetime", read_only: true });
        const detail = await call(base, "OPTIONS", "/api/v1/products/3");
        expect(detail.headers.get("allow")).toBe("GET, PUT, PATCH, DELETE, HEAD, OPTIONS");
        expect(detail.json.name).toBe("Product Instance");
        expect(Object.keys(detail.json.actions)).toEqual(["PUT"]);
        const readOnly = await call(base, "OPTIONS", "/api/v1/reports/1");
        expect(readOnly.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
        expect(readOnly.json).not.toHaveProperty("actions");
      });

      it("describes custom actions", async () => {
        const stats = await call(base, "OPTIONS", "/api/v1/products/stats/");
        expect(stats.status).toBe(200);
        expect(stats.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
        const publish = await call(base, "OPTIONS", "/api/v1/products/3/publish-now");
        expect(publish.headers.get("allow")).toBe("POST, OPTIONS");
        expect(publish.json.name).toBe("Publish");
      });

      it("authenticates OPTIONS but throttles it not, and answers 406 before authentication", async () => {
        const { router, authentications } = guardedRouter();
        const guarded = await options.serve(router, {});
        try {
          for (let i = 0; i < 3; i++) {
            const described = await call(guarded.url, "OPTIONS", "/api/v1/products/");
            expect(described.status).toBe(200);
            // Not signed in: the POST it may not make is not described.
            expect(described.json).not.toHaveProperty("actions");
            expectProblem(await call(guarded.url, "GET", "/api/v1/products/", { accept: "text/html" }), 406);
          }
          // Asked who the caller is (to describe only the writes it may make); the 406s asked nothing.
          expect(authentications).toEqual(["OPTIONS", "OPTIONS", "OPTIONS"]);
          // The one request the throttle allows is still there.
          expect((await call(guarded.url, "GET", "/api/v1/products/")).status).toBe(200);
          expectProblem(await call(guarded.url, "GET", "/api/v1/products/"), 429);
        } finally {
          await guarded.close();
        }
      });
    });

    describe("CORS", () => {
      const preflight = {
        origin: ORIGIN,
        "access-control-request-method": "PATCH",
        "access-control-request-headers": "content-type, authorization",
      };

      async function expectBrowserCanCall(url: string): Promise<void> {
        const pre = await call(url, "OPTIONS", "/api/v1/products/3", preflight);
        expect(pre.status).toBeGreaterThanOrEqual(200);
        expect(pre.status).toBeLessThan(300);
        expect(pre.headers.get("access-control-allow-origin")).toBe(ORIGIN);
        expect(pre.headers.get("access-control-allow-credentials")).toBe("true");
        expect(pre.headers.get("access-control-allow-methods")).toContain("PATCH");
        expect(pre.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
        const credentialed = await call(url, "GET", "/api/v1/products/3", { origin: ORIGIN, cookie: "session=1" });
        expect(credentialed.status).toBe(200);
        expect(credentialed.headers.get("access-control-allow-origin")).toBe(ORIGIN);
        expect(credentialed.headers.get("access-control-allow-credentials")).toBe("true");
        expect(credentialed.headers.get("vary")).toMatch(/origin/i);
        // An error is readable by the page too.
        const missing = await call(url, "GET", "/api/v1/products/4242", { origin: ORIGIN });
        expectProblem(missing, 404);
        expect(missing.headers.get("access-control-allow-origin")).toBe(ORIGIN);
        const other = await call(url, "GET", "/api/v1/products/3", { origin: "https://evil.example" });
        expect(other.headers.get("access-control-allow-origin")).not.toBe("https://evil.example");
      }

      it("lets the framework's own CORS middleware, mounted before the router, answer", async () => {
        const withMiddleware = await options.serve(contractApp().router, {
          cors: { origin: ORIGIN, credentials: true },
        });
        try {
          await expectBrowserCanCall(withMiddleware.url);
        } finally {
          await withMiddleware.close();
        }
      });

      it("answers CORS itself with the router's cors option", async () => {
        const own = contractApp({ cors: { origin: [ORIGIN], credentials: true } });
        const withOption = await options.serve(own.router, {});
        try {
          await expectBrowserCanCall(withOption.url);
          const exposed = await call(withOption.url, "GET", "/api/v1/products/3", { origin: ORIGIN });
          expect(exposed.headers.get("access-control-expose-headers")).toContain("ETag");
        } finally {
          await withOption.close();
        }
      });

      it("hands a preflight on to the app when the router has no cors option", async () => {
        const reply = await call(base, "OPTIONS", "/api/v1/products/3", preflight);
        expect(reply.text).toBe("fallthrough");
        expect(reply.headers.get("access-control-allow-origin")).toBeNull();
      });
    });

    describe("content negotiation", () => {
      it("answers 406 when Accept rules JSON out, and JSON for every range that allows it", async () => {
        for (const accept of ["text/html", "application/xml", "text/*", "application/json;q=0"]) {
          expectProblem(await call(base, "GET", "/api/v1/products/1", { accept }), 406);
        }
        for (const accept of [
          "*/*",
          "application/*",
          "application/json",
          "application/problem+json",
          "text/html, application/json;q=0.5",
          "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
        ]) {
          expect((await call(base, "GET", "/api/v1/products/1", { accept })).status, accept).toBe(200);
        }
      });

      it("accepts form bodies on create and update, typed by the model's fields", async () => {
        const form = { "content-type": "application/x-www-form-urlencoded" };
        const body = "name=Form+lamp&price=19.90&inStock=true&status=draft&category=2&notes=";
        const created = await call(base, "POST", "/api/v1/products/", form, body);
        expect(created.status).toBe(201);
        expect(created.json).toMatchObject({ ...PRODUCT, notes: "" });
        const patched = await call(base, "PATCH", `/api/v1/products/${created.json.id}`, form, "inStock=off&category=");
        expect(patched.status).toBe(200);
        expect(patched.json).toMatchObject({ inStock: false, category: null });
        const before = app.products.rows.size;
        const invalid = await call(
          base,
          "POST",
          "/api/v1/products/",
          form,
          "name=x&price=1&inStock=maybe&status=draft",
        );
        expectProblem(invalid, 400);
        expect(Object.keys(invalid.json.errors)).toEqual(["inStock"]);
        expect(app.products.rows.size).toBe(before);
        await call(base, "DELETE", `/api/v1/products/${created.json.id}`);
      });
    });

    describe("conditional requests", () => {
      it("tags retrieve and list with a weak ETag and answers If-None-Match with 304", async () => {
        for (const path of ["/api/v1/products/5", "/api/v1/products/?status=live"]) {
          const first = await call(base, "GET", path);
          const etag = first.headers.get("etag");
          expect(etag, path).toMatch(/^W\/".+"$/);
          expect((await call(base, "GET", path)).headers.get("etag")).toBe(etag);
          const cached = await call(base, "GET", path, { "if-none-match": etag! });
          expect(cached.status).toBe(304);
          expect(cached.text).toBe("");
          expect(cached.headers.get("etag")).toBe(etag);
          expect((await call(base, "HEAD", path, { "if-none-match": etag! })).status).toBe(304);
          expect((await call(base, "GET", path, { "if-none-match": 'W/"stale"' })).status).toBe(200);
        }
      });

      it("sends no Content-Type with a 304 or a 204: they have no body to type", async () => {
        const path = "/api/v1/products/5";
        const etag = (await call(base, "GET", path)).headers.get("etag")!;
        const cached = await call(base, "GET", path, { "if-none-match": etag });
        expect(cached.status).toBe(304);
        expect(cached.headers.get("content-type")).toBeNull();
        const created = await call(
          base,
          "POST",
          "/api/v1/products/",
          { "content-type": "application/json" },
          JSON.stringify(PRODUCT),
        );
        const deleted = await call(base, "DELETE", `/api/v1/products/${created.json.id}`);
        expect(deleted.status).toBe(204);
        expect(deleted.headers.get("content-type")).toBeNull();
      });

      it("changes the ETag when the record changes", async () => {
        const before = (await call(base, "GET", "/api/v1/products/6")).headers.get("etag");
        const list = (await call(base, "GET", "/api/v1/products/")).headers.get("etag");
        await call(base, "PATCH", "/api/v1/products/6", { "content-type": "application/json" }, '{"notes":"new"}');
        expect((await call(base, "GET", "/api/v1/products/6")).headers.get("etag")).not.toBe(before);
        expect((await call(base, "GET", "/api/v1/products/")).headers.get("etag")).not.toBe(list);
      });

      it("answers 412 to a write whose If-Match names an old ETag, and writes nothing", async () => {
        const json = { "content-type": "application/json" };
        const read = await call(base, "GET", "/api/v1/products/7");
        const etag = read.headers.get("etag")!;
        const ok = await call(base, "PATCH", "/api/v1/products/7", { ...json, "if-match": etag }, '{"notes":"v2"}');
        expect(ok.status).toBe(200);
        const current = (await call(base, "GET", "/api/v1/products/7")).headers.get("etag");
        expect(ok.headers.get("etag")).toBe(current);
        for (const [method, body] of [
          ["PATCH", '{"notes":"lost update"}'],
          ["PUT", JSON.stringify({ ...PRODUCT, name: "lost update" })],
          ["DELETE", undefined],
        ] as const) {
          expectProblem(await call(base, method, "/api/v1/products/7", { ...json, "if-match": etag }, body), 412);
        }
        const after = await call(base, "GET", "/api/v1/products/7");
        expect(after.json.notes).toBe("v2");
        expect((await call(base, "DELETE", "/api/v1/products/7", { "if-match": current! })).status).toBe(204);
        expect(app.products.rows.has("7")).toBe(false);
      });
    });

    describe("hosts", () => {
      it("answers 400 to a malformed or disallowed Host before building any link, and writes nothing", async () => {
        const before = app.products.rows.size;
        for (const host of ["evil.example/x?y=", "evil.test", "a b"]) {
          const list = await rawRequest(base, `GET /api/v1/products/ HTTP/1.1\r\nHost: ${host}`);
          expect(list.status, host).toBe(400);
          expect(list.body).not.toContain("evil");
          const body = JSON.stringify(PRODUCT);
          const create = await rawRequest(
            base,
            `POST /api/v1/products/ HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}`,
            body,
          );
          expect(create.status, host).toBe(400);
          expect(create.headers.location).toBeUndefined();
        }
        expect(app.products.rows.size).toBe(before);
      });

      it("builds Location, next and previous from an allowed host", async () => {
        const list = await rawRequest(base, "GET /api/v1/products/?page=2 HTTP/1.1\r\nHost: api.example.com");
        expect(list.status).toBe(200);
        expect(JSON.parse(list.body).next).toMatch(/^http:\/\/api\.example\.com\/api\/v1\/products\/\?page=3$/);
        const body = JSON.stringify(PRODUCT);
        const created = await rawRequest(
          base,
          `POST /api/v1/products/ HTTP/1.1\r\nHost: shop.example.com:8080\r\nContent-Type: application/json\r\nContent-Length: ${body.length}`,
          body,
        );
        expect(created.status).toBe(201);
        expect(created.headers.location).toMatch(/^http:\/\/shop\.example\.com:8080\/api\/v1\/products\/\d+$/);
      });
    });

    describe("HEAD", () => {
      it("answers HEAD with the GET answer's status and Content-Length, and no body", async () => {
        for (const path of ["/api/v1/products/", "/api/v1/products/1", "/api/v1/pages/page.html"]) {
          const get = await fetch(base + path);
          const length = (await get.arrayBuffer()).byteLength;
          const head = await fetch(base + path, { method: "HEAD" });
          expect(head.status, path).toBe(200);
          expect(head.headers.get("content-length"), path).toBe(String(length));
          expect(head.headers.get("content-type"), path).toBe(get.headers.get("content-type"));
          expect((await head.arrayBuffer()).byteLength).toBe(0);
        }
      });
    });

    describe("clients that go away", () => {
      it("aborts the request's signal when the client leaves, and a waiting manager sees it", async () => {
        const manager = new WaitingManager();
        const slow = await options.serve(routerOf("slow", manager), {});
        try {
          const cut = await openRequest(slow.url, "GET /api/v1/slow/ HTTP/1.1\r\nHost: 127.0.0.1");
          const signal = await manager.started.promise;
          expect(signal.aborted).toBe(false);
          cut();
          await manager.sawAbort.promise;
          expect(signal.aborted).toBe(true);
        } finally {
          await slow.close();
        }
      });

      it("tells a manager its client left even when the signal is first asked for afterwards", async () => {
        const manager = new LateManager();
        const late = await options.serve(routerOf("late", manager), {});
        try {
          const cut = await openRequest(late.url, "GET /api/v1/late/ HTTP/1.1\r\nHost: 127.0.0.1");
          const ctx = await manager.started.promise;
          expect(isAborted(ctx)).toBe(false);
          cut();
          // Asked without making the signal, until the server has seen the connection close.
          await until(() => isAborted(ctx), "the server sees the connection close");
          manager.proceed.resolve();
          expect(await manager.looked.promise).toBe(true);
        } finally {
          await late.close();
        }
      });

      it("does not abort the signal of a request answered normally", async () => {
        const signals: AbortSignal[] = [];
        app.router.action("pages", "signal", {}, (request) => {
          if (request.signal) signals.push(request.signal);
          return sendJSON(200, { ok: true });
        });
        expect((await call(base, "GET", "/api/v1/pages/signal")).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(signals).toHaveLength(1);
        expect(signals[0]!.aborted).toBe(false);
      });

      it("does not report an abandoned upload as a server failure", async () => {
        const finished: (ApiResponse | null)[] = [];
        const done = deferred();
        const watched: Mountable = {
          assertReady: () => app.router.assertReady(),
          async handle(request: ApiRequest) {
            const response = await app.router.handle(request);
            finished.push(response);
            done.resolve();
            return response;
          },
        };
        const watchedServer = await options.serve(new Router("/unused"), { mounts: [watched] });
        try {
          failures.length = 0;
          const before = app.products.rows.size;
          await abandonUpload(
            watchedServer.url,
            "POST /api/v1/products/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
            200_000,
          );
          await done.promise;
          expect(failures).toEqual([]);
          expect(app.products.rows.size).toBe(before);
          // A real failure is still reported.
          expectProblem(await call(base, "GET", "/api/v1/failing/"), 500);
          expect(failures).toHaveLength(1);
        } finally {
          await watchedServer.close();
        }
      });
    });

    describe("refused uploads", () => {
      it("answers 413 to a client that sends its whole body before reading", async () => {
        const before = app.products.rows.size;
        const reply = await sendAllThenRead(
          base,
          "POST /api/v1/products/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
          32 * 1024 * 1024,
        );
        expect(reply?.status).toBe(413);
        expect(app.products.rows.size).toBe(before);
      });
    });

    describe("answers the core has at once", () => {
      // A retrieve whose row is already there (the drizzle manager's on SQLite) is a response, not a
      // promise: each adapter writes it in the same turn, and it must be the same answer.
      const settledFailures: unknown[] = [];
      const settled = new SettledMemoryManager(productRows());
      const settledRouter = new Router("/api/v1", { onError: (error) => settledFailures.push(error) });
      for (const [resource, queryset] of [
        ["settled", settled],
        ["waiting", new MemoryManager(productRows())],
      ] as const) {
        settledRouter.register(
          resource,
          new BaseViewSet({ serializer: () => new BaseSerializer(), queryset, model: Product }),
        );
      }

      async function expectSameAnswers(url: string): Promise<void> {
        for (const [method, path, headers] of [
          ["GET", "/3", {}],
          ["HEAD", "/3", {}],
          ["GET", "/999", {}],
          ["GET", "/3", { accept: "text/html" }],
        ] as const) {
          const atOnce = await call(url, method, `/api/v1/settled${path}`, headers);
          const waited = await call(url, method, `/api/v1/waiting${path}`, headers);
          expect(atOnce.status, `${method} ${path}`).toBe(waited.status);
          expect(atOnce.text, `${method} ${path}`).toBe(waited.text);
          for (const header of ["content-type", "content-length", "etag"]) {
            expect(atOnce.headers.get(header), `${method} ${path} ${header}`).toBe(waited.headers.get(header));
          }
        }
        const tagged = await call(url, "GET", "/api/v1/settled/3");
        expect(tagged.json).toMatchObject({ id: 3 });
        const notModified = await call(url, "GET", "/api/v1/settled/3", {
          "if-none-match": tagged.headers.get("etag")!,
        });
        expect(notModified.status).toBe(304);
        expect(notModified.text).toBe("");
        // The router's own requests only: the app still answers the others.
        const elsewhere = await call(url, "GET", "/elsewhere");
        expect(elsewhere.status).toBe(404);
        expect(elsewhere.text).toBe("fallthrough");
      }

      it("writes a response the core had at once as it writes one it waited for", async () => {
        const served = await options.serve(settledRouter, {});
        try {
          await expectSameAnswers(served.url);
        } finally {
          await served.close();
        }
      });

      it("does so behind another mount that declines the request", async () => {
        const served = await options.serve(new Router("/unused"), { mounts: [settledRouter] });
        try {
          await expectSameAnswers(served.url);
        } finally {
          await served.close();
        }
      });

      it("writes the answer of a mountable whose promise is another library's", async () => {
        // Typed as a Promise, as a Bluebird or a compiled async function's would be: not a native one.
        const foreign: Mountable = {
          assertReady() {},
          handle(request: ApiRequest) {
            const response: ApiResponse | null =
              request.path === "/foreign"
                ? { status: 200, headers: { "Content-Type": "text/plain" }, body: "thenable" }
                : null;
            return {
              // biome-ignore lint/suspicious/noThenProperty: another library's promise is the point.
              then: (resolve: (value: ApiResponse | null) => unknown) => resolve(response),
            } as Promise<ApiResponse | null>;
          },
        };
        const served = await options.serve(new Router("/unused"), { mounts: [foreign] });
        try {
          const reply = await call(served.url, "GET", "/foreign");
          expect(reply.status).toBe(200);
          expect(reply.text).toBe("thenable");
          expect((await call(served.url, "GET", "/elsewhere")).text).toBe("fallthrough");
        } finally {
          await served.close();
        }
      });

      it("answers 500 without a word of it when the manager throws at once", async () => {
        const served = await options.serve(settledRouter, {});
        settled.failure = new Error("SELECT secret FROM products");
        try {
          settledFailures.length = 0;
          const failed = await call(served.url, "GET", "/api/v1/settled/3");
          expectProblem(failed, 500);
          expect(failed.text).not.toContain("secret");
          expect(settledFailures).toEqual([settled.failure]);
        } finally {
          settled.failure = undefined;
          await served.close();
        }
      });
    });
  });
}

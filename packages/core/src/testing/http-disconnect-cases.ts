/** The HTTP contract's connections: clients that go away, refused uploads, and answers written at once. */
import { describe, expect } from "vitest";
import { type ApiRequest, type ApiResponse, isAborted, type Mountable, type RequestContext } from "../http/request.js";
import { sendJSON } from "../http/respond.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import type { AdapterContractOptions } from "./contract-options.js";
import { Product, type ProductRow, productRows } from "./fixtures.js";
import { callAt, type HttpSuite } from "./http-suite.js";
import { MemoryManager, SettledMemoryManager } from "./memory-manager.js";
import { abandonUpload, openRequest, sendAllThenRead } from "./raw-http.js";
import type { Case } from "./skips.js";
import { expectProblem, whileServed } from "./suite-server.js";
import { until } from "./until.js";

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

/** Disconnects, refused uploads and answers in hand: the same on every adapter. */
export function disconnectCases(c: HttpSuite, it: Case, options: AdapterContractOptions): void {
  describe("clients that go away", () => {
    it("aborts the request's signal when the client leaves, and a waiting manager sees it", async () => {
      const manager = new WaitingManager();
      await whileServed(options, routerOf("slow", manager), async (url) => {
        const cut = await openRequest(url, "GET /api/v1/slow/ HTTP/1.1\r\nHost: 127.0.0.1");
        const signal = await manager.started.promise;
        expect(signal.aborted).toBe(false);
        cut();
        await manager.sawAbort.promise;
        expect(signal.aborted).toBe(true);
      });
    });

    it("tells a manager its client left even when the signal is first asked for afterwards", async () => {
      const manager = new LateManager();
      await whileServed(options, routerOf("late", manager), async (url) => {
        const cut = await openRequest(url, "GET /api/v1/late/ HTTP/1.1\r\nHost: 127.0.0.1");
        const ctx = await manager.started.promise;
        expect(isAborted(ctx)).toBe(false);
        cut();
        // Asked without making the signal, until the server has seen the connection close.
        await until(() => isAborted(ctx), "the server sees the connection close");
        manager.proceed.resolve();
        expect(await manager.looked.promise).toBe(true);
      });
    });

    it("does not abort the signal of a request answered normally", async () => {
      const signals: AbortSignal[] = [];
      c.app.router.action("pages", "signal", {}, (request) => {
        if (request.signal) signals.push(request.signal);
        return sendJSON(200, { ok: true });
      });
      expect((await callAt(c.base, "GET", "/api/v1/pages/signal")).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(signals).toHaveLength(1);
      expect(signals[0]!.aborted).toBe(false);
    });

    it("does not report an abandoned upload as a server failure", async () => {
      const finished: (ApiResponse | null)[] = [];
      const done = deferred();
      const watched: Mountable = {
        assertReady: () => c.app.router.assertReady(),
        async handle(request: ApiRequest) {
          const response = await c.app.router.handle(request);
          finished.push(response);
          done.resolve();
          return response;
        },
      };
      const watchedServer = await options.serve(new Router("/unused"), { mounts: [watched] });
      try {
        c.app.failures.length = 0;
        const before = c.app.products.rows.size;
        await abandonUpload(
          watchedServer.url,
          "POST /api/v1/products/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
          200_000,
        );
        await done.promise;
        expect(c.app.failures).toEqual([]);
        expect(c.app.products.rows.size).toBe(before);
        // A real failure is still reported.
        expectProblem(await callAt(c.base, "GET", "/api/v1/failing/"), 500);
        expect(c.app.failures).toHaveLength(1);
      } finally {
        await watchedServer.close();
      }
    });
  });

  describe("refused uploads", () => {
    it("answers 413 to a client that sends its whole body before reading", async () => {
      const before = c.app.products.rows.size;
      const reply = await sendAllThenRead(
        c.base,
        "POST /api/v1/products/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
        32 * 1024 * 1024,
      );
      expect(reply?.status).toBe(413);
      expect(c.app.products.rows.size).toBe(before);
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
        const atOnce = await callAt(url, method, `/api/v1/settled${path}`, headers);
        const waited = await callAt(url, method, `/api/v1/waiting${path}`, headers);
        expect(atOnce.status, `${method} ${path}`).toBe(waited.status);
        expect(atOnce.text, `${method} ${path}`).toBe(waited.text);
        for (const header of ["content-type", "content-length", "etag"]) {
          expect(atOnce.headers.get(header), `${method} ${path} ${header}`).toBe(waited.headers.get(header));
        }
      }
      const tagged = await callAt(url, "GET", "/api/v1/settled/3");
      expect(tagged.json).toMatchObject({ id: 3 });
      const notModified = await callAt(url, "GET", "/api/v1/settled/3", {
        "if-none-match": tagged.headers.get("etag")!,
      });
      expect(notModified.status).toBe(304);
      expect(notModified.text).toBe("");
      // The router's own requests only: the app still answers the others.
      const elsewhere = await callAt(url, "GET", "/elsewhere");
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
        const reply = await callAt(served.url, "GET", "/foreign");
        expect(reply.status).toBe(200);
        expect(reply.text).toBe("thenable");
        expect((await callAt(served.url, "GET", "/elsewhere")).text).toBe("fallthrough");
      } finally {
        await served.close();
      }
    });

    it("answers 500 without a word of it when the manager throws at once", async () => {
      const served = await options.serve(settledRouter, {});
      settled.failure = new Error("SELECT secret FROM products");
      try {
        settledFailures.length = 0;
        const failed = await callAt(served.url, "GET", "/api/v1/settled/3");
        expectProblem(failed, 500);
        expect(failed.text).not.toContain("secret");
        expect(settledFailures).toEqual([settled.failure]);
      } finally {
        settled.failure = undefined;
        await served.close();
      }
    });
  });
}

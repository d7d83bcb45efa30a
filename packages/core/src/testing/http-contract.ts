/** The HTTP part of the adapter contract: methods, bodies, hosts, CORS and proxies on a real server. */
import { describe, expect } from "vitest";
import { isAuthenticatedOrReadOnly } from "../auth/permission-classes.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import type { AdapterContractOptions } from "./contract-options.js";
import { contractApp, countingThrottle, Product, productRows } from "./fixtures.js";
import { disconnectCases } from "./http-disconnect-cases.js";
import { callAt, httpApp, ORIGIN } from "./http-suite.js";
import { requestCases } from "./http-request-cases.js";
import { MemoryManager } from "./memory-manager.js";
import { casesOf } from "./skips.js";
import { expectProblem, suiteServer } from "./suite-server.js";

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
    const it = casesOf(options);
    const c = suiteServer(options, httpApp);

    describe("OPTIONS", () => {
      it("describes list and detail routes with Allow and their write fields", async () => {
        const list = await callAt(c.base, "OPTIONS", "/api/v1/products/");
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
        const detail = await callAt(c.base, "OPTIONS", "/api/v1/products/3");
        expect(detail.headers.get("allow")).toBe("GET, PUT, PATCH, DELETE, HEAD, OPTIONS");
        expect(detail.json.name).toBe("Product Instance");
        expect(Object.keys(detail.json.actions)).toEqual(["PUT"]);
        const readOnly = await callAt(c.base, "OPTIONS", "/api/v1/reports/1");
        expect(readOnly.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
        expect(readOnly.json).not.toHaveProperty("actions");
      });

      it("describes custom actions", async () => {
        const stats = await callAt(c.base, "OPTIONS", "/api/v1/products/stats/");
        expect(stats.status).toBe(200);
        expect(stats.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
        const publish = await callAt(c.base, "OPTIONS", "/api/v1/products/3/publish-now");
        expect(publish.headers.get("allow")).toBe("POST, OPTIONS");
        expect(publish.json.name).toBe("Publish");
      });

      it("authenticates OPTIONS but throttles it not, and answers 406 before authentication", async () => {
        const { router, authentications } = guardedRouter();
        const guarded = await options.serve(router, {});
        try {
          for (let i = 0; i < 3; i++) {
            const described = await callAt(guarded.url, "OPTIONS", "/api/v1/products/");
            expect(described.status).toBe(200);
            // Not signed in: the POST it may not make is not described.
            expect(described.json).not.toHaveProperty("actions");
            expectProblem(await callAt(guarded.url, "GET", "/api/v1/products/", { accept: "text/html" }), 406);
          }
          // Asked who the caller is (to describe only the writes it may make); the 406s asked nothing.
          expect(authentications).toEqual(["OPTIONS", "OPTIONS", "OPTIONS"]);
          // The one request the throttle allows is still there.
          expect((await callAt(guarded.url, "GET", "/api/v1/products/")).status).toBe(200);
          expectProblem(await callAt(guarded.url, "GET", "/api/v1/products/"), 429);
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
        const pre = await callAt(url, "OPTIONS", "/api/v1/products/3", preflight);
        expect(pre.status).toBeGreaterThanOrEqual(200);
        expect(pre.status).toBeLessThan(300);
        expect(pre.headers.get("access-control-allow-origin")).toBe(ORIGIN);
        expect(pre.headers.get("access-control-allow-credentials")).toBe("true");
        expect(pre.headers.get("access-control-allow-methods")).toContain("PATCH");
        expect(pre.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
        const credentialed = await callAt(url, "GET", "/api/v1/products/3", { origin: ORIGIN, cookie: "session=1" });
        expect(credentialed.status).toBe(200);
        expect(credentialed.headers.get("access-control-allow-origin")).toBe(ORIGIN);
        expect(credentialed.headers.get("access-control-allow-credentials")).toBe("true");
        expect(credentialed.headers.get("vary")).toMatch(/origin/i);
        // An error is readable by the page too.
        const missing = await callAt(url, "GET", "/api/v1/products/4242", { origin: ORIGIN });
        expectProblem(missing, 404);
        expect(missing.headers.get("access-control-allow-origin")).toBe(ORIGIN);
        const other = await callAt(url, "GET", "/api/v1/products/3", { origin: "https://evil.example" });
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
          const exposed = await callAt(withOption.url, "GET", "/api/v1/products/3", { origin: ORIGIN });
          expect(exposed.headers.get("access-control-expose-headers")).toContain("ETag");
        } finally {
          await withOption.close();
        }
      });

      it("hands a preflight on to the app when the router has no cors option", async () => {
        const reply = await callAt(c.base, "OPTIONS", "/api/v1/products/3", preflight);
        expect(reply.text).toBe("fallthrough");
        expect(reply.headers.get("access-control-allow-origin")).toBeNull();
      });
    });

    requestCases(c, it);
    disconnectCases(c, it, options);
  });
}

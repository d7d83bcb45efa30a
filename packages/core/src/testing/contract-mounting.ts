/** The adapter contract's mounting: read-only viewsets, actions, non-JSON bodies, handlers beside the router, parsed bodies. */
import { describe, expect } from "vitest";
import type { ApiRequest, ApiResponse, Mountable } from "../http/request.js";
import { headResponse } from "../http/answers.js";
import type { AdapterContractOptions } from "./contract-options.js";
import { type ContractApp, contractApp } from "./fixtures.js";
import type { Case } from "./skips.js";
import { expectHeadLikeGet, expectProblem, type SuiteServer, suiteServer, validProduct } from "./suite-server.js";

/** Bytes that are not valid UTF-8, so any text round trip would change them. */
const BYTES = new Uint8Array([0, 1, 2, 0xff, 0xfe, 0x80, 0x7f, 10]);
const HTML = "<!doctype html><title>Héllo</title><p>ünïcode</p>";

/** A page of the mountable below, or null. */
function page(path: string): ApiResponse | null {
  if (path === "/pages/home.html") {
    return {
      status: 200,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
      body: HTML,
    };
  }
  if (path === "/pages/bytes.bin") {
    return { status: 200, headers: { "Content-Type": "application/octet-stream" }, body: BYTES };
  }
  return null;
}

/**
 * A mountable that is not a router, answering HTML and bytes under /pages/, as the admin serves
 * its UI; HEAD with `headResponse` (no body, the length of GET's).
 */
export const pages: Mountable = {
  assertReady() {},
  async handle(request: ApiRequest): Promise<ApiResponse | null> {
    const answer = page(request.path);
    return answer && request.method === "HEAD" ? headResponse(answer) : answer;
  },
};

/** Read-only viewsets, actions, mountables, handlers and parsed bodies: the same on every adapter. */
export function mountingCases(c: SuiteServer<ContractApp>, it: Case, options: AdapterContractOptions): void {
  describe("read-only viewsets", () => {
    it("serves list and retrieve; answers writes with 405 and Allow: GET without calling the queryset", async () => {
      expect((await c.get("/api/v1/reports/")).status).toBe(200);
      expect((await c.get("/api/v1/reports/2")).status).toBe(200);
      c.app.reports.calls.length = 0;
      // The reports throttle allows 3 requests per client: two were spent above.
      const post = await c.send("POST", "/api/v1/reports/", validProduct);
      expectProblem(post, 405);
      expect(post.headers.get("allow")).toBe("GET");
      expect(c.app.reports.calls).toEqual([]);
    });

    it("runs the throttle before the 405: 405, then 429 with Retry-After", async () => {
      const throttled = await c.send("DELETE", "/api/v1/reports/1", "");
      expectProblem(throttled, 429);
      expect(throttled.headers.get("retry-after")).toBe("60");
      expect(throttled.headers.get("ratelimit-limit")).toBe("3");
      expect(throttled.headers.get("ratelimit-remaining")).toBe("0");
      expect(c.app.reports.calls).toEqual([]);
    });
  });

  describe("actions", () => {
    it("serves a collection action with its default GET", async () => {
      const reply = await c.get("/api/v1/products/stats/");
      expect(reply.status).toBe(200);
      expect(reply.json.count).toBe(c.app.products.rows.size);
      expectProblem(await c.send("POST", "/api/v1/products/stats", {}), 405);
    });

    it("serves a detail action under /{id}/ with its URL path and methods", async () => {
      const reply = await c.send("POST", "/api/v1/products/12/publish-now", { note: "hi" });
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ id: "12", note: "hi", user: null });
      const slash = await c.send("POST", "/api/v1/products/12/publish-now/", "");
      expect(slash.json).toEqual({ id: "12", note: null, user: null });
      const wrong = await c.get("/api/v1/products/12/publish-now");
      expectProblem(wrong, 405);
      expect(wrong.headers.get("allow")).toBe("POST");
      expectProblem(await c.send("POST", "/api/v1/products/abc/publish-now", {}), 404);
      expectProblem(await c.get("/api/v1/products/12/unknown"), 404);
    });
  });

  describe("bodies other than JSON", () => {
    it("mounts a core handler that is not a router, and hands on what it does not answer", async () => {
      expect((await c.get("/pages/other")).text).toBe("fallthrough");
    });

    it("sends text with the content type it was given, byte for byte", async () => {
      const response = await fetch(`${c.base}/pages/home.html`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const bytes = new Uint8Array(await response.arrayBuffer());
      const expected = new TextEncoder().encode(HTML);
      expect(bytes).toEqual(expected);
      expect(response.headers.get("content-length")).toBe(String(expected.byteLength));
    });

    it("sends bytes unchanged, with their length", async () => {
      const response = await fetch(`${c.base}/pages/bytes.bin`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/octet-stream");
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(BYTES);
      expect(response.headers.get("content-length")).toBe(String(BYTES.byteLength));
    });

    it("answers HEAD on a mountable's pages with GET's length and no body", async () => {
      await expectHeadLikeGet(c.base, "/pages/home.html");
      await expectHeadLikeGet(c.base, "/pages/bytes.bin");
    });
  });

  describe("mounting", () => {
    it("hands requests outside the prefix on to the app", async () => {
      for (const path of ["/elsewhere", "/api/v1x/products/", "/", "/api"]) {
        const reply = await c.get(path);
        expect(reply.status, path).toBe(404);
        expect(reply.text, path).toBe("fallthrough");
      }
    });

    it("answers an unknown route under the prefix with a problem+json 404", async () => {
      const unknown = ["/api/v1/unknown/", "/api/v1/products/1/2/3", "/api/v1//products", "/api/v1/products/1/nope"];
      for (const path of unknown) expectProblem(await c.get(path), 404);
      expectProblem(await c.send("POST", "/api/v1/unknown", validProduct), 404);
    });

    it("mounts one core handler natively", async () => {
      const reply = await c.get("/plain-handler");
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ plain: true });
    });

    it("answers HEAD like GET without a body", async () => {
      const reply = await c.call("HEAD", "/api/v1/products/1");
      expect(reply.status).toBe(200);
      expect(reply.text).toBe("");
    });

    it("applies a ViewSetConfig field set after registration", async () => {
      expect((await c.get("/api/v1/categories/")).json.results).toHaveLength(2);
      c.app.configured.pageSize = 3;
      try {
        expect((await c.get("/api/v1/categories/")).json.results).toHaveLength(3);
      } finally {
        c.app.configured.pageSize = 2;
      }
    });
  });

  describe("middleware around the router", () => {
    const wrapped = suiteServer(options, contractApp, { headerMiddleware: true });

    it("keeps the headers a middleware set before the router", async () => {
      const reply = await wrapped.get("/api/v1/products/1");
      expect(reply.status).toBe(200);
      expect(reply.headers.get("x-request-id")).toBe("r-1");
      expect(reply.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(reply.json.id).toBe(1);
    });

    it("keeps the headers a middleware set after the router answered", async () => {
      for (const path of ["/api/v1/products/1", "/api/v1/unknown/"]) {
        const reply = await wrapped.get(path);
        expect(reply.headers.get("x-after"), path).toBe("yes");
        expect(reply.headers.get("x-request-id"), path).toBe("r-1");
      }
    });
  });

  describe("a body the app already parsed", () => {
    const parsed = suiteServer(options, contractApp, { parseBody: true });

    it("is used as is, with the same answers", async () => {
      const created = await parsed.send("POST", "/api/v1/products/", validProduct);
      expect(created.status).toBe(201);
      expect(created.json.name).toBe("New lamp");
      expectProblem(await parsed.send("POST", "/api/v1/products/", { name: 1 }), 400);
      const action = await parsed.send("POST", "/api/v1/products/3/publish-now", '{"note":"parsed"}');
      expect(action.json.note).toBe("parsed");
    });

    it("leaves a body the app's parser did not take to the core", async () => {
      // The app parses JSON only: a form is read from the request as usual (Express 4's parser
      // still sets `req.body = {}` on it), and a type neither reads is the core's 415.
      const form = await parsed.send(
        "POST",
        "/api/v1/products/",
        "name=Form+lamp&price=1.00&inStock=true&status=draft",
        {
          "content-type": "application/x-www-form-urlencoded",
        },
      );
      expect(form.status, form.text).toBe(201);
      expect(form.json).toMatchObject({ name: "Form lamp", price: "1.00", inStock: true, status: "draft" });
      expectProblem(await parsed.send("POST", "/api/v1/products/", "x", { "content-type": "text/plain" }), 415);
    });
  });
}

/** The adapter contract's API root: what `GET {prefix}/` answers by default, and the app's own root with `apiRoot: false`. */
import { describe, expect } from "vitest";
import type { Handler } from "../http/request.js";
import { sendError, sendJSON } from "../http/respond.js";
import type { AdapterContractOptions } from "./contract-options.js";
import { type ContractApp, contractApp } from "./fixtures.js";
import { rawRequest } from "./raw-http.js";
import type { Case } from "./skips.js";
import { expectHeadLikeGet, expectProblem, type SuiteServer, whileServed } from "./suite-server.js";

/** The contract app's resources, in the order it registers them. */
const RESOURCES = ["products", "categories", "reports", "strict-products", "strict-filters", "failing"];

/** An API root of the app's own beside the router: GET only, as strict handlers are. */
const appRoot: Handler = async (request) =>
  request.method === "GET"
    ? sendJSON(200, { mine: `${request.origin}/api/v1/products/` })
    : sendError(405, "GET only.", { Allow: "GET" });

/** The router's own API root, as DRF's `DefaultRouter` answers it, and the opt-out. */
export function rootCases(c: SuiteServer<ContractApp>, it: Case, options: AdapterContractOptions): void {
  describe("the API root", () => {
    it("answers GET at the prefix with an absolute link to each resource, in registration order", async () => {
      for (const path of ["/api/v1/", "/api/v1"]) {
        const reply = await c.get(path);
        expect(reply.status, path).toBe(200);
        expect(reply.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(Object.keys(reply.json)).toEqual(RESOURCES);
        for (const resource of RESOURCES) expect(reply.json[resource]).toBe(`${c.base}/api/v1/${resource}/`);
        // Each link leads to the resource's list.
        expect((await c.get(new URL(reply.json.products).pathname)).json.results.length).toBeGreaterThan(0);
      }
    });

    it("answers HEAD as GET, OPTIONS with its metadata, and any other method with 405 and Allow", async () => {
      await expectHeadLikeGet(c.base, "/api/v1/");
      const options = await c.call("OPTIONS", "/api/v1/");
      expect(options.status).toBe(200);
      expect(options.json).toMatchObject({ name: "Api Root", renders: ["application/json"] });
      expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      const post = await c.send("POST", "/api/v1/", {});
      expectProblem(post, 405);
      expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    });

    it("builds its links with the scheme a trusted proxy forwards", async () => {
      await whileServed(options, contractApp({ trustedProxies: 1 }).router, async (url) => {
        const host = new URL(url).host;
        const reply = await rawRequest(url, `GET /api/v1/ HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-Proto: https`);
        expect(reply.status).toBe(200);
        expect(JSON.parse(reply.body).products).toBe(`https://${host}/api/v1/products/`);
      });
    });

    it("leaves the root to the app with apiRoot: false", async () => {
      await whileServed(options, contractApp({ apiRoot: false }).router, async (url) => {
        for (const path of ["/api/v1", "/api/v1/"]) {
          const reply = await fetch(url + path);
          expect(reply.status, path).toBe(404);
          expect(await reply.text(), path).toBe("fallthrough");
        }
      });
      const handlers = { "/api/v1": appRoot, "/api/v1/": appRoot };
      await whileServed(
        options,
        contractApp({ apiRoot: false }).router,
        async (url) => {
          expect(await (await fetch(`${url}/api/v1/`)).json()).toEqual({ mine: `${url}/api/v1/products/` });
          // HEAD on a handler the app mounts there answers as GET.
          for (const path of ["/api/v1", "/api/v1/"]) await expectHeadLikeGet(url, path);
        },
        { handlers },
      );
    });
  });
}

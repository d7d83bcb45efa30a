import { describe, expect, it } from "vitest";
import { OpenAPIGenerator } from "../docs/openapi.js";
import { sendJSON } from "../http/respond.js";
import { callCore, fakeRequest } from "../testing/fake-request.js";
import type { ViewSet } from "../viewsets/viewset.js";
import { Router, type RouterOptions } from "./router.js";
import { isAuthenticated } from "../auth/permission-classes.js";

const viewset: ViewSet = { handle: async () => sendJSON(200, []) };

/** A router with two viewsets, a schema resource of two GET actions, and one whose action name a resource holds. */
function router(prefix: string, options: RouterOptions = {}): Router {
  const built = new Router(prefix, options);
  built.register("books", viewset).register("docs", viewset);
  built.action("books", "stats", {}, async () => sendJSON(200, {}));
  built.action("schema", "openapi", { urlPath: "openapi.json" }, async () => sendJSON(200, {}));
  built.action("schema", "docs", {}, async () => sendJSON(200, {}));
  built.action("schema", "reload", { methods: ["POST"] }, async () => sendJSON(200, {}));
  return built;
}

describe("the API root", () => {
  it("links to each viewset, then to the GET collection actions of resources without one", async () => {
    const answer = await callCore(router("/api"), "GET", "/api/", { origin: "https://books.example" });
    expect(answer.status).toBe(200);
    // A resource's own actions stay out (its list links to it); a name taken by a resource gets its resource's.
    expect(answer.body).toEqual({
      books: "https://books.example/api/books/",
      docs: "https://books.example/api/docs/",
      openapi: "https://books.example/api/schema/openapi.json",
      "schema.docs": "https://books.example/api/schema/docs",
    });
  });

  it("runs the router's own guards first, as DRF's default permissions guard its root", async () => {
    const guardedRoot = await callCore(router("/api", { permissions: [isAuthenticated] }), "GET", "/api/");
    // No authenticator to challenge with: 403, as DRF answers then.
    expect(guardedRoot.status).toBe(403);
    expect(JSON.stringify(guardedRoot.body)).not.toContain("books");
  });

  it("answers at / for a router without a prefix, and not under another path", async () => {
    const plain = router("");
    expect((await callCore(plain, "GET", "/")).body).toMatchObject({ books: "http://test/books/" });
    expect(await plain.handle(fakeRequest("GET", "/api"))).toBeNull();
  });

  it("is left to the app with apiRoot: false, and out of the document then", async () => {
    const off = router("/api", { apiRoot: false });
    for (const path of ["/api", "/api/"]) expect(await off.handle(fakeRequest("GET", path))).toBeNull();
    const paths = (on: Router) => Object.keys(new OpenAPIGenerator("t", "1").include(on).generate().paths);
    expect(paths(off)).not.toContain("/api/");
    expect(paths(router("/api"))[0]).toBe("/api/");
  });

  it("is in the OpenAPI document: a GET whose answer names every link as a required URI", () => {
    const document = new OpenAPIGenerator("t", "1").include(router("/api")).generate();
    const operation = document.paths["/api/"]!.get!;
    expect(operation.operationId).toBe("api_root");
    expect(operation.security).toEqual([]);
    const schema = document.components!.schemas!.ApiRoot as Record<string, unknown>;
    expect(schema.required).toEqual(["books", "docs", "openapi", "schema.docs"]);
    expect(schema.additionalProperties).toBe(false);
    expect((schema.properties as Record<string, unknown>).books).toMatchObject({ type: "string", format: "uri" });
  });
});

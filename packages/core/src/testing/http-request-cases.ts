/** The HTTP contract's request headers: Accept, conditional requests, Host and HEAD. */
import { describe, expect } from "vitest";
import { callAt, type HttpSuite, PRODUCT } from "./http-suite.js";
import { rawRequest } from "./raw-http.js";
import type { Case } from "./skips.js";
import { expectProblem } from "./suite-server.js";

/** Content negotiation, ETags and preconditions, allowed hosts and HEAD: the same on every adapter. */
export function requestCases(c: HttpSuite, it: Case): void {
  describe("content negotiation", () => {
    it("answers 406 when Accept rules JSON out, and JSON for every range that allows it", async () => {
      for (const accept of ["text/html", "application/xml", "text/*", "application/json;q=0"]) {
        expectProblem(await callAt(c.base, "GET", "/api/v1/products/1", { accept }), 406);
      }
      for (const accept of [
        "*/*",
        "application/*",
        "application/json",
        "application/problem+json",
        "text/html, application/json;q=0.5",
        "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
      ]) {
        expect((await callAt(c.base, "GET", "/api/v1/products/1", { accept })).status, accept).toBe(200);
      }
    });

    it("accepts form bodies on create and update, typed by the model's fields", async () => {
      const form = { "content-type": "application/x-www-form-urlencoded" };
      const body = "name=Form+lamp&price=19.90&inStock=true&status=draft&category=2&notes=";
      const created = await callAt(c.base, "POST", "/api/v1/products/", form, body);
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({ ...PRODUCT, notes: "" });
      const patched = await callAt(
        c.base,
        "PATCH",
        `/api/v1/products/${created.json.id}`,
        form,
        "inStock=off&category=",
      );
      expect(patched.status).toBe(200);
      expect(patched.json).toMatchObject({ inStock: false, category: null });
      const before = c.app.products.rows.size;
      const invalid = await callAt(
        c.base,
        "POST",
        "/api/v1/products/",
        form,
        "name=x&price=1&inStock=maybe&status=draft",
      );
      expectProblem(invalid, 400);
      expect(Object.keys(invalid.json.errors)).toEqual(["inStock"]);
      expect(c.app.products.rows.size).toBe(before);
      await callAt(c.base, "DELETE", `/api/v1/products/${created.json.id}`);
    });
  });

  describe("conditional requests", () => {
    it("tags retrieve and list with a weak ETag and answers If-None-Match with 304", async () => {
      for (const path of ["/api/v1/products/5", "/api/v1/products/?status=live"]) {
        const first = await callAt(c.base, "GET", path);
        const etag = first.headers.get("etag");
        expect(etag, path).toMatch(/^W\/".+"$/);
        expect((await callAt(c.base, "GET", path)).headers.get("etag")).toBe(etag);
        const cached = await callAt(c.base, "GET", path, { "if-none-match": etag! });
        expect(cached.status).toBe(304);
        expect(cached.text).toBe("");
        expect(cached.headers.get("etag")).toBe(etag);
        expect((await callAt(c.base, "HEAD", path, { "if-none-match": etag! })).status).toBe(304);
        expect((await callAt(c.base, "GET", path, { "if-none-match": 'W/"stale"' })).status).toBe(200);
      }
    });

    it("sends no Content-Type with a 304 or a 204: they have no body to type", async () => {
      const path = "/api/v1/products/5";
      const etag = (await callAt(c.base, "GET", path)).headers.get("etag")!;
      const cached = await callAt(c.base, "GET", path, { "if-none-match": etag });
      expect(cached.status).toBe(304);
      expect(cached.headers.get("content-type")).toBeNull();
      const created = await callAt(
        c.base,
        "POST",
        "/api/v1/products/",
        { "content-type": "application/json" },
        JSON.stringify(PRODUCT),
      );
      const deleted = await callAt(c.base, "DELETE", `/api/v1/products/${created.json.id}`);
      expect(deleted.status).toBe(204);
      expect(deleted.headers.get("content-type")).toBeNull();
    });

    it("changes the ETag when the record changes", async () => {
      const before = (await callAt(c.base, "GET", "/api/v1/products/6")).headers.get("etag");
      const list = (await callAt(c.base, "GET", "/api/v1/products/")).headers.get("etag");
      await callAt(c.base, "PATCH", "/api/v1/products/6", { "content-type": "application/json" }, '{"notes":"new"}');
      expect((await callAt(c.base, "GET", "/api/v1/products/6")).headers.get("etag")).not.toBe(before);
      expect((await callAt(c.base, "GET", "/api/v1/products/")).headers.get("etag")).not.toBe(list);
    });

    it("answers 412 to a write whose If-Match names an old ETag, and writes nothing", async () => {
      const json = { "content-type": "application/json" };
      const read = await callAt(c.base, "GET", "/api/v1/products/7");
      const etag = read.headers.get("etag")!;
      const ok = await callAt(c.base, "PATCH", "/api/v1/products/7", { ...json, "if-match": etag }, '{"notes":"v2"}');
      expect(ok.status).toBe(200);
      const current = (await callAt(c.base, "GET", "/api/v1/products/7")).headers.get("etag");
      expect(ok.headers.get("etag")).toBe(current);
      for (const [method, body] of [
        ["PATCH", '{"notes":"lost update"}'],
        ["PUT", JSON.stringify({ ...PRODUCT, name: "lost update" })],
        ["DELETE", undefined],
      ] as const) {
        expectProblem(await callAt(c.base, method, "/api/v1/products/7", { ...json, "if-match": etag }, body), 412);
      }
      const after = await callAt(c.base, "GET", "/api/v1/products/7");
      expect(after.json.notes).toBe("v2");
      expect((await callAt(c.base, "DELETE", "/api/v1/products/7", { "if-match": current! })).status).toBe(204);
      expect(c.app.products.rows.has("7")).toBe(false);
    });
  });

  describe("hosts", () => {
    it("answers 400 to a malformed or disallowed Host before building any link, and writes nothing", async () => {
      const before = c.app.products.rows.size;
      for (const host of ["evil.example/x?y=", "evil.test", "a b"]) {
        const list = await rawRequest(c.base, `GET /api/v1/products/ HTTP/1.1\r\nHost: ${host}`);
        expect(list.status, host).toBe(400);
        expect(list.body).not.toContain("evil");
        const body = JSON.stringify(PRODUCT);
        const create = await rawRequest(
          c.base,
          `POST /api/v1/products/ HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}`,
          body,
        );
        expect(create.status, host).toBe(400);
        expect(create.headers.location).toBeUndefined();
      }
      expect(c.app.products.rows.size).toBe(before);
    });

    it("builds Location, next and previous from an allowed host", async () => {
      const list = await rawRequest(c.base, "GET /api/v1/products/?page=2 HTTP/1.1\r\nHost: api.example.com");
      expect(list.status).toBe(200);
      expect(JSON.parse(list.body).next).toMatch(/^http:\/\/api\.example\.com\/api\/v1\/products\/\?page=3$/);
      const body = JSON.stringify(PRODUCT);
      const created = await rawRequest(
        c.base,
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
        const get = await fetch(c.base + path);
        const length = (await get.arrayBuffer()).byteLength;
        const head = await fetch(c.base + path, { method: "HEAD" });
        expect(head.status, path).toBe(200);
        expect(head.headers.get("content-length"), path).toBe(String(length));
        expect(head.headers.get("content-type"), path).toBe(get.headers.get("content-type"));
        expect((await head.arrayBuffer()).byteLength).toBe(0);
      }
    });
  });
}

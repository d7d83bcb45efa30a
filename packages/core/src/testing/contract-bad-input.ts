/** The adapter contract's refusals: bad input answered with a clear 4xx, and errors that never leak. */
import { describe, expect } from "vitest";
import type { ContractApp } from "./fixtures.js";
import type { Case } from "./skips.js";
import { expectProblem, JSON_HEADERS, type SuiteServer, validProduct } from "./suite-server.js";

/** Bad input and failures: the same refusals on every adapter, nothing leaked. */
export function badInputCases(c: SuiteServer<ContractApp>, it: Case): void {
  describe("bad input", () => {
    it("answers 400 for malformed JSON and changes nothing", async () => {
      const before = c.app.products.rows.size;
      for (const body of ["{", '{"name": }', "nul", "[1,2"]) {
        const reply = await c.send("POST", "/api/v1/products/", body);
        expectProblem(reply, 400);
        expect(reply.json.detail).toBe("Malformed JSON in request body.");
      }
      expect(c.app.products.rows.size).toBe(before);
    });

    it("answers 400 for a body that is not UTF-8 and changes nothing", async () => {
      const before = c.app.products.rows.size;
      // "Café lamp" with its é in Latin-1 (one byte, 0xE9): not UTF-8.
      const [head, tail] = ['{"name":"Caf', ' lamp","price":"1.00","inStock":true,"status":"draft"}'].map((text) =>
        new TextEncoder().encode(text),
      );
      const latin1 = new Uint8Array([...head!, 0xe9, ...tail!]);
      const json = await c.call("POST", "/api/v1/products/", { body: latin1, headers: JSON_HEADERS });
      expectProblem(json, 400);
      expect(json.json.detail).toBe("The request body is not valid UTF-8.");
      const form = await c.send("POST", "/api/v1/products/", "name=Caf%E9+lamp&price=1.00&inStock=true&status=draft", {
        "content-type": "application/x-www-form-urlencoded",
      });
      expectProblem(form, 400);
      expect(form.json.detail).toBe("The request body is not valid UTF-8.");
      expect(c.app.products.rows.size).toBe(before);
      // A lone "%" stays a literal percent sign, as browsers' forms and URLSearchParams read it.
      const percent = await c.send(
        "POST",
        "/api/v1/products/",
        "name=100%+wool+%E2%82%AC&price=1.00&inStock=true&status=draft",
        {
          "content-type": "application/x-www-form-urlencoded",
        },
      );
      expect(percent.status).toBe(201);
      expect(percent.json.name).toBe("100% wool €");
    });

    it("answers 400 for a body that is not a JSON object", async () => {
      for (const body of ["[]", "42", "null", '"text"']) {
        const reply = await c.send("POST", "/api/v1/products/", body);
        expectProblem(reply, 400);
        expect(reply.json.errors).toHaveProperty("non_field_errors");
      }
    });

    it("answers 413 for a body over the limit", async () => {
      const big = JSON.stringify({ ...validProduct, notes: "x".repeat(1024 * 1024 + 10) });
      const before = c.app.products.rows.size;
      const reply = await c.send("POST", "/api/v1/products/", big);
      expectProblem(reply, 413);
      expect(c.app.products.rows.size).toBe(before);
    });

    it("answers 415 for a content type that is neither JSON nor a form", async () => {
      const before = c.app.products.rows.size;
      const multipart = await c.send("POST", "/api/v1/products/", "--x\r\n\r\nname=x\r\n--x--", {
        "content-type": "multipart/form-data; boundary=x",
      });
      expectProblem(multipart, 415);
      const text = await c.send("PATCH", "/api/v1/products/1", "{}", { "content-type": "text/plain" });
      expectProblem(text, 415);
      expect(c.app.products.rows.size).toBe(before);
    });

    it("accepts +json content types and charset parameters", async () => {
      const reply = await c.send(
        "PATCH",
        "/api/v1/products/1",
        { notes: "charset" },
        { "content-type": "application/merge-patch+json; charset=utf-8" },
      );
      expect(reply.status).toBe(200);
      expect(reply.json.notes).toBe("charset");
    });

    it("never lets __proto__ keys in a body reach anything", async () => {
      const body =
        '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "name": "Proto", "price": "1", "inStock": true, "status": "draft"}';
      const reply = await c.send("POST", "/api/v1/products/", body);
      expect(reply.status).toBe(201);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(reply.json).not.toHaveProperty("polluted");
      await c.send("DELETE", `/api/v1/products/${reply.json.id}`, "");
      const strict = await c.send(
        "POST",
        "/api/v1/strict-products/",
        '{"__proto__": {"x": 1}, "name": "P", "price": "1", "inStock": true, "status": "draft"}',
      );
      expectProblem(strict, 400);
      expect(strict.json.errors).toHaveProperty("__proto__");
    });

    it("survives hostile query strings", async () => {
      for (const query of [
        "__proto__=1",
        "constructor=1&prototype=2",
        `ordering=${"-".repeat(2000)}`,
        "page_size=1e999",
        `search=${"a ".repeat(500)}`,
        `id__in=${Array.from({ length: 500 }, (_, i) => i).join(",")}`,
        "%ZZ=%ZZ",
        "colour=%00",
        Array.from({ length: 999 }, () => "status=live").join("&"),
      ]) {
        const reply = await c.get(`/api/v1/products/?${query}`);
        expect(reply.status, query.slice(0, 50)).toBe(200);
      }
    });

    it("answers 400 naming the parameter for a NUL in a filter or search, and for too many parameters", async () => {
      const cases: Record<string, string> = {
        "name=%00": "name",
        "name__contains=a%00": "name__contains",
        "search=%00": "search",
        [Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join("&")]: "p1000",
      };
      for (const [query, param] of Object.entries(cases)) {
        const reply = await c.get(`/api/v1/products/?${query}`);
        expectProblem(reply, 400);
        expect(Object.keys(reply.json.errors), query.slice(0, 50)).toEqual([param]);
      }
    });
  });

  describe("errors never leak", () => {
    it("answers 500 with nothing of the error's message or stack", async () => {
      const reply = await c.get("/api/v1/failing/");
      expectProblem(reply, 500);
      expect(reply.json.detail).toBe("A server error occurred.");
      expect(reply.text).not.toMatch(/SELECT|hunter2|\bat\s|SecretManagerError|stack/);
      const action = await c.get("/api/v1/products/boom");
      expectProblem(action, 500);
      expect(action.text).not.toMatch(/postgres|admin|pw@/);
    });
  });
}

/** The adapter contract's writes of one object: create, update, partial update and destroy. */
import { describe, expect } from "vitest";
import type { ContractApp } from "./fixtures.js";
import type { Case } from "./skips.js";
import { expectProblem, type SuiteServer, validProduct } from "./suite-server.js";

/** Create, update, partial update and destroy: the same answers on every adapter. */
export function editCases(c: SuiteServer<ContractApp>, it: Case): void {
  describe("create", () => {
    it("creates, answering 201 with the object and a Location", async () => {
      const reply = await c.send("POST", "/api/v1/products/", validProduct);
      expect(reply.status).toBe(201);
      expect(reply.json).toMatchObject({ ...validProduct });
      const id = reply.json.id as number;
      expect(reply.headers.get("location")).toBe(`${c.base}/api/v1/products/${id}`);
      expect((await c.get(`/api/v1/products/${id}`)).json.name).toBe("New lamp");
      await c.send("DELETE", `/api/v1/products/${id}`, "");
    });

    it("answers 400 with errors per field and writes nothing", async () => {
      const before = c.app.products.rows.size;
      const reply = await c.send("POST", "/api/v1/products", {
        name: 5,
        price: "cheap",
        inStock: "yes",
        status: "sold",
      });
      expectProblem(reply, 400);
      expect(Object.keys(reply.json.errors).sort()).toEqual(["inStock", "name", "price", "status"]);
      for (const messages of Object.values(reply.json.errors)) expect((messages as string[]).length).toBeGreaterThan(0);
      expect(c.app.products.rows.size).toBe(before);
    });

    it("names a missing required field", async () => {
      const { name: _name, ...withoutName } = validProduct;
      const reply = await c.send("POST", "/api/v1/products/", withoutName);
      expectProblem(reply, 400);
      expect(reply.json.errors).toEqual({ name: ["This field is required."] });
    });

    it("reports clean() errors as non_field_errors", async () => {
      const reply = await c.send("POST", "/api/v1/products/", { ...validProduct, status: "live", inStock: false });
      expectProblem(reply, 400);
      expect(reply.json.errors).toEqual({ non_field_errors: ["A live product must be in stock."] });
    });

    it("ignores read-only and unknown keys a client sends, unless unknown keys are rejected", async () => {
      const reply = await c.send("POST", "/api/v1/products/", {
        ...validProduct,
        id: 777,
        createdAt: "2000-01-01T00:00:00Z",
        colour: "red",
      });
      expect(reply.status).toBe(201);
      expect(reply.json.id).not.toBe(777);
      expect(reply.json).not.toHaveProperty("colour");
      await c.send("DELETE", `/api/v1/products/${reply.json.id}`, "");

      const strict = await c.send("POST", "/api/v1/strict-products/", {
        name: "x",
        inStock: true,
        status: "draft",
        price: "1",
        colour: "red",
        size: 3,
      });
      expectProblem(strict, 400);
      expect(strict.json.errors).toEqual({ colour: ["Unknown field."], size: ["Unknown field."] });
    });

    it("accepts write-only fields and never shows them; ignores serializer read-only ones", async () => {
      const reply = await c.send("POST", "/api/v1/strict-products/", {
        name: "Hidden",
        inStock: true,
        status: "draft",
        price: "9.99",
        secret: "pw",
      });
      expect(reply.status, reply.text).toBe(201);
      expect(Object.keys(reply.json).sort()).toEqual(["id", "inStock", "name", "price", "status"]);
      expect(reply.json.price).toBeNull();
      const stored = c.app.strict.rows.get(String(reply.json.id));
      expect(stored).toMatchObject({ secret: "pw", name: "Hidden" });
      expect(stored).not.toHaveProperty("price");
    });
  });

  describe("update, partial update, destroy", () => {
    it("PUT requires every required writable field; PATCH is partial", async () => {
      const put = await c.send("PUT", "/api/v1/products/10", { name: "Only a name" });
      expectProblem(put, 400);
      expect(Object.keys(put.json.errors).sort()).toEqual(["inStock", "price", "status"]);
      const patch = await c.send("PATCH", "/api/v1/products/10/", { name: "Renamed" });
      expect(patch.status).toBe(200);
      expect(patch.json).toMatchObject({ id: 10, name: "Renamed", price: "25.00" });
      const full = await c.send("PUT", "/api/v1/products/10", { ...validProduct, name: "Replaced" });
      expect(full.status).toBe(200);
      expect(full.json).toMatchObject({ id: 10, name: "Replaced", price: "19.90" });
    });

    it("runs clean() on the object as it would be saved, and changes nothing on failure", async () => {
      const before = (await c.get("/api/v1/products/12")).text;
      const reply = await c.send("PATCH", "/api/v1/products/12", { status: "live", inStock: false });
      expectProblem(reply, 400);
      expect(reply.json.errors).toHaveProperty("non_field_errors");
      expect((await c.get("/api/v1/products/12")).text).toBe(before);
    });

    it("answers 404 for a missing object and validates before loading it", async () => {
      expectProblem(await c.send("PATCH", "/api/v1/products/4242", { name: "x" }), 404);
      expectProblem(await c.send("PUT", "/api/v1/products/4242", validProduct), 404);
      expectProblem(await c.send("DELETE", "/api/v1/products/4242", ""), 404);
      // Bad input is a 400 before the manager is asked for anything: to a missing id as well
      // (DRF loads the object first and would say 404), and to an existing one without a get.
      c.app.products.calls.length = 0;
      for (const [method, id, body] of [
        ["PATCH", 4242, { price: "free" }],
        ["PUT", 4242, { name: "Only a name" }],
        ["PATCH", 10, { price: "free" }],
        ["PUT", 10, { name: "Only a name" }],
        ["PATCH", 10, "{not json"],
      ] as const) {
        const reply = await c.send(method, `/api/v1/products/${id}`, body);
        expectProblem(reply, 400);
      }
      expect(c.app.products.calls).toEqual([]);
    });

    it("destroys with 204 and no body", async () => {
      const created = await c.send("POST", "/api/v1/products/", validProduct);
      const reply = await c.send("DELETE", `/api/v1/products/${created.json.id}/`, "");
      expect(reply.status).toBe(204);
      expect(reply.text).toBe("");
      expectProblem(await c.get(`/api/v1/products/${created.json.id}`), 404);
    });

    it("answers 405 with Allow for a method the route does not serve", async () => {
      const reply = await c.send("DELETE", "/api/v1/products/", "");
      expectProblem(reply, 405);
      expect(reply.headers.get("allow")).toBe("GET, POST");
      const detail = await c.send("POST", "/api/v1/products/3", validProduct);
      expect(detail.headers.get("allow")).toBe("GET, PUT, PATCH, DELETE");
    });
  });
}

/**
 * JSON columns with a valibot schema (`tableModel(table, { json: { meta: schema } })`), through
 * the router on each database: bodies are validated inside the value, with errors named by their
 * path, and the OpenAPI document describes the column with the schema.
 */
import SwaggerParser from "@apidevtools/swagger-parser";
import { callCore } from "@viewsets/core/testing";
import type { Table } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import * as v from "valibot";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Router } from "@viewsets/core";
import { OpenAPIGenerator } from "@viewsets/core/docs";
import { type ModelViewSetOptions, modelViewSet, type PostgresDatabase, tableModel } from "../src/index.js";
import type { DataFixture, DialectSetup } from "./data-suite.js";

const Meta = v.object({
  size: v.picklist(["S", "M", "L"]),
  tags: v.array(v.pipe(v.string(), v.maxLength(10))),
  weight: v.optional(v.pipe(v.number(), v.minValue(0))),
});

export function runJsonColumnSuite(setup: DialectSetup): void {
  describe.skipIf(setup.skipReason !== undefined)(`JSON columns with a schema on ${setup.name}`, () => {
    let fx: DataFixture;
    let router: Router;
    let sku = 0;

    const call = (method: string, path: string, body?: unknown) => callCore(router, method, `/api${path}`, { body });
    const product = (meta: unknown) => ({ name: "Shirt", sku: `json-${++sku}`, price: "9.90", meta });

    beforeAll(async () => {
      fx = await setup.connect();
      router = new Router("/api");
      const options = { model: { json: { meta: Meta } } } as ModelViewSetOptions<Table>;
      router.register("products", modelViewSet(fx.db as PostgresDatabase, fx.products as PgTable, options as never));
    });
    beforeEach(() => fx.reset());
    afterAll(() => fx.close());

    it("stores and returns a value that matches the schema", async () => {
      const created = await call("POST", "/products/", product({ size: "M", tags: ["cotton"], weight: 0.2 }));
      expect(created.status).toBe(201);
      expect(created.body!.meta).toEqual({ size: "M", tags: ["cotton"], weight: 0.2 });
      const read = await call("GET", `/products/${created.body!.id}`);
      expect(read.body!.meta).toEqual({ size: "M", tags: ["cotton"], weight: 0.2 });
      // The column is nullable: null stays allowed.
      expect((await call("PATCH", `/products/${created.body!.id}`, { meta: null })).body!.meta).toBeNull();
    });

    it("answers 400 naming each path inside the value, and writes nothing", async () => {
      const invalid = await call("POST", "/products/", product({ size: "XL", tags: ["ok", 3, "far too long"] }));
      expect(invalid.status).toBe(400);
      expect(Object.keys(invalid.body!.errors).sort()).toEqual(["meta.size", "meta.tags.1", "meta.tags.2"]);
      const missing = await call("POST", "/products/", product({ tags: [] }));
      expect(Object.keys(missing.body!.errors)).toEqual(["meta.size"]);
      const notObject = await call("POST", "/products/", product("M"));
      expect(Object.keys(notObject.body!.errors)).toEqual(["meta"]);
      expect((await call("GET", "/products/")).body!.count).toBe(0);
    });

    it("validates a partial update the same way, leaving the row as it was", async () => {
      const created = await call("POST", "/products/", product({ size: "S", tags: [] }));
      const patched = await call("PATCH", `/products/${created.body!.id}`, { meta: { size: "S", weight: -1 } });
      expect(patched.status).toBe(400);
      expect(Object.keys(patched.body!.errors).sort()).toEqual(["meta.tags", "meta.weight"]);
      expect((await call("GET", `/products/${created.body!.id}`)).body!.meta).toEqual({ size: "S", tags: [] });
    });

    it("describes the column with its schema in the OpenAPI document", async () => {
      const document = new OpenAPIGenerator("Shop", "1").include(router).generate();
      const described = {
        type: "object",
        properties: {
          size: { enum: ["S", "M", "L"] },
          tags: { type: "array", items: { type: "string", maxLength: 10 } },
          weight: { type: "number", minimum: 0 },
        },
        required: ["size", "tags"],
      };
      const schemas = document.components.schemas!;
      const response = (schemas.Product!.properties as Record<string, unknown>).meta;
      expect(response).toMatchObject({ ...described, nullable: true });
      const create = (schemas.ProductRequest!.properties as Record<string, unknown>).meta;
      expect(create).toMatchObject({ ...described, nullable: true });
      await SwaggerParser.validate(structuredClone(document) as never);
    });

    it("refuses a schema for a column that is not JSON", () => {
      expect(() => tableModel(fx.products, { json: { name: v.string() } as never })).toThrow(/name.*not a JSON column/);
    });
  });
}

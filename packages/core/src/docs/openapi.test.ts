import SwaggerParser from "@apidevtools/swagger-parser";
import { fakeRequest } from "../testing/fake-request.js";
import { describe, expect, it } from "vitest";
import type { RowOfModel } from "../models/define-model.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import { ViewSetConfig } from "../viewsets/viewset-config.js";
import {
  allowAny,
  anyOf,
  basicAuthentication,
  bearerTokenAuthentication,
  definePermission,
  isAuthenticated,
  isAuthenticatedOrReadOnly,
} from "../auth/index.js";
import type { Permission } from "../auth/permissions.js";
import { sendJSON } from "../http/respond.js";
import { contractApp, countingThrottle } from "../testing/fixtures.js";
import { NOT_BLANK_TEXT_PATTERN, STORABLE_TEXT_PATTERN } from "../models/storable.js";
import { DATE_VALUE_PATTERN, TIME_FILTER_PATTERN, TIME_VALUE_PATTERN } from "../query/time-text.js";
import { fieldSchema, lookupParameter } from "./field-schemas.js";
import { OpenAPIGenerator } from "./openapi.js";
import type { OpenAPIDocument, OperationObject, ParameterObject, SchemaObject } from "../http/openapi-types.js";
import { Note, router as notesRouter } from "./__fixtures__/app.js";

const request = fakeRequest("GET", "/openapi.json", { origin: "http://localhost" });

async function validate(document: OpenAPIDocument): Promise<void> {
  // The parser dereferences in place: hand it a copy.
  await SwaggerParser.validate(structuredClone(document) as never);
}

function contractDocument(): OpenAPIDocument {
  return new OpenAPIGenerator("Shop", "1.0.0").include(contractApp().router).generate();
}

function op(
  document: OpenAPIDocument,
  path: string,
  method: "get" | "post" | "put" | "patch" | "delete" | "head",
): OperationObject {
  const operation = document.paths[path]?.[method];
  if (!operation) throw new Error(`no ${method} ${path}`);
  return operation;
}

function param(operation: OperationObject, name: string): ParameterObject | undefined {
  return (operation.parameters as ParameterObject[] | undefined)?.find((parameter) => parameter.name === name);
}

function paramNames(operation: OperationObject): string[] {
  return ((operation.parameters as ParameterObject[] | undefined) ?? []).map((parameter) => parameter.name);
}

function operations(document: OpenAPIDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(
      ([method, operation]) => `${method.toUpperCase()} ${path} ${(operation as OperationObject).operationId}`,
    ),
  );
}

describe("OpenAPIGenerator skeleton", () => {
  it("generates only the info block, empty paths and empty components", () => {
    const generator = new OpenAPIGenerator("Shop API", "1.2.3");
    expect(generator.generate()).toEqual({
      openapi: "3.0.0",
      info: { title: "Shop API", version: "1.2.3" },
      paths: {},
      components: {},
    });
    expect(Object.keys(generator.generate().info)).toEqual(["title", "version"]);
  });

  it("carries the description when it is set, and leaves it out again when emptied", () => {
    const generator = new OpenAPIGenerator("Shop API", "v1");
    generator.description = "The shop.";
    expect(generator.generate()).toEqual({
      openapi: "3.0.0",
      info: { title: "Shop API", version: "v1", description: "The shop." },
      paths: {},
      components: {},
    });
    generator.description = "";
    expect("description" in generator.generate().info).toBe(false);
  });

  it("carries what the application puts in paths and components, as a copy", async () => {
    const generator = new OpenAPIGenerator("Shop API", "1");
    generator.paths["/health"] = { get: { operationId: "health", responses: { "200": { description: "OK" } } } };
    generator.components.schemas = { Money: { type: "string", format: "decimal" } };
    const document = generator.generate();
    expect(document).toEqual({
      openapi: "3.0.0",
      info: { title: "Shop API", version: "1" },
      paths: { "/health": { get: { operationId: "health", responses: { "200": { description: "OK" } } } } },
      components: { schemas: { Money: { type: "string", format: "decimal" } } },
    });
    document.components.schemas!.Money!.format = "changed";
    expect(generator.generate().components.schemas!.Money!.format).toBe("decimal");
    await validate(document);
  });

  it("serves the document as JSON from a core handler", async () => {
    const generator = new OpenAPIGenerator("Shop API", "1");
    generator.description = "d";
    const response = await generator.handler()(request);
    expect(response.status).toBe(200);
    expect(response.headers["Content-Type"]).toMatch(/^application\/json/);
    expect(JSON.parse(response.body as string)).toEqual(generator.generate());
  });

  it("serves the document as a router action too", async () => {
    const generator = new OpenAPIGenerator("Shop API", "1");
    const router = new Router("/api");
    router.action("schema", "openapi", { urlPath: "openapi.json" }, generator.handler());
    const response = await router.handle({ ...request, path: "/api/schema/openapi.json" });
    expect(response?.status).toBe(200);
    expect(JSON.parse(response!.body as string).openapi).toBe("3.0.0");
  });
});

describe("include(router) on the contract app", () => {
  it("is a valid OpenAPI 3.0 document", async () => {
    const document = contractDocument();
    await validate(document);
    expect(document.openapi).toBe("3.0.0");
    // Each tag says what its records are (redocly's tag-description).
    expect(document.tags).toEqual([
      { name: "products", description: "The products routes: each record is a product." },
      { name: "categories", description: "The categories routes: each record is a category." },
      { name: "reports", description: "The reports routes: each record is a product." },
      { name: "strict-products", description: "The strict-products routes: each record is a product." },
      { name: "strict-filters", description: "The strict-filters routes: each record is a product." },
      { name: "failing", description: "The failing routes: each record is a product." },
    ]);
  });

  it("has one operation per route, with operation ids; read-only reports only lists and retrieves", () => {
    const found = operations(contractDocument());
    expect(found).toEqual(
      expect.arrayContaining([
        "GET /api/v1/products/ products_list",
        "POST /api/v1/products/ products_create",
        "GET /api/v1/products/{id} products_retrieve",
        "PUT /api/v1/products/{id} products_update",
        "PATCH /api/v1/products/{id} products_partial_update",
        "DELETE /api/v1/products/{id} products_destroy",
        "GET /api/v1/products/stats products_stats",
        "POST /api/v1/products/{id}/publish-now products_publish",
        "GET /api/v1/categories/ categories_list",
        "DELETE /api/v1/categories/{id} categories_destroy",
        "GET /api/v1/strict-products/ strict_products_list",
      ]),
    );
    expect(found.filter((line) => line.includes("/reports/"))).toEqual([
      "GET /api/v1/reports/ reports_list",
      "GET /api/v1/reports/{id} reports_retrieve",
    ]);
    const ids = found.map((line) => line.split(" ")[2]);
    expect(new Set(ids).size).toBe(ids.length);
    // And the API root, which lists each resource.
    expect(found[0]).toBe("GET /api/v1/ api_root");
    expect(found).toHaveLength(32);
  });

  it("documents the list parameters: pagination, ordering, search and one per filter lookup", () => {
    const list = op(contractDocument(), "/api/v1/products/", "get");
    expect(list.tags).toEqual(["products"]);
    // page: a number from 1, or "last" (DRF's); page_size: any value, as the server reads it (a larger
    // number is the maximum, anything else the default), with the sizes a client should send first.
    expect(param(list, "page")).toMatchObject({
      in: "query",
      schema: {
        anyOf: [
          { type: "integer", minimum: 1 },
          { type: "string", enum: ["last"] },
        ],
      },
    });
    expect(param(list, "page_size")).toMatchObject({
      in: "query",
      schema: {
        anyOf: [{ type: "integer", minimum: 1, maximum: 100 }, { type: "number" }, { type: "string" }],
        default: 20,
      },
    });
    const ordering = param(list, "ordering")!;
    // Comma-separated, as API.md promises (`ordering=-price,name`) and drf-spectacular declares.
    expect(ordering).toMatchObject({ style: "form", explode: false, schema: { type: "array" } });
    // Named in words: the server ignores a name it cannot order by, so the schema refuses none.
    expect(ordering.schema.items).toEqual({ type: "string" });
    expect(ordering.description).toMatch(
      /Allowed: id, name, price, inStock, status, category, createdAt, notes \(other names are ignored\)/,
    );
    expect(ordering.description).not.toContain("secret");
    expect(ordering.description).toContain("price");
    expect(param(list, "search")!.description).toContain("name, notes");

    // A scalar filter may be repeated (any of its values matches): one value, or an array of repeated keys.
    const decimal = { type: "string", format: "decimal" };
    expect(param(list, "price")).toMatchObject({
      style: "form",
      explode: true,
      schema: { anyOf: [decimal, { type: "array", items: decimal }] },
    });
    expect(param(list, "price__gte")).toMatchObject({ schema: { anyOf: [decimal, { type: "array" }] } });
    expect(param(list, "price__in")).toMatchObject({
      style: "form",
      explode: false,
      schema: { type: "array", items: decimal },
    });
    expect(param(list, "price__range")).toMatchObject({
      style: "form",
      explode: false,
      schema: { type: "array", minItems: 2, maxItems: 2 },
    });
    expect(param(list, "price__icontains")).toBeUndefined();
    // Only the lookups that make sense for the type (and that the server accepts).
    expect(paramNames(list).filter((name) => name.startsWith("inStock"))).toEqual(["inStock"]);
    expect(paramNames(list).filter((name) => name.startsWith("category"))).toEqual([
      "category",
      "category__in",
      "category__isnull",
    ]);
    expect(paramNames(list).filter((name) => name.startsWith("name"))).toEqual([
      "name",
      "name__iexact",
      "name__contains",
      "name__icontains",
      "name__startswith",
      "name__istartswith",
      "name__endswith",
      "name__iendswith",
      "name__in",
    ]);
    const repeatable = (scalar: SchemaObject) => ({ anyOf: [scalar, { type: "array", items: scalar }] });
    const text = { type: "string", pattern: STORABLE_TEXT_PATTERN };
    const bool = { anyOf: [{ type: "boolean" }, { type: "integer", enum: [0, 1] }] };
    expect(param(list, "status")!.schema).toEqual(repeatable({ type: "string", enum: ["draft", "live", "archived"] }));
    expect(param(list, "name__icontains")!.schema).toEqual(repeatable(text));
    // `1` and `0` too, as API.md allows.
    expect(param(list, "inStock")!.schema).toEqual(repeatable(bool));
    // A date (its midnight, UTC) or a date-time with its offset.
    expect(param(list, "createdAt__lt")!.schema).toEqual(
      repeatable({
        type: "string",
        pattern: TIME_FILTER_PATTERN,
        anyOf: [{ format: "date" }, { format: "date-time" }],
      }),
    );
    expect(param(list, "category")!.schema).toEqual(repeatable({ type: "integer", format: "int64" }));
    expect(param(list, "notes__isnull")!.schema).toEqual(repeatable(bool));
    expect(param(list, "category__isnull")).toBeDefined();
    // Never null: no isnull parameter. Not serialized: not filterable at all.
    expect(param(list, "price__isnull")).toBeUndefined();
    expect(paramNames(list).filter((name) => name.startsWith("secret"))).toEqual([]);
    expect(list.responses["200"]).toEqual({
      description: "A page of results.",
      headers: { ETag: expect.objectContaining({ schema: { type: "string" } }) },
      content: {
        "application/vnd.viewsets.sparse+json": {
          schema: { $ref: "#/components/schemas/PaginatedSparseProductList" },
        },
        "application/json": { schema: { $ref: "#/components/schemas/PaginatedProductList" } },
      },
    });
    expect(Object.keys(list.responses)).toEqual(["200", "304", "400", "404", "406", "503"]);
    expect(param(list, "If-None-Match")).toMatchObject({ in: "header", required: false });
  });

  it("narrows the parameters to filterFields and orderingFields, without search when there are no searchFields", () => {
    const document = contractDocument();
    const strict = op(document, "/api/v1/strict-products/", "get");
    // status has choices: equality and `in` only, no `__gt` or `__contains` on an enum.
    expect(paramNames(strict)).toEqual([
      "page",
      "page_size",
      "ordering",
      "status",
      "status__in",
      "fields",
      "omit",
      "If-None-Match",
    ]);
    expect(param(strict, "ordering")!.description).toContain("Allowed: name (other names are ignored)");
    // The sparse fieldset names the serializer's response fields only.
    expect((param(strict, "fields")!.schema.items as SchemaObject).enum).toEqual([
      "id",
      "name",
      "price",
      "inStock",
      "status",
    ]);
    expect(param(strict, "page_size")!.schema).toMatchObject({ anyOf: [{ maximum: 3 }, {}, {}], default: 2 });
    expect(param(strict, "search")).toBeUndefined();
    const categories = op(document, "/api/v1/categories/", "get");
    expect(param(categories, "page_size")!.schema).toMatchObject({ default: 2 });
  });

  it("describes the model as response, request and patched-request components", () => {
    const schemas = contractDocument().components.schemas!;
    expect(schemas.Product).toEqual({
      type: "object",
      properties: {
        id: { type: "integer", format: "int64", readOnly: true },
        name: { type: "string", maxLength: 50 },
        price: { type: "string", format: "decimal", pattern: "^[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)$" },
        inStock: { type: "boolean" },
        status: { type: "string", enum: ["draft", "live", "archived"] },
        category: { type: "integer", format: "int64", description: "Primary key of a category.", nullable: true },
        createdAt: { type: "string", format: "date-time", readOnly: true },
        notes: { type: "string", nullable: true },
      },
      required: ["id", "name", "price", "inStock", "status", "category", "createdAt", "notes"],
    });
    const request = schemas.ProductRequest!;
    expect(Object.keys(request.properties as object)).toEqual([
      "name",
      "price",
      "inStock",
      "status",
      "category",
      "secret",
      "notes",
    ]);
    expect(request.required).toEqual(["name", "price", "inStock", "status"]);
    // The valibot schema of a choice field has a custom check: described from the field instead.
    expect((request.properties as Record<string, SchemaObject>).status).toEqual({
      type: "string",
      enum: ["draft", "live", "archived"],
    });
    // A required text field may not be blank (DRF's allow_blank=False), trimmed first: one character other than white space.
    expect((request.properties as Record<string, SchemaObject>).name).toEqual({
      type: "string",
      maxLength: 50,
      minLength: 1,
      pattern: NOT_BLANK_TEXT_PATTERN,
    });
    expect((request.properties as Record<string, SchemaObject>).notes).toEqual({
      type: "string",
      nullable: true,
      pattern: STORABLE_TEXT_PATTERN,
    });
    const patched = schemas.PatchedProductRequest!;
    expect(patched.required).toBeUndefined();
    expect(Object.keys(patched.properties as object)).toEqual(Object.keys(request.properties as object));
    expect(schemas.PaginatedProductList).toMatchObject({
      type: "object",
      required: ["count", "next", "previous", "results"],
      properties: {
        count: { type: "integer" },
        next: { type: "string", nullable: true },
        previous: { type: "string", nullable: true },
        results: { type: "array", items: { $ref: "#/components/schemas/Product" } },
      },
    });
    expect(schemas.Category).toEqual({
      type: "object",
      properties: { id: { type: "integer", format: "int64", readOnly: true }, title: { type: "string" } },
      required: ["id", "title"],
    });
    expect(schemas.CategoryRequest).toEqual({
      type: "object",
      properties: { title: { type: "string", minLength: 1, pattern: NOT_BLANK_TEXT_PATTERN } },
      required: ["title"],
    });
  });

  it("publishes a decimal's maxDigits and decimalPlaces in its pattern, on its filters too", () => {
    const money = { type: "decimal", maxDigits: 4, decimalPlaces: 2 } as const;
    const pattern = new RegExp(fieldSchema(money).pattern as string, "u");
    for (const text of ["12.34", "-0012.340", ".5", "99"]) expect(pattern.test(text), text).toBe(true);
    for (const text of ["123.4", "1.234", "12345", "1e2", "."]) expect(pattern.test(text), text).toBe(false);
    // A filter's value is held to the field's digits as a body's is (a 400 otherwise).
    const scalar = { type: "string", format: "decimal", pattern: fieldSchema(money).pattern };
    expect(lookupParameter(money, "gte").schema).toEqual({ anyOf: [scalar, { type: "array", items: scalar }] });
  });

  it("gives a viewset that shows other fields of the same model its own components", () => {
    const document = contractDocument();
    const schemas = document.components.schemas!;
    // Serializer whitelist, write-only secret, read-only price.
    expect(Object.keys(schemas.ProductStrictProducts!.properties as object)).toEqual([
      "id",
      "name",
      "price",
      "inStock",
      "status",
    ]);
    expect((schemas.ProductStrictProducts!.properties as Record<string, SchemaObject>).price!.readOnly).toBe(true);
    // It refuses unknown keys (rejectUnknownRequestFields): no other property, but the read-only
    // ones a client echoes back from a response, which the server ignores.
    const strictRequest = schemas.ProductStrictProductsRequest!;
    expect(Object.keys(strictRequest.properties as object)).toEqual([
      "name",
      "inStock",
      "status",
      "secret",
      "id",
      "price",
    ]);
    expect(strictRequest.additionalProperties).toBe(false);
    expect((strictRequest.properties as Record<string, SchemaObject>).price).toMatchObject({ readOnly: true });
    expect(schemas.ProductRequest!.additionalProperties).toBeUndefined();
    expect(op(document, "/api/v1/strict-products/{id}", "get").responses["200"]).toMatchObject({
      description: "The record.",
      content: { "application/json": { schema: { $ref: "#/components/schemas/ProductStrictProducts" } } },
    });
    // Same fields as products: the same components.
    expect(op(document, "/api/v1/reports/{id}", "get").responses["200"]).toMatchObject({
      content: { "application/json": { schema: { $ref: "#/components/schemas/Product" } } },
    });
    expect(op(document, "/api/v1/failing/", "post").requestBody).toMatchObject({
      content: { "application/json": { schema: { $ref: "#/components/schemas/ProductRequest" } } },
    });
  });

  it("documents status codes: 201 with Location, 204, and problem+json errors", () => {
    const document = contractDocument();
    const create = op(document, "/api/v1/products/", "post");
    // JSON or a form (`WRITE_MEDIA_TYPES`), the same fields.
    expect(create.requestBody).toEqual({
      required: true,
      content: {
        "application/json": { schema: { $ref: "#/components/schemas/ProductRequest" } },
        "application/x-www-form-urlencoded": { schema: { $ref: "#/components/schemas/ProductRequest" } },
      },
    });
    expect(create.responses["201"]).toMatchObject({
      headers: { Location: { schema: { type: "string", format: "uri" } } },
      content: { "application/json": { schema: { $ref: "#/components/schemas/Product" } } },
    });
    expect(Object.keys(create.responses)).toEqual(["201", "400", "406", "409", "413", "415", "503"]);
    // A database that is down, busy or full: 503 with Retry-After, on every route of a viewset.
    expect(create.responses["503"]).toEqual({ $ref: "#/components/responses/Unavailable" });
    expect(document.components.responses!.Unavailable!.headers).toHaveProperty("Retry-After");
    expect(create.responses["400"]).toEqual({ $ref: "#/components/responses/ValidationError" });
    const patch = op(document, "/api/v1/products/{id}", "patch");
    const patched = { schema: { $ref: "#/components/schemas/PatchedProductRequest" } };
    expect(patch.requestBody).toEqual({
      required: false,
      content: {
        "application/json": patched,
        "application/merge-patch+json": patched,
        "application/x-www-form-urlencoded": patched,
      },
    });
    // A stale If-Match is 412; the answer carries the record's new ETag.
    expect(Object.keys(patch.responses)).toEqual(["200", "400", "404", "406", "409", "412", "413", "415", "503"]);
    expect(param(patch, "If-Match")).toMatchObject({ in: "header", required: false, schema: { type: "string" } });
    expect((patch.responses["200"] as { headers?: object }).headers).toHaveProperty("ETag");
    expect(param(patch, "id")).toEqual({
      name: "id",
      in: "path",
      required: true,
      description: expect.any(String),
      schema: { type: "integer", format: "int64" },
    });
    const destroy = op(document, "/api/v1/products/{id}", "delete");
    expect(destroy.responses).toEqual({
      "204": { description: "Deleted." },
      "404": { $ref: "#/components/responses/NotFound" },
      "406": { $ref: "#/components/responses/NotAcceptable" },
      "409": { $ref: "#/components/responses/Conflict" },
      "412": { $ref: "#/components/responses/PreconditionFailed" },
      "503": { $ref: "#/components/responses/Unavailable" },
    });
    expect(paramNames(destroy)).toEqual(["id", "If-Match"]);
    // A retrieve may answer 400 for an unknown name in `fields` or `omit`, and 304 to If-None-Match.
    expect(Object.keys(op(document, "/api/v1/products/{id}", "get").responses)).toEqual([
      "200",
      "304",
      "400",
      "404",
      "406",
      "503",
    ]);
    expect(paramNames(op(document, "/api/v1/products/{id}", "get"))).toEqual(["id", "fields", "omit", "If-None-Match"]);
    // A throttled viewset may answer 429.
    expect(op(document, "/api/v1/reports/", "get").responses["429"]).toEqual({
      $ref: "#/components/responses/Throttled",
    });
    expect(op(document, "/api/v1/products/", "get").responses["429"]).toBeUndefined();

    const { responses, schemas } = document.components;
    expect(responses!.NotFound).toEqual({
      description: expect.any(String),
      content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
    });
    expect(responses!.ValidationError!.content).toEqual({
      "application/problem+json": { schema: { $ref: "#/components/schemas/ValidationProblem" } },
    });
    expect(responses!.Throttled!.headers).toHaveProperty("Retry-After");
    expect(schemas!.Problem).toMatchObject({
      type: "object",
      required: ["type", "title", "status", "detail"],
      properties: {
        type: { type: "string" },
        title: { type: "string" },
        status: { type: "integer" },
        detail: { type: "string" },
      },
    });
    expect((schemas!.ValidationProblem!.properties as Record<string, SchemaObject>).errors).toMatchObject({
      type: "object",
      additionalProperties: { type: "array", items: { type: "string" } },
    });
    // The contract app has no authentication: every operation is open to anyone (`security: []`).
    expect(document.components.securitySchemes).toBeUndefined();
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) expect((operation as OperationObject).security).toEqual([]);
    }
    expect(JSON.stringify(document.paths)).not.toContain('"401"');
  });

  it("documents custom actions with their methods and paths, and a generic JSON response", () => {
    const document = contractDocument();
    const stats = op(document, "/api/v1/products/stats", "get");
    expect(stats).toEqual({
      operationId: "products_stats",
      tags: ["products"],
      security: [],
      responses: {
        "200": {
          description: "OK.",
          content: { "application/json": { schema: { type: "object", additionalProperties: true } } },
        },
      },
    });
    const publish = op(document, "/api/v1/products/{id}/publish-now", "post");
    expect(param(publish, "id")).toMatchObject({
      in: "path",
      required: true,
      schema: { type: "integer", format: "int64" },
    });
    expect(publish.requestBody).toMatchObject({ required: false });
    // A handler that reads its body (getJSON) answers what reading it may: 400, 413, 415.
    expect(Object.keys(publish.responses)).toEqual(["200", "400", "404", "413", "415"]);
    expect(document.paths["/api/v1/products/{id}/publish-now"]!.get).toBeUndefined();
  });

  it("describes a ViewSetConfig as it is at generate() time", () => {
    const app = contractApp();
    const generator = new OpenAPIGenerator("Shop", "1").include(app.router);
    expect(generator.generate().paths["/api/v1/categories/"]!.post).toBeDefined();
    app.configured.readOnly = true;
    app.configured.searchFields = ["title"];
    const document = generator.generate();
    expect(document.paths["/api/v1/categories/"]!.post).toBeUndefined();
    expect(document.paths["/api/v1/categories/{id}"]!.delete).toBeUndefined();
    expect(param(op(document, "/api/v1/categories/", "get"), "search")).toBeDefined();
  });

  it("merges the application's own paths and components over the generated ones", async () => {
    const generator = new OpenAPIGenerator("Shop", "1").include(contractApp().router);
    generator.paths["/api/v1/products/stats"] = {
      get: { operationId: "products_stats", summary: "Counts", responses: { "200": { description: "The count." } } },
    };
    generator.paths["/health"] = { get: { responses: { "200": { description: "OK" } } } };
    generator.components.schemas = { Money: { type: "string" } };
    const document = generator.generate();
    expect(document.paths["/api/v1/products/stats"]!.get!.summary).toBe("Counts");
    expect(document.paths["/health"]).toBeDefined();
    expect(document.components.schemas!.Money).toEqual({ type: "string" });
    expect(document.components.schemas!.Product).toBeDefined();
    await validate(document);
  });

  it("lists a viewset whose serializer fails with generic bodies instead of failing the document", () => {
    const app = contractApp();
    const viewset = app.router.describe().find((entry) => entry.resource === "failing")!.viewset as BaseViewSet<object>;
    viewset.options.serializer = () => {
      throw new Error("broken serializer");
    };
    const document = new OpenAPIGenerator("Shop", "1").include(app.router).generate();
    expect(op(document, "/api/v1/failing/", "get").description).toContain("custom viewset");
    expect(Object.keys(document.paths["/api/v1/failing/{id}"]!)).toEqual(["get", "put", "patch", "delete"]);
    expect(op(document, "/api/v1/products/", "get").responses["200"]).toBeDefined();
  });

  it("keeps operation ids unique over several routers", async () => {
    const generator = new OpenAPIGenerator("Shop", "1").include(contractApp().router);
    const v2 = new Router("/api/v2");
    v2.action("products", "stats", {}, async () => ({ status: 200, headers: {}, body: null }));
    generator.include(v2).include(v2);
    const document = generator.generate();
    expect(op(document, "/api/v2/products/stats", "get").operationId).toBe("products_stats_2");
    await validate(document);
  });
});

describe("include(router) with authentication, throttles, schemas and a custom viewset", () => {
  const document = new OpenAPIGenerator("Notes", "2").include(notesRouter).generate();

  it("is a valid OpenAPI 3.0 document", async () => {
    await validate(document);
  });

  it("declares the authenticators' security schemes, and security on the viewset's operations only", () => {
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: { type: "http", scheme: "bearer" },
      basicAuth: { type: "http", scheme: "basic" },
    });
    const list = op(document, "/api/v2/notes/", "get");
    // isAuthenticatedOrReadOnly: anyone may read, only signed-in clients may write.
    expect(list.security).toEqual([{ bearerAuth: [] }, { basicAuth: [] }, {}]);
    expect(op(document, "/api/v2/notes/{id}", "delete").security).toEqual([{ bearerAuth: [] }, { basicAuth: [] }]);
    expect(Object.keys(list.responses)).toEqual(["200", "304", "400", "401", "403", "404", "406", "429", "503"]);
    expect(document.components.responses!.Unauthenticated!.headers).toHaveProperty("WWW-Authenticate");
    expect(Object.keys(op(document, "/api/v2/notes/{id}", "delete").responses)).toEqual([
      "204",
      "401",
      "403",
      "404",
      "406",
      "409",
      "412",
      "429",
      "503",
    ]);
    // An action without `checks: true` runs none of the viewset's checks; its requestSchema is
    // validated (400), from a body that is read (413, 415).
    const archive = op(document, "/api/v2/notes/{id}/archive", "post");
    expect(archive.security).toBeUndefined();
    expect(Object.keys(archive.responses)).toEqual(["200", "400", "404", "413", "415"]);
  });

  it("adds anonymous access when authenticators are configured without permissions", async () => {
    const router = new Router("/x", {
      authentication: [{ authenticate: () => null, challenge: () => 'Basic realm="x"' }],
    });
    router.register(
      "notes",
      new BaseViewSet({
        serializer: () => new BaseSerializer(),
        queryset: new MemoryManager<RowOfModel<typeof Note>>([]),
        model: Note,
      }),
    );
    const doc = new OpenAPIGenerator("x", "1").include(router).generate();
    expect(op(doc, "/x/notes/", "get").security).toEqual([{ basicAuth: [] }, {}]);
    expect(doc.components.securitySchemes).toEqual({ basicAuth: { type: "http", scheme: "basic" } });
    expect(Object.keys(op(doc, "/x/notes/", "get").responses)).toEqual([
      "200",
      "304",
      "400",
      "401",
      "404",
      "406",
      "503",
    ]);
    await validate(doc);
  });

  describe("anonymous access, operation by operation", () => {
    const BEARER = [{ bearerAuth: [] }];
    const OPTIONAL = [{ bearerAuth: [] }, {}];

    /** The distinct security requirements of every operation. */
    const distinct = (security: Record<string, unknown>): unknown[] =>
      [...new Set(Object.values(security).map((value) => JSON.stringify(value)))].map((text) => JSON.parse(text));

    function securityOf(permissions: Permission[]): Record<string, unknown> {
      const router = new Router("/x", {
        authentication: [bearerTokenAuthentication({ verify: () => null })],
        permissions,
      });
      router.register(
        "notes",
        new BaseViewSet({
          serializer: () => new BaseSerializer(),
          queryset: new MemoryManager<RowOfModel<typeof Note>>([]),
          model: Note,
        }),
      );
      router.action("notes", "pin", { methods: ["GET", "POST"], detail: true, checks: true }, async () =>
        sendJSON(200, {}),
      );
      const doc = new OpenAPIGenerator("x", "1").include(router).generate();
      const security: Record<string, unknown> = {};
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          security[`${method.toUpperCase()} ${path}`] = (operation as OperationObject).security;
        }
      }
      return security;
    }

    it("makes credentials optional on the safe methods under isAuthenticatedOrReadOnly, required on writes", async () => {
      expect(securityOf([isAuthenticatedOrReadOnly])).toEqual({
        // The API root only reads, under the router's own permissions.
        "GET /x/": OPTIONAL,
        "GET /x/notes/": OPTIONAL,
        "GET /x/notes/{id}": OPTIONAL,
        "POST /x/notes/": BEARER,
        "PUT /x/notes/{id}": BEARER,
        "PATCH /x/notes/{id}": BEARER,
        "DELETE /x/notes/{id}": BEARER,
        "GET /x/notes/{id}/pin": OPTIONAL,
        "POST /x/notes/{id}/pin": BEARER,
      });
    });

    it("makes them optional everywhere under allowAny, and required everywhere under isAuthenticated", () => {
      expect(distinct(securityOf([allowAny]))).toEqual([OPTIONAL]);
      expect(distinct(securityOf([isAuthenticated]))).toEqual([BEARER]);
      expect(distinct(securityOf([allowAny, isAuthenticated]))).toEqual([BEARER]);
    });

    it("asks an app's own synchronous permission with an anonymous request of each operation's method", () => {
      const seen: string[] = [];
      const readsOnList = definePermission({
        hasPermission: (request, view) => {
          seen.push(`${request.method} ${view.resource} ${view.action} ${request.user === undefined}`);
          return view.action === "list" || request.user != null;
        },
      });
      const security = securityOf([readsOnList]);
      expect(security["GET /x/notes/"]).toEqual(OPTIONAL);
      expect(security["GET /x/notes/{id}"]).toEqual(BEARER);
      expect(security["POST /x/notes/"]).toEqual(BEARER);
      expect(seen).toContain("GET notes list true");
      expect(seen).toContain("GET notes pin true");
    });

    it("asks for credentials when a permission cannot answer at once (async, combined, or throwing)", () => {
      let asyncCalls = 0;
      const asyncAllow: Permission = {
        hasPermission: async () => {
          asyncCalls++;
          return true;
        },
      };
      const throwing: Permission = {
        hasPermission: (request) => (request.user as { id: number }).id > 0,
      };
      for (const permission of [asyncAllow, anyOf(allowAny), throwing]) {
        expect(distinct(securityOf([permission]))).toEqual([BEARER]);
      }
      expect(asyncCalls).toBe(0);
    });

    it("stays a valid document", async () => {
      const router = new Router("/x", {
        authentication: [bearerTokenAuthentication({ verify: () => null })],
        permissions: [isAuthenticatedOrReadOnly],
      });
      router.register(
        "notes",
        new BaseViewSet({
          serializer: () => new BaseSerializer(),
          queryset: new MemoryManager<RowOfModel<typeof Note>>([]),
          model: Note,
        }),
      );
      await validate(new OpenAPIGenerator("x", "1").include(router).generate());
    });
  });

  it("documents actions with checks: true like the standard routes: security, 401, 403 and 429", async () => {
    const notes = () => ({
      serializer: () => new BaseSerializer(),
      queryset: new MemoryManager<RowOfModel<typeof Note>>([]),
      model: Note,
    });
    const router = new Router("/x", { throttles: [countingThrottle(5)] });
    router.register(
      "notes",
      new BaseViewSet({
        ...notes(),
        authentication: [bearerTokenAuthentication({ verify: () => null })],
        permissions: [isAuthenticated],
      }),
    );
    router.register(
      "drafts",
      new ViewSetConfig({
        ...notes(),
        authentication: [basicAuthentication({ verify: () => null })],
        throttles: [],
      }),
    );
    const ok = async () => sendJSON(200, {});
    router.action("notes", "pin", { methods: ["POST"], detail: true, checks: true }, ok);
    router.action("notes", "recent", { checks: true }, ok);
    router.action("notes", "plain", {}, ok);
    router.action("drafts", "recent", { checks: true }, ok);
    const doc = new OpenAPIGenerator("x", "1").include(router).generate();

    const pin = op(doc, "/x/notes/{id}/pin", "post");
    expect(pin.security).toEqual([{ bearerAuth: [] }]);
    expect(pin.security).toEqual(op(doc, "/x/notes/{id}", "put").security);
    expect(Object.keys(pin.responses)).toEqual(["200", "400", "401", "403", "404", "413", "415", "429", "503"]);
    expect(pin.responses["429"]).toEqual({ $ref: "#/components/responses/Throttled" });
    const recent = op(doc, "/x/notes/recent", "get");
    expect(recent.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(recent.responses)).toEqual(["200", "401", "403", "429", "503"]);
    // Without permissions anonymous access stays; the viewset's empty throttles replace the router's.
    const drafts = op(doc, "/x/drafts/recent", "get");
    expect(drafts.security).toEqual([{ basicAuth: [] }, {}]);
    expect(Object.keys(drafts.responses)).toEqual(["200", "401", "503"]);
    const plain = op(doc, "/x/notes/plain", "get");
    expect(plain.security).toBeUndefined();
    expect(Object.keys(plain.responses)).toEqual(["200"]);
    await validate(doc);
  });

  it("converts the model's own valibot schema to the request schema in the OpenAPI 3.0 dialect", () => {
    const request = document.components.schemas!.NoteRequest!;
    expect(request.required).toEqual(["title", "priority"]);
    // With the rules the server checks beyond the type: no NUL or lone surrogate, no year 0 or leap second.
    expect(request.properties).toEqual({
      title: {
        type: "string",
        minLength: 1,
        maxLength: 120,
        description: "What the note is about.",
        example: "Buy milk",
        pattern: NOT_BLANK_TEXT_PATTERN,
      },
      body: { type: "string", nullable: true, pattern: STORABLE_TEXT_PATTERN },
      priority: { type: "number", enum: [1, 2, 3] },
      due: { type: "string", format: "date", nullable: true, pattern: DATE_VALUE_PATTERN },
      remindAt: { type: "string", format: "date-time", nullable: true, pattern: TIME_VALUE_PATTERN },
      meta: { type: "object", additionalProperties: {}, nullable: true },
    });
    expect(JSON.stringify(document)).not.toMatch(/"\$schema"|"const"|"examples"|"\$defs"/);
    const note = document.components.schemas!.Note!;
    expect((note.properties as Record<string, SchemaObject>).priority).toEqual({
      type: "integer",
      format: "int64",
      enum: [1, 2, 3],
    });
    expect((note.properties as Record<string, SchemaObject>).meta).toEqual({ nullable: true });
    expect((note.properties as Record<string, SchemaObject>).updatedAt).toEqual({
      type: "string",
      format: "date-time",
      readOnly: true,
    });
  });

  it("documents the list's ordering default and the filters of filterFields", () => {
    const list = op(document, "/api/v2/notes/", "get");
    expect(param(list, "ordering")!.description).toContain("Default: -priority");
    expect(param(list, "page_size")!.schema).toEqual({
      anyOf: [{ type: "integer", minimum: 1, maximum: 50 }, { type: "number" }, { type: "string" }],
      default: 10,
    });
    const priority = { type: "integer", format: "int64", enum: [1, 2, 3] };
    expect(param(list, "priority")!.schema).toEqual({ anyOf: [priority, { type: "array", items: priority }] });
    expect(param(list, "priority__in")!.schema).toEqual({
      type: "array",
      items: { type: "integer", format: "int64", enum: [1, 2, 3] },
    });
    const due = { type: "string", format: "date", pattern: DATE_VALUE_PATTERN };
    expect(param(list, "due__gte")!.schema).toEqual({ anyOf: [due, { type: "array", items: due }] });
    expect(param(list, "body__isnull")).toBeDefined();
    expect(param(list, "title")).toBeUndefined();
  });

  it("uses an action's summary, description and valibot schemas", () => {
    const archive = op(document, "/api/v2/notes/{id}/archive", "post");
    expect(archive.summary).toBe("Archive a note");
    expect(archive.description).toBe("Moves the note to the archive.");
    expect(archive.requestBody).toEqual({
      required: true,
      content: {
        "application/json": {
          schema: {
            type: "object",
            properties: { reason: { type: "string" }, until: { type: "string", format: "date", nullable: true } },
            required: ["until"],
          },
        },
      },
    });
    expect(archive.responses["200"]).toEqual({
      description: "OK.",
      content: {
        "application/json": {
          schema: {
            type: "object",
            properties: { archived: { enum: [true] }, id: { type: "number" } },
            required: ["archived", "id"],
          },
        },
      },
    });
    // One operation per method.
    expect(op(document, "/api/v2/notes/export", "get").operationId).toBe("notes_export_get");
    expect(op(document, "/api/v2/notes/export", "head").responses["200"]).toEqual({ description: "OK." });
  });

  it("lists a custom (non-Base) read-only viewset with generic bodies", () => {
    expect(Object.keys(document.paths["/api/v2/health/"]!)).toEqual(["get"]);
    expect(Object.keys(document.paths["/api/v2/health/{id}"]!)).toEqual(["get"]);
    expect(op(document, "/api/v2/health/", "get").responses["200"]).toEqual({
      description: "The list.",
      content: { "application/json": { schema: { type: "object", additionalProperties: true } } },
    });
  });
});

import { describe, expect, it } from "vitest";
import { cursorPagination } from "../query/cursor-pagination.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { Category } from "../testing/fixtures.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import { OpenAPIGenerator } from "./openapi.js";

describe("a cursor-paginated list in the document", () => {
  it("has the cursor parameter and the { next, previous, results } envelope, no page or count", () => {
    const router = new Router("/api");
    router.register(
      "categories",
      new BaseViewSet({
        serializer: () => new BaseSerializer(),
        queryset: new MemoryManager<{ id: number; title: string }>(),
        model: Category,
        pagination: cursorPagination(),
      }),
    );
    const doc = new OpenAPIGenerator("T", "1").include(router).generate() as any;
    const list = doc.paths["/api/categories/"].get;
    const names = list.parameters.map((p: { name?: string; $ref?: string }) => p.name ?? p.$ref);
    expect(names).toContain("cursor");
    expect(names).not.toContain("page");
    const schema = list.responses["200"].content["application/json"].schema;
    const envelope = schema.$ref ? doc.components.schemas[schema.$ref.split("/").pop()] : schema;
    expect(Object.keys(envelope.properties).sort()).toEqual(["next", "previous", "results"]);
    expect(envelope.properties.results).toEqual({ type: "array", items: { $ref: "#/components/schemas/Category" } });
  });
});

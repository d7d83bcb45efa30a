import * as v from "valibot";
import { fakeRequest } from "../testing/fake-request.js";
import { describe, expect, expectTypeOf, it } from "vitest";
import { OpenAPIGenerator } from "../docs/openapi.js";
import type { ApiRequest } from "../http/request.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import { defineModel, type RowOfModel } from "./define-model.js";

const Attributes = v.object({
  size: v.picklist(["S", "M", "L"]),
  colours: v.array(v.string()),
});

const Shirt = defineModel({
  name: "Shirt",
  fields: {
    id: { type: "int", primaryKey: true },
    attributes: { type: "json", schema: Attributes },
    notes: { type: "json", nullable: true },
  },
});

type ShirtRow = RowOfModel<typeof Shirt>;

function post(body: unknown): ApiRequest {
  return fakeRequest("POST", "/api/shirts/", { body });
}

function shirts(): { router: Router; rows: MemoryManager<ShirtRow> } {
  const rows = new MemoryManager<ShirtRow>([]);
  const router = new Router("/api");
  router.register("shirts", new BaseViewSet({ serializer: () => new BaseSerializer(), queryset: rows, model: Shirt }));
  return { router, rows };
}

describe("a json field with a valibot schema", () => {
  it("types the row as the schema's output", () => {
    expectTypeOf<ShirtRow["attributes"]>().toEqualTypeOf<{ size: "S" | "M" | "L"; colours: string[] }>();
    expectTypeOf<ShirtRow["notes"]>().toEqualTypeOf<unknown>();
  });

  it("accepts a value that matches, and answers 400 naming the paths inside one that does not", async () => {
    const { router } = shirts();
    const created = await router.handle(post({ attributes: { size: "M", colours: ["red"] } }));
    expect(created?.status).toBe(201);
    expect(JSON.parse(created!.body as string).attributes).toEqual({ size: "M", colours: ["red"] });

    const invalid = await router.handle(post({ attributes: { size: "XXL", colours: ["red", 7] } }));
    expect(invalid?.status).toBe(400);
    const errors = JSON.parse(invalid!.body as string).errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(["attributes.colours.1", "attributes.size"]);
    expect(errors["attributes.size"]).toHaveLength(1);
  });

  it("describes the field with the schema in the OpenAPI document, and any JSON without one", () => {
    const document = new OpenAPIGenerator("Shirts", "1").include(shirts().router).generate();
    const properties = document.components.schemas!.Shirt!.properties as Record<string, unknown>;
    expect(properties.attributes).toEqual({
      type: "object",
      properties: {
        size: { type: "string", enum: ["S", "M", "L"] },
        colours: { type: "array", items: { type: "string" } },
      },
      required: ["size", "colours"],
    });
    expect(properties.notes).toEqual({ nullable: true });
    const request = document.components.schemas!.ShirtRequest!.properties as Record<string, unknown>;
    expect(request.attributes).toEqual(properties.attributes);
  });
});

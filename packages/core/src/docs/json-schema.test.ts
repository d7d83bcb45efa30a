import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { type DefinitionTarget, toOpenAPI30, valibotToOpenAPI } from "./json-schema.js";
import type { SchemaObject } from "../http/openapi-types.js";

function target(): DefinitionTarget {
  return { schemas: {} as Record<string, SchemaObject>, prefix: "Test_" };
}

describe("toOpenAPI30", () => {
  it("drops $schema, turns const into enum and examples into example", () => {
    expect(
      toOpenAPI30(
        { $schema: "http://json-schema.org/draft-07/schema#", type: "string", const: "x", examples: ["x", "y"] },
        target(),
      ),
    ).toEqual({ type: "string", enum: ["x"], example: "x" });
  });

  it("turns null in a type list or an anyOf into nullable", () => {
    expect(toOpenAPI30({ type: ["string", "null"] }, target())).toEqual({ type: "string", nullable: true });
    expect(toOpenAPI30({ anyOf: [{ type: "integer", minimum: 1 }, { type: "null" }] }, target())).toEqual({
      type: "integer",
      minimum: 1,
      nullable: true,
    });
    expect(toOpenAPI30({ anyOf: [{ type: "string" }, { type: "number" }, { const: null }] }, target())).toEqual({
      anyOf: [{ type: "string" }, { type: "number" }],
      nullable: true,
    });
    // A $ref ignores its siblings in 3.0: it is wrapped so that nullable applies.
    expect(toOpenAPI30({ anyOf: [{ $ref: "#/components/schemas/X" }, { type: "null" }] }, target())).toEqual({
      nullable: true,
      allOf: [{ $ref: "#/components/schemas/X" }],
    });
  });

  it("collapses identical branches, drops empty required lists and rewrites numeric exclusive bounds", () => {
    expect(
      toOpenAPI30(
        {
          anyOf: [
            { type: "string", format: "date-time" },
            { type: "string", format: "date-time" },
          ],
        },
        target(),
      ),
    ).toEqual({
      type: "string",
      format: "date-time",
    });
    expect(toOpenAPI30({ type: "object", properties: { a: { type: "string" } }, required: [] }, target())).toEqual({
      type: "object",
      properties: { a: { type: "string" } },
    });
    expect(toOpenAPI30({ type: "number", exclusiveMinimum: 0, exclusiveMaximum: 10 }, target())).toEqual({
      type: "number",
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 10,
      exclusiveMaximum: true,
    });
  });

  it("describes tuples as bounded arrays", () => {
    expect(toOpenAPI30({ type: "array", prefixItems: [{ type: "string" }, { type: "number" }] }, target())).toEqual({
      type: "array",
      items: { anyOf: [{ type: "string" }, { type: "number" }] },
      minItems: 2,
      maxItems: 2,
    });
    expect(toOpenAPI30({ type: "array", items: [{ type: "string" }, { type: "string" }] }, target())).toEqual({
      type: "array",
      items: { type: "string" },
      minItems: 2,
      maxItems: 2,
    });
  });

  it("moves definitions to the components and rewrites their references", () => {
    const definitions = target();
    const schema = toOpenAPI30(
      {
        type: "object",
        properties: { children: { type: "array", items: { $ref: "#/$defs/0" } } },
        $defs: { "0": { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/0" } } } } },
      },
      definitions,
    );
    expect(schema).toEqual({
      type: "object",
      properties: { children: { type: "array", items: { $ref: "#/components/schemas/Test_0" } } },
    });
    expect(definitions.schemas.Test_0).toEqual({
      type: "object",
      properties: { children: { type: "array", items: { $ref: "#/components/schemas/Test_0" } } },
    });
  });
});

describe("valibotToOpenAPI", () => {
  it("converts a valibot object to the OpenAPI 3.0 dialect", () => {
    const schema = v.object({
      kind: v.literal("note"),
      title: v.pipe(v.string(), v.maxLength(10), v.examples(["Hi"])),
      tags: v.optional(v.array(v.string())),
      parent: v.nullish(v.number()),
    });
    expect(valibotToOpenAPI(schema, target())).toEqual({
      type: "object",
      properties: {
        kind: { enum: ["note"] },
        title: { type: "string", maxLength: 10, example: "Hi" },
        tags: { type: "array", items: { type: "string" } },
        parent: { type: "number", nullable: true },
      },
      required: ["kind", "title"],
    });
  });

  it("returns null in strict mode when a part cannot be converted, and leaves it out otherwise", () => {
    const checked = v.pipe(
      v.string(),
      v.check((text) => text !== "x"),
    );
    expect(valibotToOpenAPI(checked, target(), { strict: true })).toBeNull();
    expect(valibotToOpenAPI(checked, target())).toEqual({ type: "string" });
    expect(valibotToOpenAPI(v.bigint(), target(), { strict: true })).toBeNull();
    expect(valibotToOpenAPI(v.bigint(), target())).toEqual({});
  });

  it("describes the input of a transform", () => {
    const time = v.pipe(
      v.string(),
      v.isoTimestamp(),
      v.transform((text) => new Date(text)),
    );
    expect(valibotToOpenAPI(time, target(), { strict: true })).toEqual({ type: "string", format: "date-time" });
  });
});

import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { blogApp } from "../testing/blog-fixtures.js";
import { OpenAPIGenerator } from "./openapi.js";
import type { SchemaObject } from "../http/openapi-types.js";

const document = new OpenAPIGenerator("Blog", "1.0.0").include(blogApp().router).generate();
const schemas = document.components!.schemas as Record<
  string,
  SchemaObject & { properties: Record<string, SchemaObject> }
>;

describe("related and computed fields in the OpenAPI document", () => {
  it("describe a related field as its target's fields, and a computed one by its type, in the response", () => {
    const post = schemas.Post!.properties;
    expect(post.author).toMatchObject({
      type: "object",
      properties: { id: { type: "integer", format: "int64" }, name: { type: "string" } },
      required: ["id", "name"],
    });
    // Writable: not read-only. The others are.
    expect(post.author!.readOnly).toBeUndefined();
    expect(post.authorName).toMatchObject({ type: "string", readOnly: true });
    expect(post.editor).toMatchObject({ type: "string", nullable: true, readOnly: true });
    expect(post.words).toEqual({ type: "integer", format: "int64", readOnly: true });
    expect(post.viewer).toEqual({ type: "string", nullable: true, readOnly: true });
    expect(schemas.Post!.required).toEqual(expect.arrayContaining(["author", "authorName", "words"]));
  });

  it("take a writable related field's id in requests, in place of its foreign key", () => {
    const request = schemas.PostRequest!;
    expect(Object.keys(request.properties)).toEqual(["title", "body", "author"]);
    expect(request.properties.author).toMatchObject({ type: "integer" });
    expect(request.required).toEqual(["title", "body", "author"]);
    expect(Object.keys(schemas.PatchedPostRequest!.properties)).toEqual(["title", "body", "author"]);
  });

  it("stay a valid OpenAPI 3.0 document", async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });
});

import SwaggerParser from "@apidevtools/swagger-parser";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { bearerTokenAuthentication } from "../auth/authenticators.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { Product, type ProductRow } from "../testing/fixtures.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import { OpenAPIGenerator } from "./openapi.js";
import type { OpenAPIDocument, OperationObject } from "../http/openapi-types.js";

class NameOnly extends BaseSerializer {
  fields() {
    return ["id", "name"];
  }
}

function documentOf(): OpenAPIDocument {
  const router = new Router("/api");
  router.register(
    "products",
    new BaseViewSet({
      serializer: () => new BaseSerializer(),
      queryset: new MemoryManager<ProductRow>(),
      model: Product,
    }),
  );
  const respond = async () => ({ status: 200, headers: {}, body: null });
  router.action(
    "products",
    "rename",
    {
      methods: ["POST"],
      detail: true,
      serializer: true,
      requestSchema: v.object({ name: v.string() }),
    },
    respond,
  );
  router.action("products", "names", { serializer: () => new NameOnly(), many: true }, respond);
  return new OpenAPIGenerator("Shop", "1.0.0").include(router).generate();
}

const operation = (document: OpenAPIDocument, path: string, method: "get" | "post"): OperationObject =>
  document.paths[path]![method]!;

/** The JSON schema of an operation's 200 response. */
function successSchema(op: OperationObject): unknown {
  const response = op.responses["200"] as unknown as { content: Record<string, { schema: unknown }> };
  return response.content["application/json"]!.schema;
}

describe("describeAction", () => {
  it("describes a serializer's response as the model's component, one row or a list", async () => {
    const document = documentOf();
    await SwaggerParser.validate(structuredClone(document) as never);
    const item = successSchema(operation(document, "/api/products/{id}/rename", "post"));
    // The viewset's own serializer: the same component as retrieve.
    expect(item).toEqual(successSchema(operation(document, "/api/products/{id}", "get")));
    const list = successSchema(operation(document, "/api/products/names", "get")) as {
      type: string;
      items: { $ref: string };
    };
    expect(list.type).toBe("array");
    const component = document.components.schemas![list.items.$ref.split("/").pop()!] as { properties: object };
    expect(Object.keys(component.properties)).toEqual(["id", "name"]);
  });

  it("documents the 400 of a validated body, and the 404 of a detail action", () => {
    const rename = operation(documentOf(), "/api/products/{id}/rename", "post");
    // A serializer's action reads through the manager: its database may be out (503).
    expect(Object.keys(rename.responses)).toEqual(["200", "400", "404", "413", "415", "503"]);
    expect(rename.requestBody).toMatchObject({ required: true });
  });

  it("takes who may call an unchecked action from its handler's own docs, where the router authenticates", () => {
    const router = new Router("/api", { authentication: [bearerTokenAuthentication({ verify: () => null })] });
    const respond = async () => ({ status: 200, headers: {}, body: null });
    router.action("meta", "open", {}, Object.assign(respond, { openapi: { security: [] } }));
    router.action("meta", "own", {}, async () => ({ status: 200, headers: {}, body: null }));
    const document = new OpenAPIGenerator("Shop", "1.0.0").include(router).generate();
    // Said by the handler: anyone (the document and its reference page say this of themselves).
    expect(operation(document, "/api/meta/open", "get").security).toEqual([]);
    // Not said: its checks are the handler's, which the document cannot see.
    expect(operation(document, "/api/meta/own", "get").security).toBeUndefined();
    const served = new OpenAPIGenerator("Shop", "1.0.0");
    router.action("meta", "document", {}, served.handler());
    expect(operation(served.include(router).generate(), "/api/meta/document", "get").security).toEqual([]);
  });
});

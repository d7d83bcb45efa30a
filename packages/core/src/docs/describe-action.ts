import type { ActionRoute, HttpMethod } from "../viewsets/actions.js";
import { jsonContent, idParameter } from "./describe-viewset.js";
import type { DocumentBuilder } from "./document-builder.js";
import { componentName, valibotToOpenAPI } from "./json-schema.js";
import type { OperationMethod, OperationObject, SchemaObject } from "./openapi-types.js";

const ANY_OBJECT: SchemaObject = { type: "object", additionalProperties: true };
/** Methods whose request body has defined semantics (OpenAPI 3.0 documents no other bodies). */
const BODY_METHODS: ReadonlySet<HttpMethod> = new Set(["POST", "PUT", "PATCH"]);

/**
 * One operation per method of a custom action. Actions run none of the viewset's checks
 * (spec 4.5), so they carry no security and no 401/403/429; their bodies are the valibot
 * schemas of the action's config, or any JSON object.
 */
export function describeAction(builder: DocumentBuilder, prefix: string, action: ActionRoute): void {
  const { resource, name, config } = action;
  builder.tag(resource);
  const path = action.detail
    ? `${prefix}/${resource}/{id}/${action.urlPath}`
    : `${prefix}/${resource}/${action.urlPath}`;
  const definitions = { schemas: builder.schemas, prefix: componentName(`${resource}_${name}_`) };
  const request = config.requestSchema ? (valibotToOpenAPI(config.requestSchema, definitions) ?? {}) : ANY_OBJECT;
  const response = config.responseSchema ? (valibotToOpenAPI(config.responseSchema, definitions) ?? {}) : ANY_OBJECT;
  const several = action.methods.length > 1;
  for (const method of action.methods) {
    const lower = method.toLowerCase() as OperationMethod;
    const op: OperationObject = {
      operationId: builder.operationId(several ? `${resource}_${name}_${lower}` : `${resource}_${name}`),
      tags: [resource],
      responses: {
        "200": method === "HEAD" ? { description: "OK." } : { description: "OK.", content: jsonContent(response) },
      },
    };
    if (config.summary) op.summary = config.summary;
    if (config.description) op.description = config.description;
    if (action.detail) {
      op.parameters = [idParameter(resource)];
      op.responses["404"] = builder.error("NotFound");
    }
    if (BODY_METHODS.has(method)) {
      op.requestBody = { required: config.requestSchema !== undefined, content: jsonContent(request) };
    }
    builder.operation(path, lower, op);
  }
}

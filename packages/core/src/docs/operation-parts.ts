import type { HttpMethod } from "../viewsets/actions.js";
import { STANDARD_ROUTES, type StandardRoute } from "../viewsets/standard-routes.js";
import type { DocumentBuilder } from "./document-builder.js";
import type {
  MediaTypeObject,
  OperationObject,
  OperationMethod,
  ParameterObject,
  ReferenceObject,
  SchemaObject,
} from "./openapi-types.js";

const JSON_TYPE = "application/json";

/** The body of a route the document cannot tell more of. */
export const ANY_OBJECT: SchemaObject = { type: "object", additionalProperties: true };

/** Methods whose request body has defined semantics (OpenAPI 3.0 documents no other bodies). */
export const BODY_METHODS: ReadonlySet<HttpMethod> = new Set(["POST", "PUT", "PATCH"]);

export function jsonContent(schema: SchemaObject | ReferenceObject): Record<string, MediaTypeObject> {
  return { [JSON_TYPE]: { schema } };
}

export function idParameter(resource: string): ParameterObject {
  return {
    name: "id",
    in: "path",
    required: true,
    description: `A unique integer value identifying this ${resource} record.`,
    schema: { type: "integer", format: "int64" },
  };
}

/** The standard routes a viewset serves, reads first: the order of its operations and components in the document. */
export function servedRoutes(readOnly: boolean): StandardRoute[] {
  const reads = STANDARD_ROUTES.filter((route) => route.readOnly);
  return readOnly ? reads : [...reads, ...STANDARD_ROUTES.filter((route) => !route.readOnly)];
}

/** `{prefix}/{resource}/` for the collection routes, `{prefix}/{resource}/{id}` for the others. */
export function standardPath(prefix: string, resource: string, route: StandardRoute): string {
  return route.kind === "list" ? `${prefix}/${resource}/` : `${prefix}/${resource}/{id}`;
}

export function operationMethod(method: HttpMethod): OperationMethod {
  return method.toLowerCase() as OperationMethod;
}

const SUMMARIES: Record<StandardRoute["action"], (resource: string) => string> = {
  list: (resource) => `List ${resource}`,
  create: (resource) => `Create a ${resource} record`,
  retrieve: (resource) => `Retrieve one ${resource} record`,
  update: (resource) => `Replace a ${resource} record`,
  partial_update: (resource) => `Update some fields of a ${resource} record`,
  destroy: (resource) => `Delete a ${resource} record`,
};

/** What every operation of a standard route starts with: its id, its tag and its summary. */
export function standardFields(
  builder: DocumentBuilder,
  resource: string,
  route: StandardRoute,
): Omit<OperationObject, "responses"> {
  return {
    operationId: builder.operationId(`${resource}_${route.action}`),
    tags: [resource],
    summary: SUMMARIES[route.action](resource),
  };
}

const SUCCESSES: Record<StandardRoute["action"], string> = {
  list: "A page of results.",
  create: "Created.",
  retrieve: "The record.",
  update: "The updated record.",
  partial_update: "The updated record.",
  destroy: "Deleted.",
};

/** The description of a route's success response. */
export function standardSuccess(route: StandardRoute): string {
  return SUCCESSES[route.action];
}

/** Small parts of OpenAPI operations shared by the describers: JSON content, body methods, success text. */
import type { HttpMethod } from "../viewsets/actions.js";
import { STANDARD_ROUTES, type StandardRoute } from "../http/standard-routes.js";
import { singularIdentifier, verboseNameOf, withArticle, wordsOf } from "../models/names.js";
import type { DocumentBuilder } from "./document-builder.js";
import type {
  MediaTypeObject,
  OperationObject,
  OperationMethod,
  ParameterObject,
  ReferenceObject,
  SchemaObject,
} from "../http/openapi-types.js";

const JSON_TYPE = "application/json";

/** The body of a route the document cannot tell more of. */
export const ANY_OBJECT: SchemaObject = { type: "object", additionalProperties: true };

/** Methods whose request body has defined semantics (OpenAPI 3.0 documents no other bodies). */
export const BODY_METHODS: ReadonlySet<HttpMethod> = new Set(["POST", "PUT", "PATCH"]);

export function jsonContent(schema: SchemaObject | ReferenceObject): Record<string, MediaTypeObject> {
  return { [JSON_TYPE]: { schema } };
}

/** The `{id}` of a detail path; `noun` is the model in a sentence ("product"). */
export function idParameter(noun: string): ParameterObject {
  return {
    name: "id",
    in: "path",
    required: true,
    description: `A unique integer value identifying this ${noun}.`,
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

/** The summaries of the six routes, as drf-spectacular words them: the list in the plural, the others with an article. */
const SUMMARIES: Record<StandardRoute["action"], (one: string, many: string) => string> = {
  list: (_one, many) => `List ${many}`,
  create: (one) => `Create ${withArticle(one)}`,
  retrieve: (one) => `Retrieve ${withArticle(one)}`,
  update: (one) => `Replace ${withArticle(one)}`,
  partial_update: (one) => `Update some fields of ${withArticle(one)}`,
  destroy: (one) => `Delete ${withArticle(one)}`,
};

/** The model in a sentence: its verbose name, or the singular of the resource when the model is unknown. */
export function nounOf(resource: string, model?: { readonly name: string; readonly verboseName?: string | undefined }) {
  return model ? verboseNameOf(model) : wordsOf(singularIdentifier(resource)).join(" ");
}

/** What every operation of a standard route starts with: its id, its tag and its summary. */
export function standardFields(
  builder: DocumentBuilder,
  resource: string,
  route: StandardRoute,
  noun: string,
): Omit<OperationObject, "responses"> {
  return {
    operationId: builder.operationId(`${resource}_${route.action}`),
    tags: [resource],
    summary: SUMMARIES[route.action](noun, wordsOf(resource).join(" ")),
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

/** The API root in the OpenAPI document: `GET {prefix}/`, an object of a link to each resource. */
import type { SchemaObject } from "../http/openapi-types.js";
import { ROOT_VIEW, type RootEntry, rootLinks } from "../router/api-root.js";
import type { ViewSettings } from "../viewsets/viewset.js";
import type { DocumentBuilder } from "./document-builder.js";
import { guardedOperation, guardsOf } from "./guards.js";

/**
 * Documents the root of a router that answers it (`apiRoot`, on by default): each link it gives,
 * and the router's own guards, which run before it answers.
 */
export function describeRoot(
  builder: DocumentBuilder,
  route: { readonly prefix: string; readonly settings: ViewSettings },
  entries: readonly RootEntry[],
): void {
  const { prefix } = route;
  const links = rootLinks(entries);
  const properties: Record<string, SchemaObject> = {};
  for (const [name, path] of links) {
    properties[name] = { type: "string", format: "uri", description: `The absolute URL of \`${prefix}/${path}\`.` };
  }
  const schema: SchemaObject = {
    type: "object",
    description: "A link to each resource of the API, as absolute URLs.",
    properties,
    required: links.map(([name]) => name),
    additionalProperties: false,
  };
  const fields = {
    operationId: builder.operationId("api_root"),
    summary: "The API root",
    description: "A link to each resource, as DRF's `DefaultRouter` answers its root.",
  };
  const content = { "application/json": { schema: builder.schema("ApiRoot", schema, "ApiRoot") } };
  const guards = guardsOf(builder, {}, route.settings);
  const request = { method: "GET", view: ROOT_VIEW } as const;
  const operation = guardedOperation(builder, guards, fields, { "200": { description: "OK.", content } }, [], request);
  builder.operation(`${prefix}/`, "get", operation);
}

import type { ActionRoute } from "../viewsets/actions.js";
import { optionsOf, type ViewSetRoute } from "./describable-viewset.js";
import type { DocumentBuilder } from "./document-builder.js";
import { errorResponses, type Guards, guardsOf, UNGUARDED } from "./guards.js";
import { componentName, valibotToOpenAPI } from "./json-schema.js";
import type { OperationObject } from "./openapi-types.js";
import { ANY_OBJECT, BODY_METHODS, idParameter, jsonContent, operationMethod } from "./operation-parts.js";

/**
 * What an action runs before its handler. With `checks: true` the router has the resource's viewset
 * run its checks (through `checkAction`), so the action answers 401/403/429 as the standard routes
 * do; without it the handler owns its checks, which the document cannot see.
 */
function guardsOfAction(builder: DocumentBuilder, route: ViewSetRoute, action: ActionRoute): Guards {
  const { viewset, settings } = route;
  if (!action.config.checks || typeof viewset?.checkAction !== "function") return UNGUARDED;
  return guardsOf(builder, optionsOf(viewset), settings);
}

/** Whether the action's viewset is read-only: what `checkAction` tells the permissions. */
function readOnlyOf(route: ViewSetRoute): boolean {
  return route.viewset !== undefined && optionsOf(route.viewset).readOnly === true;
}

/**
 * One operation per method of a custom action, with its viewset's checks when it runs them. Its
 * bodies are the valibot schemas of the action's config, or any JSON object.
 */
export function describeAction(builder: DocumentBuilder, route: ViewSetRoute, action: ActionRoute): void {
  const { prefix } = route;
  const { resource, name, config } = action;
  builder.tag(resource);
  const path = action.detail
    ? `${prefix}/${resource}/{id}/${action.urlPath}`
    : `${prefix}/${resource}/${action.urlPath}`;
  const definitions = { schemas: builder.schemas, prefix: componentName(`${resource}_${name}_`) };
  const request = config.requestSchema ? (valibotToOpenAPI(config.requestSchema, definitions) ?? {}) : ANY_OBJECT;
  const response = config.responseSchema ? (valibotToOpenAPI(config.responseSchema, definitions) ?? {}) : ANY_OBJECT;
  const guards = guardsOfAction(builder, route, action);
  const several = action.methods.length > 1;
  for (const method of action.methods) {
    const lower = operationMethod(method);
    const op: OperationObject = {
      operationId: builder.operationId(several ? `${resource}_${name}_${lower}` : `${resource}_${name}`),
      tags: [resource],
      responses: {
        "200": method === "HEAD" ? { description: "OK." } : { description: "OK.", content: jsonContent(response) },
        ...errorResponses(builder, guards, action.detail ? ["NotFound"] : []),
      },
    };
    if (config.summary) op.summary = config.summary;
    if (config.description) op.description = config.description;
    if (action.detail) op.parameters = [idParameter(resource)];
    if (BODY_METHODS.has(method)) {
      op.requestBody = { required: config.requestSchema !== undefined, content: jsonContent(request) };
    }
    const security = guards.security(method, { resource, action: name, readOnly: readOnlyOf(route) });
    if (security) op.security = security;
    builder.operation(path, lower, op);
  }
}

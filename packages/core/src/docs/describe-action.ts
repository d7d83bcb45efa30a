import type { ActionRoute } from "../viewsets/actions.js";
import { responseSchema } from "./body-schemas.js";
import { fieldPlanOf, optionsOf, resolveViewSet, type ViewSetRoute } from "./describable-viewset.js";
import { pascalCase } from "./describe-viewset.js";
import type { DocumentBuilder, ErrorResponse } from "./document-builder.js";
import { errorResponses, type Guards, guardsOf, UNGUARDED } from "./guards.js";
import { componentName, valibotToOpenAPI } from "./json-schema.js";
import type { OperationObject, ReferenceObject, SchemaObject } from "./openapi-types.js";
import { type FieldPlan, fieldPlan } from "../serializers/field-plan.js";
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
 * The rows an action with a `serializer` answers with: the model's component as that serializer
 * shows it (the viewset's own component when it is the viewset's serializer), or a list of them.
 */
function serializedResponse(
  builder: DocumentBuilder,
  route: ViewSetRoute,
  action: ActionRoute,
): SchemaObject | ReferenceObject | undefined {
  const { serializer, many } = action.config;
  const viewset = serializer && route.viewset ? resolveViewSet(route.viewset) : null;
  if (!serializer || !viewset) return undefined;
  const { model } = viewset.options;
  let plan: FieldPlan | null;
  try {
    plan = serializer === true ? fieldPlanOf(viewset) : fieldPlan(model, serializer(), viewset.options);
  } catch {
    plan = null;
  }
  if (!plan) return undefined;
  const name = componentName(model.name);
  // JSON columns' definitions named as the viewset names them, so its own serializer shares its component.
  const definitions = { schemas: builder.schemas, prefix: `${name}${pascalCase(action.resource)}_` };
  const item = builder.schema(
    name,
    responseSchema(model, plan, definitions),
    `${name}${componentName(`${action.resource}_${action.name}`)}`,
  );
  return many ? { type: "array", items: item } : item;
}

/** The errors of an action's own: 404 on detail routes; a validated body's 400, 413 and 415. */
function actionErrors(action: ActionRoute, method: string): ErrorResponse[] {
  const errors: ErrorResponse[] = action.detail ? ["NotFound"] : [];
  if (action.config.requestSchema && BODY_METHODS.has(method as never)) {
    errors.push("ValidationError", "PayloadTooLarge", "UnsupportedMediaType");
  }
  return errors;
}

/**
 * One operation per method of a custom action, with its viewset's checks when it runs them. Its
 * bodies are the valibot schemas of the action's config (its response the model's fields as its
 * serializer shows them, when it has one), or any JSON object.
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
  const response =
    serializedResponse(builder, route, action) ??
    (config.responseSchema ? (valibotToOpenAPI(config.responseSchema, definitions) ?? {}) : ANY_OBJECT);
  const guards = guardsOfAction(builder, route, action);
  const several = action.methods.length > 1;
  for (const method of action.methods) {
    const lower = operationMethod(method);
    const op: OperationObject = {
      operationId: builder.operationId(several ? `${resource}_${name}_${lower}` : `${resource}_${name}`),
      tags: [resource],
      responses: {
        "200": method === "HEAD" ? { description: "OK." } : { description: "OK.", content: jsonContent(response) },
        ...errorResponses(builder, guards, actionErrors(action, method)),
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

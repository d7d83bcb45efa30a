/** The OpenAPI operations of a custom action: its parameters, body, answers and guards. */
import type { ActionRoute } from "../viewsets/actions.js";
import { responseSchema } from "./body-schemas.js";
import { fieldPlanOf, optionsOf, resolveViewSet, type ViewSetRoute } from "./describable-viewset.js";
import { pascalCase } from "../models/names.js";
import { type DocumentBuilder, ERROR_STATUS, type ErrorResponse } from "./document-builder.js";
import { errorResponses, type Guards, guardsOf, uncheckedGuards } from "./guards.js";
import { componentName, type DefinitionTarget, valibotToOpenAPI } from "./json-schema.js";
import type {
  HandlerDocs,
  MediaTypeObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  SchemaObject,
} from "../http/openapi-types.js";
import { type FieldPlan, fieldPlan } from "../serializers/field-plan.js";
import { ANY_OBJECT, BODY_METHODS, idParameter, jsonContent, nounOf, operationMethod } from "./operation-parts.js";
import { ACTION_MEDIA_TYPES } from "../http/media-types.js";

/**
 * What an action runs before its handler. With `checks: true` the router has the resource's viewset
 * run its checks (through `checkAction`), so the action answers 401/403/429 as the standard routes
 * do; without it the handler owns its checks, which the document cannot see.
 */
function guardsOfAction(builder: DocumentBuilder, route: ViewSetRoute, action: ActionRoute): Guards {
  const { viewset, settings } = route;
  if (!action.config.checks || typeof viewset?.checkAction !== "function") {
    return uncheckedGuards(viewset ? optionsOf(viewset) : {}, settings);
  }
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

/**
 * The errors of an action's own: 404 on detail routes; a validated query's 400; and on a method
 * with a body, what reading it answers (`requestSchema`, or a handler's `getJSON`): a body that fails
 * or is not JSON 400, one too large 413, another media type 415.
 */
function actionErrors(action: ActionRoute, method: string): ErrorResponse[] {
  const errors: ErrorResponse[] = action.detail ? ["NotFound"] : [];
  if (action.config.querySchema) errors.push("ValidationError");
  if (BODY_METHODS.has(method as never)) errors.push("ValidationError", "PayloadTooLarge", "UnsupportedMediaType");
  // One that runs its viewset's checks or serializer reads through its manager: a database that is
  // down, busy or full is a 503 (a handler of its own says so in `handler.openapi.responses`).
  if (action.config.checks || action.config.serializer) errors.push("Unavailable");
  return [...new Set(errors)];
}

/** One query parameter per entry of the action's `querySchema` (each read as text, its last value). */
function queryParameters(action: ActionRoute, definitions: DefinitionTarget): ParameterObject[] {
  const schema = action.config.querySchema;
  if (!schema) return [];
  const converted = valibotToOpenAPI(schema, definitions) ?? {};
  const properties = (converted.properties ?? {}) as Record<string, SchemaObject>;
  const required = new Set((converted.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: "query",
      required: required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

/**
 * What a handler says of its own answers (`docsPage` serves HTML): its parameters and responses.
 * A shared error response it names by reference is added to the components.
 */
function handlerDocs(builder: DocumentBuilder, action: ActionRoute): HandlerDocs | undefined {
  const docs = (action.handler as { openapi?: HandlerDocs }).openapi;
  for (const response of Object.values(docs?.responses ?? {})) {
    const name = (response as { $ref?: string }).$ref?.match(/^#\/components\/responses\/(\w+)$/)?.[1];
    if (name && name in ERROR_STATUS) builder.error(name as ErrorResponse);
  }
  return docs;
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
  const own = handlerDocs(builder, action);
  const viewset = route.viewset ? resolveViewSet(route.viewset) : null;
  const noun = nounOf(resource, viewset?.options.model);
  const parameters = [
    ...(action.detail ? [idParameter(noun)] : []),
    ...queryParameters(action, definitions),
    ...(own?.parameters ?? []),
  ];
  for (const method of action.methods) {
    const lower = operationMethod(method);
    const op: OperationObject = {
      operationId: builder.operationId(several ? `${resource}_${name}_${lower}` : `${resource}_${name}`),
      tags: [resource],
      responses: {
        "200": method === "HEAD" ? { description: "OK." } : { description: "OK.", content: jsonContent(response) },
        ...errorResponses(builder, guards, actionErrors(action, method)),
        ...(method === "HEAD" ? {} : own?.responses),
      },
    };
    if (config.summary) op.summary = config.summary;
    if (config.description) op.description = config.description;
    if (parameters.length > 0) op.parameters = parameters;
    if (BODY_METHODS.has(method)) {
      const content: Record<string, MediaTypeObject> = {};
      for (const mediaType of ACTION_MEDIA_TYPES) content[mediaType] = { schema: request };
      op.requestBody = { required: config.requestSchema !== undefined, content };
    }
    const security = guards.security(method, { resource, action: name, readOnly: readOnlyOf(route) }) ?? own?.security;
    if (security) op.security = [...security];
    builder.operation(path, lower, op);
  }
}

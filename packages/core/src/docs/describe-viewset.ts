import type { Authenticator } from "../auth/authentication.js";
import type { Permission } from "../auth/permissions.js";
import type { ModelShape } from "../models/define-model.js";
import { lookupsFor, RESERVED_PARAMS } from "../query/filters.js";
import type { Paginator } from "../query/paginator.js";
import type { Throttle } from "../throttling/throttle.js";
import type { FieldPlan } from "../serializers/field-plan.js";
import type { ViewSet, ViewSettings } from "../viewsets/viewset.js";
import { type DocumentBuilder, ERROR_STATUS, type ErrorResponse } from "./document-builder.js";
import { fieldSchema, lookupParameter, refineConverted } from "./field-schemas.js";
import { componentName, type DefinitionTarget, valibotToOpenAPI } from "./json-schema.js";
import type {
  MediaTypeObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
  SecurityRequirement,
} from "./openapi-types.js";
import { securityRequirements } from "./security.js";

/**
 * A paginator may describe itself for the document: its query parameters and the envelope
 * around a page of results. Page-number pagination (the default) needs no description.
 */
export interface PaginatorDocs {
  readonly parameters?: readonly ParameterObject[];
  readonly envelope?: (results: SchemaObject) => SchemaObject;
}

/** What the docs read from a BaseViewSet (duck-typed, so that a second copy of the core still works). */
interface DescribableViewSet {
  readonly options: {
    readonly model: ModelShape;
    readonly readOnly?: boolean;
    readonly searchFields?: readonly string[];
    readonly ordering?: readonly string[];
    readonly pageSize?: number;
    readonly maxPageSize?: number;
    readonly pagination?: Paginator & { readonly openapi?: PaginatorDocs };
    readonly authentication?: readonly Authenticator[];
    readonly permissions?: readonly Permission[];
    readonly throttles?: readonly Throttle[];
  };
  getFieldPlan(): FieldPlan;
}

export interface ViewSetRoute {
  readonly prefix: string;
  readonly resource: string;
  readonly viewset: ViewSet | undefined;
  readonly settings: ViewSettings;
}

const JSON_TYPE = "application/json";

function isDescribable(value: unknown): value is DescribableViewSet {
  const candidate = value as Partial<DescribableViewSet> | null;
  return (
    typeof candidate?.getFieldPlan === "function" &&
    typeof candidate.options?.model?.fields === "object" &&
    candidate.options.model.fields !== null
  );
}

/** The BaseViewSet behind a registered viewset: itself, or what a ViewSetConfig builds now. */
function resolveViewSet(viewset: ViewSet): DescribableViewSet | null {
  if (isDescribable(viewset)) return viewset;
  const build = (viewset as { build?: unknown }).build;
  if (typeof build !== "function") return null;
  try {
    const built: unknown = build.call(viewset);
    return isDescribable(built) ? built : null;
  } catch {
    return null;
  }
}

const refName = (ref: ReferenceObject): string => ref.$ref.slice("#/components/schemas/".length);

function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== "")
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");
}

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

/** What every standard route of one viewset shares: its checks, as responses and security. */
interface Guards {
  readonly errors: ErrorResponse[];
  readonly security: SecurityRequirement[] | undefined;
}

function guardsOf(
  builder: DocumentBuilder,
  viewset: Partial<DescribableViewSet["options"]>,
  settings: ViewSettings,
): Guards {
  const authentication = viewset.authentication ?? settings.authentication;
  const permissions = viewset.permissions ?? settings.permissions;
  const throttles = viewset.throttles ?? settings.throttles;
  const errors: ErrorResponse[] = [];
  if (authentication.length > 0) errors.push("Unauthenticated");
  if (permissions.length > 0) errors.push("PermissionDenied");
  if (throttles.length > 0) errors.push("Throttled");
  return { errors, security: securityRequirements(builder, authentication, permissions) };
}

function operation(
  builder: DocumentBuilder,
  guards: Guards,
  fields: Omit<OperationObject, "responses">,
  success: Record<string, ResponseObject>,
  errors: ErrorResponse[],
): OperationObject {
  const responses: OperationObject["responses"] = { ...success };
  const all = [...errors, ...guards.errors].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]);
  for (const name of all) responses[String(ERROR_STATUS[name])] = builder.error(name);
  const op: OperationObject = { ...fields, responses };
  if (guards.security) op.security = guards.security;
  return op;
}

/** The response body: every response field, non-writable ones marked `readOnly`. */
function responseSchema(model: ModelShape, plan: FieldPlan): SchemaObject {
  const properties: Record<string, SchemaObject> = {};
  for (const name of plan.response) {
    properties[name] = fieldSchema(model.fields[name]!, { readOnly: !plan.writable.has(name) });
  }
  const schema: SchemaObject = { type: "object", properties };
  if (plan.response.length > 0) schema.required = [...plan.response];
  return schema;
}

/**
 * A request body from the model's valibot schema, narrowed to the writable fields (the viewset
 * drops the others). A field whose schema cannot be converted (a transform, a custom check) is
 * described from its field declaration instead.
 */
function requestSchema(
  model: ModelShape,
  plan: FieldPlan,
  partial: boolean,
  definitions: DefinitionTarget,
): SchemaObject {
  const base = partial ? model.partialSchema : model.schema;
  const entries = (base as { entries?: unknown }).entries;
  const whole = valibotToOpenAPI(base, definitions) ?? {};
  if (typeof entries !== "object" || entries === null) return whole;
  const converted = (whole.properties ?? {}) as Record<string, SchemaObject>;
  const properties: Record<string, SchemaObject> = {};
  for (const [name, entry] of Object.entries(entries as Record<string, Parameters<typeof valibotToOpenAPI>[0]>)) {
    if (!plan.writable.has(name)) continue;
    const field = model.fields[name];
    const strict = valibotToOpenAPI(entry, definitions, { strict: true });
    properties[name] = strict ? refineConverted(strict, field) : field ? fieldSchema(field) : (converted[name] ?? {});
  }
  const schema: SchemaObject = { type: "object", properties };
  const required = partial ? [] : ((whole.required as string[] | undefined) ?? []).filter((name) => name in properties);
  if (required.length > 0) schema.required = required;
  return schema;
}

function pageNumberEnvelope(results: SchemaObject): SchemaObject {
  return {
    type: "object",
    properties: {
      count: { type: "integer", example: 123 },
      next: { type: "string", format: "uri", nullable: true, example: "http://api.example.org/items/?page=4" },
      previous: { type: "string", format: "uri", nullable: true, example: "http://api.example.org/items/?page=2" },
      results,
    },
    required: ["count", "next", "previous", "results"],
  };
}

/** A paginator the docs know nothing about: at least `results`, with the usual links. */
function customEnvelope(results: SchemaObject): SchemaObject {
  return {
    type: "object",
    properties: {
      count: { type: "integer" },
      next: { type: "string", format: "uri", nullable: true },
      previous: { type: "string", format: "uri", nullable: true },
      results,
    },
    required: ["results"],
  };
}

function paginationParameters(
  viewset: DescribableViewSet,
  settings: ViewSettings,
): { parameters: ParameterObject[]; envelope: (results: SchemaObject) => SchemaObject } {
  const { pagination } = viewset.options;
  if (pagination) {
    const docs = pagination.openapi;
    return { parameters: [...(docs?.parameters ?? [])], envelope: docs?.envelope ?? customEnvelope };
  }
  const pageSize = viewset.options.pageSize ?? settings.pageSize;
  const maxPageSize = viewset.options.maxPageSize ?? settings.maxPageSize;
  return {
    parameters: [
      {
        name: "page",
        in: "query",
        required: false,
        description: "A page number within the paginated result set (from 1).",
        schema: { type: "integer", minimum: 1 },
      },
      {
        name: "page_size",
        in: "query",
        required: false,
        description: `Number of results per page (default ${pageSize}, at most ${maxPageSize}).`,
        schema: { type: "integer", minimum: 1, maximum: maxPageSize, default: pageSize },
      },
    ],
    envelope: pageNumberEnvelope,
  };
}

function listParameters(
  viewset: DescribableViewSet,
  plan: FieldPlan,
  pagination: ParameterObject[],
): ParameterObject[] {
  const { model } = viewset.options;
  const parameters = [...pagination];
  if (plan.orderable.size > 0) {
    const fields = [...plan.orderable];
    const defaults = viewset.options.ordering?.length ? viewset.options.ordering.join(",") : model.primaryKey;
    parameters.push({
      name: "ordering",
      in: "query",
      required: false,
      description: `Fields to order by, comma-separated; a leading "-" sorts descending. Allowed: ${fields.join(", ")}. Default: ${defaults}.`,
      schema: { type: "array", items: { type: "string", enum: fields.flatMap((field) => [field, `-${field}`]) } },
      style: "form",
      explode: false,
    });
  }
  if (plan.searchable.length > 0) {
    parameters.push({
      name: "search",
      in: "query",
      required: false,
      description: `Search terms (separated by spaces or commas); each must appear in one of: ${plan.searchable.join(", ")}.`,
      schema: { type: "string" },
    });
  }
  for (const name of plan.filterable) {
    const field = model.fields[name]!;
    for (const lookup of lookupsFor(field)) {
      // isnull on a field that is never null always answers the same: not worth a parameter.
      if (lookup === "isnull" && field.nullable !== true) continue;
      const param = lookup === "exact" ? name : `${name}__${lookup}`;
      if (RESERVED_PARAMS.has(param)) continue;
      const described = lookupParameter(field, lookup);
      const parameter: ParameterObject = {
        name: param,
        in: "query",
        required: false,
        description: `${name}: ${described.description}`,
        schema: described.schema,
      };
      if (described.style) parameter.style = described.style;
      if (described.explode !== undefined) parameter.explode = described.explode;
      parameters.push(parameter);
    }
  }
  return parameters;
}

function requestBody(ref: ReferenceObject, required: boolean) {
  return { required, content: { [JSON_TYPE]: { schema: ref } } };
}

/** The standard routes of one BaseViewSet (or ViewSetConfig): list and retrieve, and the writes unless read-only. */
export function describeViewSet(builder: DocumentBuilder, route: ViewSetRoute): void {
  const { prefix, resource, settings } = route;
  if (!route.viewset) return;
  const viewset = resolveViewSet(route.viewset);
  let plan: FieldPlan | null = null;
  try {
    plan = viewset ? viewset.getFieldPlan() : null;
  } catch {
    // A serializer factory that throws: describe the routes without their fields.
  }
  if (!viewset || !plan) {
    describeOpaqueViewSet(builder, route);
    return;
  }
  const { model } = viewset.options;
  builder.tag(resource);
  const guards = guardsOf(builder, viewset.options, settings);
  const modelName = componentName(model.name);
  const fallbackName = `${modelName}${pascalCase(resource)}`;
  const definitions: DefinitionTarget = { schemas: builder.schemas, prefix: `${fallbackName}_` };

  const itemRef = builder.schema(modelName, responseSchema(model, plan), fallbackName);
  const itemName = refName(itemRef);
  const pagination = paginationParameters(viewset, settings);
  const pageRef = builder.schema(
    `Paginated${itemName}List`,
    pagination.envelope({ type: "array", items: itemRef }),
    `Paginated${fallbackName}List`,
  );
  const listPath = `${prefix}/${resource}/`;
  const detailPath = `${prefix}/${resource}/{id}`;
  const id = idParameter(resource);
  const item = (description: string): Record<string, ResponseObject> => ({
    "200": { description, content: jsonContent(itemRef) },
  });

  builder.operation(
    listPath,
    "get",
    operation(
      builder,
      guards,
      {
        operationId: builder.operationId(`${resource}_list`),
        tags: [resource],
        summary: `List ${resource}`,
        parameters: listParameters(viewset, plan, pagination.parameters),
      },
      { "200": { description: "A page of results.", content: jsonContent(pageRef) } },
      plan.filterable.size > 0 ? ["ValidationError", "NotFound"] : ["NotFound"],
    ),
  );
  builder.operation(
    detailPath,
    "get",
    operation(
      builder,
      guards,
      {
        operationId: builder.operationId(`${resource}_retrieve`),
        tags: [resource],
        summary: `Retrieve one ${resource} record`,
        parameters: [id],
      },
      item("The record."),
      ["NotFound"],
    ),
  );
  if (viewset.options.readOnly === true) return;

  const writeRef = builder.schema(
    `${itemName}Request`,
    requestSchema(model, plan, false, definitions),
    `${fallbackName}Request`,
  );
  const patchRef = builder.schema(
    `Patched${itemName}Request`,
    requestSchema(model, plan, true, definitions),
    `Patched${fallbackName}Request`,
  );
  const writeRequired = ((builder.schemas[refName(writeRef)]?.required as unknown[] | undefined)?.length ?? 0) > 0;
  const bodyErrors: ErrorResponse[] = ["ValidationError", "Conflict", "PayloadTooLarge", "UnsupportedMediaType"];

  builder.operation(
    listPath,
    "post",
    operation(
      builder,
      guards,
      {
        operationId: builder.operationId(`${resource}_create`),
        tags: [resource],
        summary: `Create a ${resource} record`,
        requestBody: requestBody(writeRef, writeRequired),
      },
      {
        "201": {
          description: "Created.",
          headers: {
            Location: { description: "The URL of the new record.", schema: { type: "string", format: "uri" } },
          },
          content: jsonContent(itemRef),
        },
      },
      bodyErrors,
    ),
  );
  builder.operation(
    detailPath,
    "put",
    operation(
      builder,
      guards,
      {
        operationId: builder.operationId(`${resource}_update`),
        tags: [resource],
        summary: `Replace a ${resource} record`,
        parameters: [id],
        requestBody: requestBody(writeRef, writeRequired),
      },
      item("The updated record."),
      [...bodyErrors, "NotFound"],
    ),
  );
  builder.operation(
    detailPath,
    "patch",
    operation(
      builder,
      guards,
      {
        operationId: builder.operationId(`${resource}_partial_update`),
        tags: [resource],
        summary: `Update some fields of a ${resource} record`,
        parameters: [id],
        requestBody: requestBody(patchRef, false),
      },
      item("The updated record."),
      [...bodyErrors, "NotFound"],
    ),
  );
  builder.operation(
    detailPath,
    "delete",
    operation(
      builder,
      guards,
      {
        operationId: builder.operationId(`${resource}_destroy`),
        tags: [resource],
        summary: `Delete a ${resource} record`,
        parameters: [id],
      },
      { "204": { description: "Deleted." } },
      ["NotFound", "Conflict"],
    ),
  );
}

const ANY_OBJECT: SchemaObject = { type: "object", additionalProperties: true };

/**
 * A custom ViewSet that is not a BaseViewSet: its fields are unknown, so its routes are listed
 * with generic JSON bodies (only list and retrieve when it says it is read-only).
 */
function describeOpaqueViewSet(builder: DocumentBuilder, route: ViewSetRoute): void {
  const { prefix, resource, settings } = route;
  const viewset = route.viewset as { options?: Partial<DescribableViewSet["options"]>; readOnly?: boolean };
  const options = viewset.options ?? {};
  const readOnly = viewset.readOnly === true || options.readOnly === true;
  builder.tag(resource);
  const guards = guardsOf(builder, options, settings);
  const description = "Served by a custom viewset: the document cannot tell its fields.";
  const json = (text: string): Record<string, ResponseObject> => ({
    "200": { description: text, content: jsonContent(ANY_OBJECT) },
  });
  const body = { required: false, content: { [JSON_TYPE]: { schema: ANY_OBJECT } } };
  const listPath = `${prefix}/${resource}/`;
  const detailPath = `${prefix}/${resource}/{id}`;
  const id = idParameter(resource);
  const op = (
    name: string,
    summary: string,
    extra: Partial<OperationObject>,
    success: Record<string, ResponseObject>,
    errors: ErrorResponse[],
  ) =>
    operation(
      builder,
      guards,
      { operationId: builder.operationId(`${resource}_${name}`), tags: [resource], summary, description, ...extra },
      success,
      errors,
    );

  builder.operation(listPath, "get", op("list", `List ${resource}`, {}, json("The list."), []));
  builder.operation(
    detailPath,
    "get",
    op("retrieve", `Retrieve one ${resource} record`, { parameters: [id] }, json("The record."), ["NotFound"]),
  );
  if (readOnly) return;
  builder.operation(
    listPath,
    "post",
    op(
      "create",
      `Create a ${resource} record`,
      { requestBody: body },
      { "201": { description: "Created.", content: jsonContent(ANY_OBJECT) } },
      ["ValidationError"],
    ),
  );
  builder.operation(
    detailPath,
    "put",
    op("update", `Replace a ${resource} record`, { parameters: [id], requestBody: body }, json("The updated record."), [
      "ValidationError",
      "NotFound",
    ]),
  );
  builder.operation(
    detailPath,
    "patch",
    op(
      "partial_update",
      `Update some fields of a ${resource} record`,
      { parameters: [id], requestBody: body },
      json("The updated record."),
      ["ValidationError", "NotFound"],
    ),
  );
  builder.operation(
    detailPath,
    "delete",
    op("destroy", `Delete a ${resource} record`, { parameters: [id] }, { "204": { description: "Deleted." } }, [
      "NotFound",
    ]),
  );
}

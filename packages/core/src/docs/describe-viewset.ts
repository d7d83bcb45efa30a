import type { ModelShape } from "../models/define-model.js";
import { pageNumberPagination } from "../query/pagination.js";
import type { PaginatorDocs } from "../query/paginator.js";
import type { FieldPlan } from "../serializers/field-plan.js";
import type { StandardRoute } from "../viewsets/standard-routes.js";
import type { ViewSettings } from "../viewsets/viewset.js";
import { genericEnvelope, requestSchema, responseSchema } from "./body-schemas.js";
import { type DescribableViewSet, fieldPlanOf, resolveViewSet, type ViewSetRoute } from "./describable-viewset.js";
import { describeOpaqueViewSet } from "./describe-opaque-viewset.js";
import type { DocumentBuilder, ErrorResponse } from "./document-builder.js";
import { type Guards, guardedOperation, guardsOf } from "./guards.js";
import { componentName, type DefinitionTarget } from "./json-schema.js";
import { listParameters } from "./list-parameters.js";
import { sparseParameters } from "./sparse-parameters.js";
import type {
  OperationObject,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
} from "./openapi-types.js";
import {
  BODY_METHODS,
  idParameter,
  jsonContent,
  operationMethod,
  servedRoutes,
  standardFields,
  standardPath,
  standardSuccess,
} from "./operation-parts.js";

const refName = (ref: ReferenceObject): string => ref.$ref.slice("#/components/schemas/".length);

export function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== "")
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");
}

/** What the viewset's paginator says of itself, for its page sizes; page-number pagination when it sets none. */
function paginationOf(options: DescribableViewSet["options"], settings: ViewSettings): Required<PaginatorDocs> {
  const paginator = options.pagination ?? pageNumberPagination();
  const sizes = {
    pageSize: options.pageSize ?? settings.pageSize,
    maxPageSize: options.maxPageSize ?? settings.maxPageSize,
  };
  const docs = typeof paginator.openapi === "function" ? paginator.openapi(sizes) : paginator.openapi;
  return { parameters: docs?.parameters ?? [], envelope: docs?.envelope ?? genericEnvelope };
}

/** The component names of a viewset's schemas, and the names they fall back to when taken. */
interface SchemaNames {
  readonly item: string;
  readonly fallback: string;
}

/** The body schemas of the writes: the whole object for create and replace, some fields for a partial update. */
interface WriteSchemas {
  readonly write: ReferenceObject;
  readonly patch: ReferenceObject;
  readonly writeRequired: boolean;
}

function registerWriteSchemas(
  builder: DocumentBuilder,
  model: ModelShape,
  plan: FieldPlan,
  names: SchemaNames,
): WriteSchemas {
  const definitions: DefinitionTarget = { schemas: builder.schemas, prefix: `${names.fallback}_` };
  const write = builder.schema(
    `${names.item}Request`,
    requestSchema(model, plan, false, definitions),
    `${names.fallback}Request`,
  );
  const patch = builder.schema(
    `Patched${names.item}Request`,
    requestSchema(model, plan, true, definitions),
    `Patched${names.fallback}Request`,
  );
  const writeRequired = ((builder.schemas[refName(write)]?.required as unknown[] | undefined)?.length ?? 0) > 0;
  return { write, patch, writeRequired };
}

/** What the operations of one viewset share. */
interface ViewSetParts {
  readonly builder: DocumentBuilder;
  readonly resource: string;
  readonly guards: Guards;
  readonly readOnly: boolean;
  readonly plan: FieldPlan;
  readonly item: ReferenceObject;
  readonly page: ReferenceObject;
  readonly listParameters: ParameterObject[];
  readonly writeSchemas: () => WriteSchemas;
}

function requestBodyOf(parts: ViewSetParts, route: StandardRoute): RequestBodyObject {
  const { write, patch, writeRequired } = parts.writeSchemas();
  if (route.method === "PATCH") return { required: false, content: jsonContent(patch) };
  return { required: writeRequired, content: jsonContent(write) };
}

function successOf(parts: ViewSetParts, route: StandardRoute): Record<string, ResponseObject> {
  const description = standardSuccess(route);
  switch (route.status) {
    case 204:
      return { "204": { description } };
    case 201:
      return {
        "201": {
          description,
          headers: {
            Location: { description: "The URL of the new record.", schema: { type: "string", format: "uri" } },
          },
          content: jsonContent(parts.item),
        },
      };
    default:
      return { "200": { description, content: jsonContent(route.action === "list" ? parts.page : parts.item) } };
  }
}

const BODY_ERRORS: readonly ErrorResponse[] = [
  "ValidationError",
  "Conflict",
  "PayloadTooLarge",
  "UnsupportedMediaType",
];

function errorsOf(parts: ViewSetParts, route: StandardRoute): ErrorResponse[] {
  const errors: ErrorResponse[] = [];
  // A filter value that does not coerce, or an unknown name in `fields` or `omit`.
  const sparse = parts.plan.response.length > 0;
  if (route.action === "list") {
    if (parts.plan.filterable.size > 0 || sparse) errors.push("ValidationError");
    errors.push("NotFound"); // a page past the last one
  }
  if (route.action === "retrieve" && sparse) errors.push("ValidationError");
  if (BODY_METHODS.has(route.method)) errors.push(...BODY_ERRORS);
  if (route.kind === "detail") errors.push("NotFound");
  // A row that others still reference may refuse to go.
  if (route.method === "DELETE") errors.push("Conflict");
  return errors;
}

function standardOperation(parts: ViewSetParts, route: StandardRoute): OperationObject {
  const { builder, resource } = parts;
  const fields = standardFields(builder, resource, route);
  if (route.action === "list") fields.parameters = parts.listParameters;
  else if (route.action === "retrieve") fields.parameters = [idParameter(resource), ...sparseParameters(parts.plan)];
  else if (route.kind === "detail") fields.parameters = [idParameter(resource)];
  if (BODY_METHODS.has(route.method)) fields.requestBody = requestBodyOf(parts, route);
  return guardedOperation(builder, parts.guards, fields, successOf(parts, route), errorsOf(parts, route), {
    method: route.method,
    view: { resource, action: route.action, readOnly: parts.readOnly },
  });
}

/** The standard routes of one BaseViewSet (or ViewSetConfig): list and retrieve, and the writes unless read-only. */
export function describeViewSet(builder: DocumentBuilder, route: ViewSetRoute): void {
  const { prefix, resource, settings } = route;
  if (!route.viewset) return;
  const viewset = resolveViewSet(route.viewset);
  const plan = viewset ? fieldPlanOf(viewset) : null;
  if (!viewset || !plan) {
    describeOpaqueViewSet(builder, route);
    return;
  }
  const { options } = viewset;
  const { model } = options;
  builder.tag(resource);
  const modelName = componentName(model.name);
  const fallbackName = `${modelName}${pascalCase(resource)}`;
  const definitions: DefinitionTarget = { schemas: builder.schemas, prefix: `${fallbackName}_` };
  const item = builder.schema(modelName, responseSchema(model, plan, definitions), fallbackName);
  const names: SchemaNames = { item: refName(item), fallback: fallbackName };
  const pagination = paginationOf(options, settings);
  const page = builder.schema(
    `Paginated${names.item}List`,
    pagination.envelope({ type: "array", items: item }),
    `Paginated${names.fallback}List`,
  );
  // Registered when the first write asks, after the reads' error responses: the order components have always had.
  let writeSchemas: WriteSchemas | undefined;
  const parts: ViewSetParts = {
    builder,
    resource,
    guards: guardsOf(builder, options, settings),
    readOnly: options.readOnly === true,
    plan,
    item,
    page,
    listParameters: listParameters(options, plan, pagination.parameters),
    writeSchemas: () => (writeSchemas ??= registerWriteSchemas(builder, model, plan, names)),
  };
  for (const standard of servedRoutes(options.readOnly === true)) {
    builder.operation(
      standardPath(prefix, resource, standard),
      operationMethod(standard.method),
      standardOperation(parts, standard),
    );
  }
}

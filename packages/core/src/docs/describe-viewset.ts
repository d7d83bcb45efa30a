/** The OpenAPI operations of a viewset's standard routes, drawn from STANDARD_ROUTES. */
import type { ModelShape } from "../models/define-model.js";
import { pageNumberPagination } from "../query/pagination.js";
import type { PaginatorDocs } from "../query/paginator.js";
import type { FieldPlan } from "../serializers/field-plan.js";
import { JSON_MEDIA_TYPE, SPARSE_MEDIA_TYPE, bodyMediaTypes } from "../http/media-types.js";
import { pascalCase } from "../models/names.js";
import { bulkCreateLimit } from "../viewsets/bulk-create.js";
import type { StandardRoute } from "../http/standard-routes.js";
import type { ViewSettings } from "../viewsets/viewset.js";
import { genericEnvelope, requestSchema, responseSchema } from "./body-schemas.js";
import { type DescribableViewSet, fieldPlanOf, resolveViewSet, type ViewSetRoute } from "./describable-viewset.js";
import { describeOpaqueViewSet } from "./describe-opaque-viewset.js";
import type { DocumentBuilder, ErrorResponse } from "./document-builder.js";
import { type Guards, guardedOperation, guardsOf } from "./guards.js";
import { componentName, type DefinitionTarget } from "./json-schema.js";
import { ETAG_HEADER, preconditionParameter } from "./conditional-parts.js";
import { listParameters } from "./list-parameters.js";
import { sparseParameters } from "./sparse-parameters.js";
import type {
  MediaTypeObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from "../http/openapi-types.js";
import {
  BODY_METHODS,
  idParameter,
  jsonContent,
  nounOf,
  operationMethod,
  servedRoutes,
  standardFields,
  standardPath,
  standardSuccess,
} from "./operation-parts.js";

const refName = (ref: ReferenceObject): string => ref.$ref.slice("#/components/schemas/".length);

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
  rejectUnknown: boolean,
): WriteSchemas {
  const definitions: DefinitionTarget = { schemas: builder.schemas, prefix: `${names.fallback}_` };
  const write = builder.schema(
    `${names.item}Request`,
    requestSchema(model, plan, false, definitions, rejectUnknown),
    `${names.fallback}Request`,
  );
  const patch = builder.schema(
    `Patched${names.item}Request`,
    requestSchema(model, plan, true, definitions, rejectUnknown),
    `Patched${names.fallback}Request`,
  );
  const writeRequired = ((builder.schemas[refName(write)]?.required as unknown[] | undefined)?.length ?? 0) > 0;
  return { write, patch, writeRequired };
}

/** A full answer and a sparse one (`?fields=`, `?omit=`), each under its own media type. */
interface Shapes {
  readonly full: ReferenceObject;
  readonly sparse: ReferenceObject | undefined;
}

/** What the operations of one viewset share. */
interface ViewSetParts {
  readonly builder: DocumentBuilder;
  readonly resource: string;
  readonly noun: string;
  readonly guards: Guards;
  readonly readOnly: boolean;
  readonly plan: FieldPlan;
  readonly item: Shapes;
  readonly page: Shapes;
  /** The most items a bulk create takes, when the viewset takes arrays. */
  readonly bulkItems: number | undefined;
  readonly listParameters: ParameterObject[];
  readonly writeSchemas: () => WriteSchemas;
}

/** The request body of a write, under each media type the method takes (`WRITE_MEDIA_TYPES`). */
function requestBodyOf(parts: ViewSetParts, route: StandardRoute): RequestBodyObject {
  const { write, patch, writeRequired } = parts.writeSchemas();
  const one = route.method === "PATCH" ? patch : write;
  const content: Record<string, MediaTypeObject> = {};
  for (const mediaType of bodyMediaTypes(route.method)) {
    // A JSON array creates every item or none (`bulkCreate`); a form is always one record.
    const bulk = route.action === "create" && parts.bulkItems !== undefined && mediaType === JSON_MEDIA_TYPE;
    content[mediaType] = {
      schema: bulk ? { oneOf: [one, { type: "array", items: one, maxItems: parts.bulkItems }] } : one,
    };
  }
  return { required: route.method !== "PATCH" && writeRequired, content };
}

/**
 * A read's content: the full answer as JSON, a sparse one under its own media type. The sparse one
 * comes first: a validator that matches media types by their `+json` suffix alone (Prism does)
 * then picks the schema that fits both answers rather than failing every sparse one.
 */
function readContent(shapes: Shapes): Record<string, MediaTypeObject> {
  const full = jsonContent(shapes.full);
  return shapes.sparse ? { [SPARSE_MEDIA_TYPE]: { schema: shapes.sparse }, ...full } : full;
}

function successOf(parts: ViewSetParts, route: StandardRoute): Record<string, ResponseObject> {
  const description = standardSuccess(route);
  const tagged = { ETag: ETAG_HEADER };
  switch (route.action) {
    case "destroy":
      return { "204": { description } };
    case "create": {
      const created: SchemaObject | ReferenceObject =
        parts.bulkItems === undefined
          ? parts.item.full
          : { oneOf: [parts.item.full, { type: "array", items: parts.item.full }] };
      return {
        "201": {
          description:
            parts.bulkItems === undefined ? description : "Created: the record, or the list of a bulk create.",
          headers: {
            Location: {
              description: "The URL of the new record (not sent for a bulk create).",
              schema: { type: "string", format: "uri" },
            },
          },
          content: jsonContent(created),
        },
      };
    }
    case "list":
    case "retrieve":
      return {
        "200": {
          description,
          headers: tagged,
          content: readContent(route.action === "list" ? parts.page : parts.item),
        },
        "304": { description: "Not modified: If-None-Match names the current ETag.", headers: tagged },
      };
    default:
      return { "200": { description, headers: tagged, content: jsonContent(parts.item.full) } };
  }
}

/** The errors a route may answer besides its guards', from what it reads and what it honours. */
function errorsOf(parts: ViewSetParts, route: StandardRoute): ErrorResponse[] {
  // Every viewset route negotiates first: an Accept that rules out JSON is 406.
  const errors: ErrorResponse[] = ["NotAcceptable"];
  // A filter value that does not coerce, or an unknown name in `fields` or `omit`.
  const sparse = parts.plan.response.length > 0;
  if (route.action === "list") {
    if (parts.plan.filterable.size > 0 || sparse) errors.push("ValidationError");
    errors.push("NotFound"); // a page past the last one
  }
  if (route.action === "retrieve" && sparse) errors.push("ValidationError");
  if (BODY_METHODS.has(route.method)) errors.push(...BODY_ERRORS);
  if (route.kind === "detail") errors.push("NotFound");
  if (route.precondition === "If-Match") errors.push("PreconditionFailed");
  // A row that others still reference may refuse to go.
  if (route.method === "DELETE") errors.push("Conflict");
  // Every route asks its manager: a database that is down, busy or full is a 503.
  errors.push("Unavailable");
  return [...new Set(errors)];
}

const BODY_ERRORS: readonly ErrorResponse[] = [
  "ValidationError",
  "Conflict",
  "PayloadTooLarge",
  "UnsupportedMediaType",
];

function standardOperation(parts: ViewSetParts, route: StandardRoute): OperationObject {
  const { builder, resource } = parts;
  const fields = standardFields(builder, resource, route, parts.noun);
  const parameters: ParameterObject[] = [];
  if (route.kind === "detail") parameters.push(idParameter(parts.noun));
  if (route.action === "list") parameters.push(...parts.listParameters);
  else if (route.action === "retrieve") parameters.push(...sparseParameters(parts.plan));
  const precondition = preconditionParameter(route);
  if (precondition) parameters.push(precondition);
  if (parameters.length > 0) fields.parameters = parameters;
  if (BODY_METHODS.has(route.method)) fields.requestBody = requestBodyOf(parts, route);
  return guardedOperation(builder, parts.guards, fields, successOf(parts, route), errorsOf(parts, route), {
    method: route.method,
    view: { resource, action: route.action, readOnly: parts.readOnly },
  });
}

/** The full and sparse component of one body: `Product` and `SparseProduct`. */
function shapesOf(
  builder: DocumentBuilder,
  names: { full: string; sparse: string; fallback: string; sparseFallback: string },
  full: SchemaObject,
  sparse: SchemaObject | undefined,
): Shapes {
  return {
    full: builder.schema(names.full, full, names.fallback),
    sparse: sparse === undefined ? undefined : builder.schema(names.sparse, sparse, names.sparseFallback),
  };
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
  builder.tag(resource, nounOf(resource, model));
  const modelName = componentName(model.name);
  const fallbackName = `${modelName}${pascalCase(resource)}`;
  const definitions: DefinitionTarget = { schemas: builder.schemas, prefix: `${fallbackName}_` };
  const hasSparse = plan.response.length > 0;
  const item = shapesOf(
    builder,
    {
      full: modelName,
      sparse: `Sparse${modelName}`,
      fallback: fallbackName,
      sparseFallback: `Sparse${fallbackName}`,
    },
    responseSchema(model, plan, definitions),
    hasSparse ? responseSchema(model, plan, definitions, true) : undefined,
  );
  const names: SchemaNames = { item: refName(item.full), fallback: fallbackName };
  const pagination = paginationOf(options, settings);
  const page = shapesOf(
    builder,
    {
      full: `Paginated${names.item}List`,
      sparse: `PaginatedSparse${names.item}List`,
      fallback: `Paginated${names.fallback}List`,
      sparseFallback: `PaginatedSparse${names.fallback}List`,
    },
    pagination.envelope({ type: "array", items: item.full }),
    item.sparse ? pagination.envelope({ type: "array", items: item.sparse }) : undefined,
  );
  // Registered when the first write asks, after the reads' error responses: the order components have always had.
  let writeSchemas: WriteSchemas | undefined;
  const rejectUnknown = options.rejectUnknownRequestFields === true;
  const parts: ViewSetParts = {
    builder,
    resource,
    noun: nounOf(resource, model),
    guards: guardsOf(builder, options, settings),
    readOnly: options.readOnly === true,
    plan,
    item,
    page,
    bulkItems: bulkCreateLimit(options.bulkCreate),
    listParameters: listParameters(options, plan, pagination.parameters),
    writeSchemas: () => (writeSchemas ??= registerWriteSchemas(builder, model, plan, names, rejectUnknown)),
  };
  for (const standard of servedRoutes(options.readOnly === true)) {
    builder.operation(
      standardPath(prefix, resource, standard),
      operationMethod(standard.method),
      standardOperation(parts, standard),
    );
  }
}

/**
 * `@viewsets/core`: what an app is written with. The Node plumbing of the adapters is in
 * `@viewsets/core/node`, the parts that packages built on the core share with it in
 * `@viewsets/core/internals`, the test suites in `@viewsets/core/testing`, throttles in
 * `@viewsets/core/throttling` and the OpenAPI document in `@viewsets/core/docs`.
 * ARCHITECTURE.md ("The front door") says why each group below is here.
 */

// Requests, answers and errors: what a handler, an action or a hook reads and returns.
export type { ApiRequest, ApiResponse, Handler, Mountable, RequestContext, WholeBody } from "./http/request.js";
export { contextOf } from "./http/request.js";
export { getJSON } from "./http/body.js";
export { noContent, sendError, sendJSON } from "./http/respond.js";
export {
  ApiError,
  AuthenticationFailed,
  BadRequest,
  ClientClosedRequest,
  ConfigurationError,
  Conflict,
  MethodNotAllowed,
  NotAcceptable,
  NotAuthenticated,
  NotFound,
  ParseError,
  PayloadTooLarge,
  PermissionDenied,
  PreconditionFailed,
  ServiceUnavailable,
  Throttled,
  UnsupportedMediaType,
  ValidationError,
} from "./http/errors.js";
export type { FieldErrors } from "./http/errors.js";

// Models and serializers: the shape of a resource and how it shows.
export { defineModel, nonEditableFields, nonSerializableFields } from "./models/define-model.js";
export type {
  CleanFunction,
  Model,
  ModelDefinition,
  ModelShape,
  ObjectSchema,
  RowOfModel,
} from "./models/define-model.js";
export type { CleanInfo, CleanInput } from "./models/clean.js";
export type { FieldDef, FieldType, FieldValueTypes, Fields, RowOf } from "./models/fields.js";
export { BaseSerializer } from "./serializers/base-serializer.js";
export type { DeclaredField, Serializer, SerializerFactory } from "./serializers/base-serializer.js";
export { serializeMany, serializeModel } from "./serializers/serialize.js";
export { modelSerializer } from "./serializers/model-serializer.js";
export type { ModelSerializer, ModelSerializerOptions, SerializedRow } from "./serializers/model-serializer.js";
export { related } from "./serializers/related.js";
export type { RelatedField, RelatedTarget } from "./serializers/related.js";
export { computed } from "./serializers/computed.js";
export type { ComputedField, ComputedType } from "./serializers/computed.js";
export { DEFAULT_MESSAGES } from "./serializers/messages.js";
export type { ValidationMessages } from "./serializers/messages.js";

// Viewsets, actions and the router: the routes an app serves.
export { BaseViewSet } from "./viewsets/base-viewset.js";
export type {
  AnyOptions,
  FieldName,
  OrderingTerm,
  ReadQueryset,
  RelationsOf,
  ViewSetCommonOptions,
  ViewSetOptions,
  WriteQueryset,
} from "./viewsets/viewset-options.js";
export { ViewSetConfig } from "./viewsets/viewset-config.js";
export type { FieldPath, NoRelations, PathOrderingTerm, Relation, RelationTarget } from "./query/relations.js";
export type { ViewRoute, ViewSet, ViewSettings } from "./viewsets/viewset.js";
export type { SettingsOptions } from "./viewsets/settings.js";
export type {
  ActionBody,
  ActionConfig,
  ActionContext,
  ActionHandler,
  ActionRoute,
  HttpMethod,
} from "./viewsets/actions.js";
export { DEFAULT_BULK_MAX_ITEMS } from "./viewsets/bulk-create.js";
export type { BulkCreateOptions } from "./viewsets/bulk-create.js";
export { Router } from "./router/router.js";
export type { RouterOptions } from "./router/router.js";
export type { CorsOptions } from "./http/cors.js";

// Managers and filters: what a queryset of an app's own implements.
export type { Manager, PipelineManager, QuerySet, ReadManager } from "./query/manager.js";
export { and, LOOKUPS, or } from "./query/filter-expression.js";
export type { Condition, Expression, FilterValue, Lookup } from "./query/filter-expression.js";
export { memoryQuerySet } from "./query/memory-queryset.js";

// Pagination: the two paginators, and the interface of an app's own.
export { DEFAULT_MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, pageNumberPagination } from "./query/pagination.js";
export { cursorPagination } from "./query/cursor-pagination.js";
export type { CursorPaginationOptions } from "./query/cursor-pagination.js";
export type { Page, PageInput, PageSizes, Paginator, PaginatorDocs } from "./query/paginator.js";

// Authentication and permissions.
export * from "./auth/index.js";

// The `viewsets` command: an app's viewsets.config.ts, and the commands a plugin adds.
export { type Command, type CommandIO, defineConfig, type ViewsetsConfig } from "./cli/command.js";

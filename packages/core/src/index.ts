// HTTP: plain requests and responses, errors as problem+json.
export type { ApiRequest, ApiResponse, Handler, Mountable, RequestBody, RequestContext } from "./http/request.js";
export { type Command, type CommandIO, defineConfig, type ViewsetsConfig } from "./cli/command.js";
export {
  answerOf,
  contextOf,
  isAborted,
  parseQuery,
  queryParamsOf,
  requestAborted,
  signalOf,
  withMethod,
} from "./http/request.js";
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
export { errorResponse, problemResponse, PROBLEM_CONTENT_TYPE } from "./http/problem.js";
export { DEFAULT_BODY_LIMIT, getJSON, readJSONBody } from "./http/body.js";
export { noContent, sendError, sendJSON } from "./http/respond.js";
export { toJSON } from "./http/json.js";
export { type ObjectSlot, objectSlot } from "./http/slot.js";
export { settledValue, settledWith, UNSETTLED } from "./http/thenable.js";
export type { CorsOptions } from "./http/cors.js";
export type { NodeIncoming, NodeOutgoing } from "./http/node.js";
export {
  closesMidBody,
  DRAIN_LIMIT,
  nodeAbortSignal,
  nodeAborted,
  NodeApiRequest,
  type NodeRequestFields,
  nodeBodyStream,
  nodeRequestBody,
  writeNodeResponse,
} from "./http/node.js";
export { describeFailure, isServerFailure } from "./http/failure-log.js";
export {
  defaultAllowedHosts,
  HostCheck,
  hostName,
  isHostAllowed,
  LOCAL_HOSTS,
  missingHostsMessage,
} from "./http/hosts.js";
export {
  behindProxies,
  clientOrigin,
  forwardedScheme,
  type OriginOptions,
  type Scheme,
  withOrigin,
} from "./http/forwarded.js";

// Models and serializers.
export {
  defineModel,
  modelFromSchema,
  nonEditableFields,
  nonSerializableFields,
  schemaFromFields,
} from "./models/define-model.js";
export type {
  CleanFunction,
  Model,
  ModelDefinition,
  ModelShape,
  ObjectSchema,
  RowOfModel,
} from "./models/define-model.js";
export type { CleanInfo, CleanInput } from "./models/clean.js";
export { pascalCase, singularIdentifier, verboseNameOf, withArticle } from "./models/names.js";
export { TIME_RANGE_MESSAGE, decimalTextSchema, fieldSchema, isEditable, isSerializable } from "./models/fields.js";
export { isFilterable } from "./query/filters.js";
export type { FieldDef, FieldType, FieldValueTypes, Fields, RowOf } from "./models/fields.js";
export { BaseSerializer } from "./serializers/base-serializer.js";
export type { DeclaredField, Serializer, SerializerFactory } from "./serializers/base-serializer.js";
export { representedField, serializeMany, serializeModel } from "./serializers/serialize.js";
export { modelSerializer } from "./serializers/model-serializer.js";
export type { ModelSerializer, ModelSerializerOptions, SerializedRow } from "./serializers/model-serializer.js";
export { related } from "./serializers/related.js";
export type { RelatedField, RelatedTarget } from "./serializers/related.js";
export { computed } from "./serializers/computed.js";
export type { ComputedField, ComputedType } from "./serializers/computed.js";
export { FIELDS_PARAM, OMIT_PARAM, sparseFieldPlan } from "./serializers/sparse-fields.js";

// Managers and the list pipeline.
export type { Manager, PipelineManager, QuerySet, ReadManager, ValueCount } from "./query/manager.js";
export { selectOnly } from "./query/manager.js";
export { countRowsBy, rangeOfRows } from "./query/facet-counts.js";
export { and, LOOKUPS, or } from "./query/expression.js";
export type { Condition, Expression, FilterValue, Lookup } from "./query/expression.js";
export { MAX_FILTER_VALUES, MAX_QUERY_PARAMETERS, buildFilters, lookupsFor, RESERVED_PARAMS } from "./query/filters.js";
export { CoercionError, coerceValue } from "./query/coerce.js";
export { parseId } from "./router/match.js";
export { resolveOrdering } from "./query/ordering.js";
export { buildSearch } from "./query/search.js";
export { compareRows, matches } from "./query/evaluate.js";
export { memoryQuerySet } from "./query/memory-queryset.js";
export { buildListQuery, filterQuerySet, orderingOf, querySetOf } from "./query/list-query.js";
export type { ListGrammar, ListQuery, QueryParams } from "./query/list-query.js";
export { DEFAULT_MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, pageNumberPagination, resolvePageSize } from "./query/pagination.js";
export type { Page, PageInput, PageSizes, Paginator, PaginatorDocs } from "./query/paginator.js";
export { afterPosition, cursorPagination } from "./query/cursor-pagination.js";
export type { CursorPaginationOptions } from "./query/cursor-pagination.js";
export { linkWith } from "./query/links.js";
export {
  INT64_MAX,
  INT64_MIN,
  MAX_YEAR,
  MIN_YEAR,
  hasValidDay,
  isStorableTime,
  isValidDate,
  parseInt64,
} from "./query/coerce.js";
export {
  DECIMAL_PATTERN,
  type DecimalLimits,
  decimalLimitProblem,
  decimalPattern,
  isDecimalText,
  quantizedDecimal,
} from "./models/decimal.js";
export {
  JSON_DEPTH_MESSAGE,
  MAX_JSON_DEPTH,
  NULL_CHARACTER_MESSAGE,
  SURROGATE_MESSAGE,
  textProblem,
  valueProblem,
} from "./models/storable.js";

// Viewsets, actions and the router.
export { BaseViewSet } from "./viewsets/base-viewset.js";
export type {
  FieldName,
  OrderingTerm,
  ReadQueryset,
  ViewSetCommonOptions,
  ViewSetOptions,
  WriteQueryset,
} from "./viewsets/viewset-options.js";
export { ViewSetConfig } from "./viewsets/viewset-config.js";
export { ViewContext } from "./viewsets/view-context.js";
export { resolveSettings } from "./viewsets/settings.js";
export { allowedMethods, STANDARD_ROUTES, standardRoute } from "./viewsets/standard-routes.js";
export type { RouteKind, StandardRoute } from "./viewsets/standard-routes.js";
export type { ViewRoute, ViewSet, ViewSettings } from "./viewsets/viewset.js";
export { fieldPlan } from "./serializers/field-plan.js";
export type { FieldPlan } from "./serializers/field-plan.js";
export { cleanObject, validateBody } from "./serializers/validate.js";
export { issueMessage, issuesToErrors } from "./serializers/issues.js";
export { DEFAULT_MESSAGES, formatMessage, resolveMessages } from "./serializers/messages.js";
export type { ValidationMessages } from "./serializers/messages.js";
export type { SettingsOptions } from "./viewsets/settings.js";
export type {
  ActionBody,
  ActionConfig,
  ActionContext,
  ActionHandler,
  ActionRoute,
  HttpMethod,
} from "./viewsets/actions.js";
export type { BulkCreateOptions } from "./viewsets/bulk-create.js";
export { DEFAULT_BULK_MAX_ITEMS } from "./viewsets/bulk-create.js";
export { Router } from "./router/router.js";
export { headResponse, runHandler } from "./router/answers.js";
export type { RouterOptions } from "./router/router.js";
export { checkViewSetConfiguration } from "./checks/check-configuration.js";

// Authentication and permissions.
export * from "./auth/index.js";
export type { Throttle, ThrottleDecision, ThrottleSubject } from "./throttling/throttle.js";

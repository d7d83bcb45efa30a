/**
 * `@viewsets/core/internals`: the parts packages built on the core share with it (drizzle's
 * managers, the admin, better-auth), so that each rule lives once. Not for apps: these names may
 * change in any release with the packages that use them.
 */

// Requests and answers below the router.
export {
  isAborted,
  parseQuery,
  queryParamsOf,
  requestAborted,
  signalOf,
  withMethod,
} from "./http/request.js";
export { DEFAULT_BODY_LIMIT, readJSONBody } from "./http/body.js";
export { errorResponse, problemResponse, PROBLEM_CONTENT_TYPE } from "./http/problem.js";
export { headResponse } from "./http/answers.js";
export { toJSON } from "./http/json.js";
export { isServerFailure } from "./http/failure-log.js";
export { allowedMethods, STANDARD_ROUTES, standardRoute } from "./http/standard-routes.js";
export type { RouteKind, StandardRoute } from "./http/standard-routes.js";

// Answers without a promise where nothing waited (ARCHITECTURE.md, "The path of a request").
export { type ObjectSlot, objectSlot } from "./http/slot.js";
export { settledValue, settledWith, UNSETTLED } from "./http/thenable.js";

// Hosts and proxies, as the router checks them.
export * from "./http/hosts.js";
export * from "./http/forwarded.js";

// What a value may be: numbers, dates, decimals and text both databases store alike.
export { CoercionError, coerceValue, INT64_MAX, INT64_MIN, parseId, parseInt64 } from "./query/coerce.js";
export * from "./models/dates.js";
export * from "./models/decimal.js";
export * from "./models/storable.js";

// Models and serializers in parts.
export { modelFromSchema, schemaFromFields } from "./models/define-model.js";
export * from "./models/names.js";
export {
  TIME_RANGE_MESSAGE,
  allowsBlank,
  choiceLabel,
  decimalTextSchema,
  fieldSchema,
  isEditable,
  isSerializable,
} from "./models/fields.js";
export { representedField } from "./serializers/serialize.js";
export { makeRecordOf } from "./serializers/projector.js";
export { FIELDS_PARAM, OMIT_PARAM, sparseFieldPlan } from "./serializers/sparse-fields.js";
export { fieldPlan } from "./serializers/field-plan.js";
export type { FieldPlan } from "./serializers/field-plan.js";
export { cleanObject, validateBody } from "./serializers/validate.js";
export { issueMessage, issuesToErrors } from "./serializers/issues.js";
export { formatMessage, resolveMessages } from "./serializers/messages.js";

// The list pipeline in parts: the admin's rows and facets use the API's own grammar.
export type { ValueCount } from "./query/manager.js";
export { selectOnly } from "./query/manager.js";
export { countRowsBy, rangeOfRows } from "./query/facet-counts.js";
export { isFilterable } from "./query/filters.js";
export { MAX_FILTER_VALUES, MAX_QUERY_PARAMETERS, buildFilters, lookupsFor, RESERVED_PARAMS } from "./query/filters.js";
export { resolveOrdering } from "./query/ordering.js";
export { isResolved, managerExpression, resolvePath } from "./query/relations.js";
export type { ResolvedPath } from "./query/relations.js";
export { buildSearch } from "./query/search.js";
export { compareRows, matches } from "./query/evaluate.js";
export { buildListQuery, filterAndSearch, orderingOf, querySetOf } from "./query/list-query.js";
export type { ListGrammar, ListQuery, QueryParams } from "./query/list-query.js";
export { resolvePageSize } from "./query/pagination.js";
export { afterPosition } from "./query/cursor-pagination.js";
export { linkWith } from "./query/links.js";

// Viewsets in parts.
export { ViewContext } from "./viewsets/view-context.js";
export { resolveSettings } from "./viewsets/settings.js";
export { checkViewSetConfiguration } from "./checks/check-configuration.js";

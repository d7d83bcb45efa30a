/** The OpenAPI parameters of a list: filters, search, ordering and the paginator's. */
import type { ModelShape } from "../models/define-model.js";
import { lookupsFor, RESERVED_PARAMS } from "../query/filters.js";
import type { FieldPlan } from "../serializers/field-plan.js";
import { COMMA_SEPARATED, lookupParameter } from "./field-schemas.js";
import { STORABLE_TEXT_PATTERN } from "../models/storable.js";
import { sparseParameters } from "./sparse-parameters.js";
import type { ParameterObject } from "../http/openapi-types.js";

/** What the list's parameters read from a viewset besides its field plan. */
export interface ListOptions {
  readonly model: ModelShape;
  readonly ordering?: readonly string[] | undefined;
}

function orderingParameters(options: ListOptions, plan: FieldPlan): ParameterObject[] {
  if (plan.orderable.size === 0) return [];
  const fields = [...plan.orderable];
  const defaults = options.ordering?.length ? options.ordering.join(",") : options.model.primaryKey;
  return [
    {
      name: "ordering",
      in: "query",
      required: false,
      // Any name: the server ignores one it cannot order by (API.md, as DRF's OrderingFilter does),
      // so the document names the allowed ones in words rather than refusing the others.
      description: `Fields to order by, comma-separated; a leading "-" sorts descending. Allowed: ${fields.join(", ")} (other names are ignored). Default: ${defaults}.`,
      schema: { type: "array", items: { type: "string" } },
      ...COMMA_SEPARATED,
    },
  ];
}

function searchParameters(plan: FieldPlan): ParameterObject[] {
  if (plan.searchable.length === 0) return [];
  return [
    {
      name: "search",
      in: "query",
      required: false,
      description: `Search terms (separated by spaces or commas); each must appear in one of: ${plan.searchable.join(", ")}.`,
      schema: { type: "string", pattern: STORABLE_TEXT_PATTERN },
    },
  ];
}

/** One parameter per filterable field and lookup: `price`, `price__gte`, `price__in`, ... */
function filterParameters(model: ModelShape, plan: FieldPlan): ParameterObject[] {
  const parameters: ParameterObject[] = [];
  for (const name of plan.filterable) {
    // A path through relations (`category__name`) takes the lookups of the field it ends on.
    const field = plan.paths.get(name)?.field ?? model.fields[name]!;
    // The lookups the filter parser accepts for this field's type, and no others.
    for (const lookup of lookupsFor(field)) {
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
      parameter.style = described.style;
      parameter.explode = described.explode;
      parameters.push(parameter);
    }
  }
  return parameters;
}

/** The query parameters of a list: the paginator's, then ordering, search, the filters and the sparse fieldset. */
export function listParameters(
  options: ListOptions,
  plan: FieldPlan,
  pagination: readonly ParameterObject[],
): ParameterObject[] {
  return [
    ...pagination,
    ...orderingParameters(options, plan),
    ...searchParameters(plan),
    ...filterParameters(options.model, plan),
    ...sparseParameters(plan),
  ];
}

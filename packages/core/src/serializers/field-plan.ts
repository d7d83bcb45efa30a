import type { ModelShape } from "../models/define-model.js";
import { isEditable, isSerializable } from "../models/fields.js";
import { isFilterable } from "../query/filters.js";
import type { Serializer } from "../serializers/base-serializer.js";

/** Which fields a viewset shows, accepts, filters, orders and searches, for one request. */
export interface FieldPlan {
  readonly response: readonly string[];
  readonly writable: ReadonlySet<string>;
  readonly filterable: ReadonlySet<string>;
  readonly orderable: ReadonlySet<string>;
  readonly searchable: readonly string[];
}

export interface FieldPlanOptions {
  readonly excludeResponseFields?: readonly string[] | undefined;
  readonly readOnlyRequestFields?: readonly string[] | undefined;
  readonly filterFields?: readonly string[] | undefined;
  readonly orderingFields?: readonly string[] | undefined;
  readonly searchFields?: readonly string[] | undefined;
}

export function fieldPlan(model: ModelShape, serializer: Serializer, options: FieldPlanOptions): FieldPlan {
  const names = Object.keys(model.fields);
  const whitelist = serializer.fields ? new Set(serializer.fields()) : undefined;
  const writeOnly = new Set(serializer.writeOnlyFields?.() ?? []);
  const hidden = new Set([...(options.excludeResponseFields ?? []), ...(serializer.exclude?.() ?? []), ...writeOnly]);
  const readOnly = new Set([...(options.readOnlyRequestFields ?? []), ...(serializer.readonlyFields?.() ?? [])]);

  const response = names.filter(
    (name) => isSerializable(model.fields[name]!) && !hidden.has(name) && (!whitelist || whitelist.has(name)),
  );
  const shown = new Set(response);
  const writable = new Set(
    names.filter(
      (name) =>
        isEditable(model.fields[name]!) &&
        !readOnly.has(name) &&
        (!whitelist || whitelist.has(name) || writeOnly.has(name)),
    ),
  );
  const filterable = new Set(
    (options.filterFields ?? response).filter((name) => shown.has(name) && isFilterable(model.fields[name]!)),
  );
  const orderable = new Set((options.orderingFields ?? response).filter((name) => shown.has(name)));
  const searchable = (options.searchFields ?? []).filter(
    (name) => model.fields[name] !== undefined && isSerializable(model.fields[name]!),
  );
  return { response, writable, filterable, orderable, searchable };
}

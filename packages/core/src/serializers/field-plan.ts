/** The field plan: which fields a viewset shows, accepts, filters, orders and searches. */
import type { ModelShape } from "../models/define-model.js";
import { isEditable, isSerializable } from "../models/fields.js";
import { isFilterable } from "../query/filters.js";
import { isResolved, type ResolvedPath, resolvePath } from "../query/relations.js";
import type { DeclaredField, Serializer } from "../serializers/base-serializer.js";
import { sourceOf } from "./related.js";
import { type PlacedDecimal, placedDecimals } from "./serialize.js";

/** Which fields a viewset shows, accepts, filters, orders and searches, for one request. */
export interface FieldPlan {
  /** Response keys in order: model fields (a declared field of the same name in its place), then declared ones. */
  readonly response: readonly string[];
  /** The shown decimal fields that declare their places: a response writes each with them. */
  readonly decimals: readonly PlacedDecimal[];
  /** Request keys a write may set. */
  readonly writable: ReadonlySet<string>;
  readonly filterable: ReadonlySet<string>;
  readonly orderable: ReadonlySet<string>;
  readonly searchable: readonly string[];
  /** The serializer's related and computed fields by key, shown or not. */
  readonly declared: ReadonlyMap<string, DeclaredField>;
  /** Request keys written to another field: a writable related field's key → its foreign key. */
  readonly writeSources: ReadonlyMap<string, string>;
  /** The paths through relations the lists name (`category__name`), resolved to their fields. */
  readonly paths: ReadonlyMap<string, ResolvedPath>;
}

export interface FieldPlanOptions {
  readonly excludeResponseFields?: readonly string[] | undefined;
  readonly readOnlyRequestFields?: readonly string[] | undefined;
  readonly filterFields?: readonly string[] | undefined;
  readonly orderingFields?: readonly string[] | undefined;
  readonly searchFields?: readonly string[] | undefined;
  /** The relations paths may follow (a viewset's `relations`). */
  readonly relations?: unknown;
}

const NO_DECLARED: ReadonlyMap<string, DeclaredField> = new Map();
const NO_SOURCES: ReadonlyMap<string, string> = new Map();
const NO_PATHS: ReadonlyMap<string, ResolvedPath> = new Map();

/** The paths through relations that the filter, ordering and search lists name, each resolved once. */
function relatedPaths(model: ModelShape, options: FieldPlanOptions): ReadonlyMap<string, ResolvedPath> {
  if (options.relations === undefined) return NO_PATHS;
  const paths = new Map<string, ResolvedPath>();
  for (const list of [options.filterFields, options.orderingFields, options.searchFields]) {
    for (const name of list ?? []) {
      const resolved = resolvePath(model, options.relations, name);
      if (isResolved(resolved)) paths.set(name, resolved);
    }
  }
  return paths;
}

/** Declared fields take over the writes of their keys: computed ones and read-only related ones end them. */
function applyDeclaredWrites(
  model: ModelShape,
  declared: ReadonlyMap<string, DeclaredField>,
  readOnly: ReadonlySet<string>,
  writable: Set<string>,
): ReadonlyMap<string, string> {
  let sources: Map<string, string> | undefined;
  for (const [name, field] of declared) {
    writable.delete(name);
    if (field.kind !== "related" || !field.writable || readOnly.has(name)) continue;
    const source = sourceOf(name, field);
    const sourceField = model.fields[source];
    if (!sourceField || !isEditable(sourceField) || readOnly.has(source)) continue;
    writable.add(name);
    if (source !== name) {
      // The declared key replaces its foreign key in requests: one way to set it.
      writable.delete(source);
      (sources ??= new Map()).set(name, source);
    }
  }
  return sources ?? NO_SOURCES;
}

export function fieldPlan(model: ModelShape, serializer: Serializer, options: FieldPlanOptions): FieldPlan {
  const names = Object.keys(model.fields);
  const declaredFields = serializer.declaredFields?.();
  const declared = declaredFields ? new Map(Object.entries(declaredFields)) : NO_DECLARED;
  const whitelist = serializer.fields ? new Set(serializer.fields()) : undefined;
  const writeOnly = new Set(serializer.writeOnlyFields?.() ?? []);
  const hidden = new Set([...(options.excludeResponseFields ?? []), ...(serializer.exclude?.() ?? []), ...writeOnly]);
  const readOnly = new Set([...(options.readOnlyRequestFields ?? []), ...(serializer.readonlyFields?.() ?? [])]);

  // A declared field is shown unless excluded: it was declared to be shown.
  const response = names.filter((name) =>
    declared.has(name)
      ? !hidden.has(name)
      : isSerializable(model.fields[name]!) && !hidden.has(name) && (!whitelist || whitelist.has(name)),
  );
  for (const name of declared.keys()) {
    if (!Object.hasOwn(model.fields, name) && !hidden.has(name)) response.push(name);
  }
  // Filters and ordering read columns: a model field shown as itself or as the row its key points at.
  const columns = response.filter(
    (name) => Object.hasOwn(model.fields, name) && declared.get(name)?.kind !== "computed",
  );
  const shown = new Set(columns);
  const writable = new Set(
    names.filter(
      (name) =>
        isEditable(model.fields[name]!) &&
        !readOnly.has(name) &&
        (!whitelist || whitelist.has(name) || writeOnly.has(name)),
    ),
  );
  const writeSources = declared.size === 0 ? NO_SOURCES : applyDeclaredWrites(model, declared, readOnly, writable);
  const paths = relatedPaths(model, options);
  const filterable = new Set(
    (options.filterFields ?? columns).filter((name) =>
      paths.has(name) ? isFilterable(paths.get(name)!.field) : shown.has(name) && isFilterable(model.fields[name]!),
    ),
  );
  const orderable = new Set((options.orderingFields ?? columns).filter((name) => shown.has(name) || paths.has(name)));
  const searchable = (options.searchFields ?? []).filter(
    (name) => paths.has(name) || (model.fields[name] !== undefined && isSerializable(model.fields[name]!)),
  );
  const decimals = placedDecimals(
    model.fields,
    response.filter((name) => !declared.has(name)),
  );
  return { response, decimals, writable, filterable, orderable, searchable, declared, writeSources, paths };
}

/** What `fieldPlan` reads, in a fixed order, written into `into`: when none of it changed, neither did the plan. */
function readPlanInputs(into: unknown[], model: ModelShape, serializer: Serializer, options: FieldPlanOptions): void {
  into[0] = model.fields;
  into[1] = serializer.fields?.();
  into[2] = serializer.exclude?.();
  into[3] = serializer.readonlyFields?.();
  into[4] = serializer.writeOnlyFields?.();
  into[5] = serializer.declaredFields?.();
  into[6] = options.excludeResponseFields;
  into[7] = options.readOnlyRequestFields;
  into[8] = options.filterFields;
  into[9] = options.orderingFields;
  into[10] = options.searchFields;
  into[11] = options.relations;
}

/** Each input against the one read before (see `sameInput`). */
function sameInputs(now: readonly unknown[], before: readonly unknown[]): boolean {
  for (let i = 0; i < now.length; i++) if (!sameInput(now[i], before[i])) return false;
  return true;
}

/** Lists by their items (kept as copies, so that a list changed in place is seen), anything else by identity. */
function sameInput(now: unknown, before: unknown): boolean {
  if (!Array.isArray(now) || !Array.isArray(before)) return now === before;
  if (now.length !== before.length) return false;
  for (let i = 0; i < now.length; i++) if (now[i] !== before[i]) return false;
  return true;
}

/**
 * `fieldPlan` for a caller that asks for it on every request (a viewset): made again only when one
 * of its inputs changed (the model's fields, the serializer's and the options' lists, the declared
 * fields), instead of building its sets for each request.
 */
export function cachedFieldPlan(): (model: ModelShape, serializer: Serializer, options: FieldPlanOptions) => FieldPlan {
  let inputs: unknown[] = [];
  let plan: FieldPlan | undefined;
  // Read into the same array on every request (asked per request: no array or closure made for it).
  const now: unknown[] = [];
  return (model, serializer, options) => {
    readPlanInputs(now, model, serializer, options);
    if (plan !== undefined && sameInputs(now, inputs)) return plan;
    inputs = now.map((input) => (Array.isArray(input) ? [...input] : input));
    plan = fieldPlan(model, serializer, options);
    return plan;
  };
}

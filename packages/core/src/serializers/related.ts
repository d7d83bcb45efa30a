/** `related`: a field that shows rows of another model through a foreign key. */
import type { Model } from "../models/define-model.js";
import type { PipelineManager, ReadManager } from "../query/manager.js";
import type { Represented } from "./represented.js";

/**
 * Where a related field finds its rows: the target's model (for its fields and primary key) and
 * a manager of its rows. A viewset's `options` is one: `related(categoryViewSet.options, ...)`.
 */
export interface RelatedTarget<Target extends object> {
  readonly model: Model<Target>;
  readonly queryset: ReadManager<Target> & PipelineManager<Target>;
}

/**
 * A foreign key shown as (part of) the row it points at: DRF's nested serializer and
 * `SlugRelatedField`. `Value` is what one response carries for it; `Source` the foreign-key field
 * it follows (`undefined`: the field of the same name as the declared one).
 */
export interface RelatedField<Value = unknown, Source extends string | undefined = string | undefined> {
  readonly kind: "related";
  readonly target: RelatedTarget<object>;
  readonly source: Source;
  /** A nested object of these fields of the target ... */
  readonly fields: readonly string[] | undefined;
  /** ... or the value of this one field of the target. */
  readonly field: string | undefined;
  /** When true, requests may set it by the target's primary key (checked to exist). */
  readonly writable: boolean;
  /** Phantom: carries the value type. */
  readonly __value?: Value;
}

interface RelatedOptions<S extends string | undefined> {
  /** The foreign-key field of the row; by default the field of the same name as the declared one. */
  readonly source?: S;
  /** Accept the target's primary key in requests (validated to exist: 400 otherwise). Default false. */
  readonly writable?: boolean;
}

/**
 * A related field: `related(users, { fields: ["id", "name"] })` shows the foreign key as a nested
 * object, `related(users, { field: "name" })` as one value of the target. Rows are loaded for a
 * whole page in one query (`pk IN (...)`), never one per row; a key whose row is missing shows
 * as null. Read-only unless `writable: true`; a writable one accepts the target's primary key.
 */
export function related<
  Target extends object,
  const F extends readonly [keyof Target & string, ...(keyof Target & string)[]],
  const S extends string | undefined = undefined,
>(
  target: RelatedTarget<Target>,
  options: RelatedOptions<S> & { readonly fields: F },
): RelatedField<{ [K in F[number]]: Represented<Target[K]> }, NoInfer<S>>;
export function related<
  Target extends object,
  const K extends keyof Target & string,
  const S extends string | undefined = undefined,
>(
  target: RelatedTarget<Target>,
  options: RelatedOptions<S> & { readonly field: K },
): RelatedField<Represented<Target[K]>, NoInfer<S>>;
export function related(
  target: RelatedTarget<object>,
  options: RelatedOptions<string | undefined> & { readonly fields?: readonly string[]; readonly field?: string },
): RelatedField {
  return {
    kind: "related",
    target,
    source: options.source,
    fields: options.fields === undefined ? undefined : [...options.fields],
    field: options.field,
    writable: options.writable === true,
  };
}

/** The foreign-key field a related field declared as `name` follows. */
export function sourceOf(name: string, field: RelatedField): string {
  return field.source ?? name;
}

/** The fields of the target a related field reads (its primary key first). */
export function targetFieldsOf(field: RelatedField): string[] {
  const { primaryKey } = field.target.model;
  const shown = field.fields ?? (field.field === undefined ? [] : [field.field]);
  return [primaryKey, ...shown.filter((name) => name !== primaryKey)];
}

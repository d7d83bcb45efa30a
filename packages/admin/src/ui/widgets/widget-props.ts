/** What every filter widget is given, and the helpers that change a filter's values in the URL. */
import type { Facet, FieldMeta, ModelMeta } from "../../shared/wire.js";

/** What each filter widget gets: its field, the list's query, its facet, and a way to change its own parameters. */
export interface WidgetProps {
  readonly model: ModelMeta;
  readonly field: FieldMeta;
  /** The id of the group's visible label (the field's label). */
  readonly labelId: string;
  readonly params: URLSearchParams;
  /** This field's counts or range; undefined until the first answer. */
  readonly facet: Facet | undefined;
  /** Changes the list's URL; a widget touches only `field` and `field__<lookup>`. */
  readonly update: (mutate: (params: URLSearchParams) => void) => void;
}

/** The counts of a facet by value as text (`null` as "null"). */
export function countsByValue(facet: Facet | undefined): Map<string, number> {
  return new Map((facet?.counts ?? []).map((entry) => [String(entry.value), entry.count]));
}

/** Replaces every value of `key` with `values`. */
export function setAll(params: URLSearchParams, key: string, values: readonly string[]): void {
  params.delete(key);
  for (const value of values) params.append(key, value);
}

/** Adds `value` to `key`'s values, or takes it away when present. */
export function toggleValue(params: URLSearchParams, key: string, value: string): void {
  const values = params.getAll(key);
  setAll(params, key, values.includes(value) ? values.filter((v) => v !== value) : [...values, value]);
}

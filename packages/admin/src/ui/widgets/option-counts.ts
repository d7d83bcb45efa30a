/**
 * Counts for the options a foreign-key combobox shows: the facet names the 20 most frequent
 * records, so an option past them asks `facets/{field}` for its own count (issue 46: with 100
 * categories, the other 80 showed none).
 */
import { useEffect, useState } from "preact/hooks";
import { api } from "../api.js";
import type { Facet, FieldMeta, ModelMeta } from "../../shared/wire.js";
import { isOwnParam } from "../../shared/params.js";
import { apiQuery } from "../url-state.js";

/** The list's query with `field`'s own parameters replaced by `ids`: the values `facets/{field}` counts. */
function countQuery(params: URLSearchParams, field: string, ids: readonly string[]): string {
  const query = new URLSearchParams(apiQuery(params));
  for (const key of [...new Set(query.keys())]) if (isOwnParam(key, field)) query.delete(key);
  for (const id of ids) query.append(field, id);
  return `?${query.toString()}`;
}

/**
 * The facet's counts by value, plus those of the shown options past its top 20 (`show` tells
 * which are shown), asked under the list's other filters whenever the options or the facet change.
 */
export function useOptionCounts(model: ModelMeta, field: FieldMeta, params: URLSearchParams, facet: Facet | undefined) {
  const [shown, setShown] = useState<readonly string[]>([]);
  const [extra, setExtra] = useState<ReadonlyMap<string, number>>(new Map());
  // `params` is read, not watched: a new facet follows every change of the list's query.
  useEffect(() => {
    setExtra(new Map());
    // No facet yet (or it failed): nothing to complete.
    if (!facet?.counts || shown.length === 0) return;
    const known = new Set(facet.counts.map((entry) => String(entry.value)));
    const missing = shown.filter((id) => !known.has(id));
    if (missing.length === 0) return;
    const controller = new AbortController();
    const path = `/models/${encodeURIComponent(model.name)}/facets/${encodeURIComponent(field.name)}`;
    api<Facet>(`${path}${countQuery(params, field.name, missing)}`, { signal: controller.signal }).then(
      (answer) => {
        const learnt = new Map((answer.counts ?? []).map((entry) => [String(entry.value), entry.count] as const));
        setExtra(new Map(missing.map((id) => [id, learnt.get(id) ?? 0] as const)));
      },
      // Without them the options still show, as before: a count is not worth an error here.
      () => {},
    );
    return () => controller.abort();
  }, [facet, shown, model.name, field.name]);
  const counts = new Map([
    ...extra,
    ...(facet?.counts ?? []).map((entry) => [String(entry.value), entry.count] as const),
  ]);
  return { counts, show: setShown };
}

/** Foreign keys' record labels in the UI: where they are searched and a cache of those already read. */
import { signal } from "@preact/signals";
import { api } from "./api.js";
import type { FieldMeta, LookupAnswer, ModelMeta, Row, RowsPage } from "../shared/wire.js";
import type { Choice } from "./components/combobox.js";

/**
 * Where a foreign key's records are found and named: the admin's lookup when the field is a
 * filter (ADMIN.md's `lookup/{field}`), else the target model's rows by its label field.
 */
export interface ForeignSource {
  /** The cache key: one per target. */
  readonly key: string;
  search(q: string, signal: AbortSignal): Promise<{ results: Choice[]; more: boolean }>;
  labels(ids: readonly string[]): Promise<Choice[]>;
}

const toChoice = (result: { id: unknown; label: unknown }): Choice => ({
  id: String(result.id),
  label: String(result.label),
});

export function foreignSource(model: ModelMeta, field: FieldMeta, all: readonly ModelMeta[]): ForeignSource | null {
  const lookup = `/models/${encodeURIComponent(model.name)}/lookup/${encodeURIComponent(field.name)}`;
  if (model.listFilter.some((entry) => entry.field === field.name)) {
    return {
      key: field.references ?? `${model.name}.${field.name}`,
      search: async (q, signal) => {
        const answer = await api<LookupAnswer>(`${lookup}?q=${encodeURIComponent(q)}`, { signal });
        return { results: answer.results.map(toChoice), more: answer.more };
      },
      labels: async (ids) => (await api<LookupAnswer>(`${lookup}?ids=${ids.join(",")}`)).results.map(toChoice),
    };
  }
  const target = all.find((candidate) => candidate.name === field.references);
  if (!target) return null;
  const rows = `/models/${encodeURIComponent(target.name)}/rows/`;
  const choiceOf = (row: Row) => toChoice({ id: row[target.pk], label: row[target.labelField] ?? row[target.pk] });
  return {
    key: target.name,
    search: async (q, signal) => {
      const query = new URLSearchParams({ ordering: target.labelField, page_size: "20" });
      if (q !== "") query.set(`${target.labelField}__icontains`, q);
      const page = await api<RowsPage>(`${rows}?${query}`, { signal });
      return { results: page.results.map(choiceOf), more: page.next !== null };
    },
    labels: async (ids) =>
      (await api<RowsPage>(`${rows}?${target.pk}__in=${ids.join(",")}&page_size=100`)).results.map(choiceOf),
  };
}

/** Labels known so far, per target; `version` changes whenever one is learnt, so readers re-render. */
const known = new Map<string, Map<string, string>>();
export const labelsVersion = signal(0);
const pending = new Set<string>();

export function rememberLabels(key: string, choices: readonly Choice[]): void {
  let map = known.get(key);
  if (!map) known.set(key, (map = new Map()));
  let changed = false;
  for (const choice of choices) {
    if (map.get(choice.id) !== choice.label) {
      map.set(choice.id, choice.label);
      changed = true;
    }
  }
  if (changed) labelsVersion.value++;
}

/** The label of a record, if known (reading it subscribes to new labels). */
export function labelOf(key: string, id: string): string | undefined {
  void labelsVersion.value;
  return known.get(key)?.get(id);
}

/** Asks for the labels of the ids not known yet (at most 100 at once, each id once). */
export async function loadLabels(source: ForeignSource, ids: readonly string[]): Promise<void> {
  const missing = [...new Set(ids)].filter(
    (id) => id !== "" && known.get(source.key)?.get(id) === undefined && !pending.has(`${source.key}:${id}`),
  );
  for (let start = 0; start < missing.length; start += 100) {
    const batch = missing.slice(start, start + 100);
    for (const id of batch) pending.add(`${source.key}:${id}`);
    try {
      rememberLabels(source.key, await source.labels(batch));
    } catch {
      // The ids stay numbers: a missing label is not worth an error on the page.
    } finally {
      for (const id of batch) pending.delete(`${source.key}:${id}`);
    }
  }
}

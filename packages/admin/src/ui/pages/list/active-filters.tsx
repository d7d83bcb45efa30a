/** The list's active filters as removable chips, each described in words. */
import { t } from "../../i18n/t.js";
import { useId } from "preact/hooks";
import { addDays, choiceText, dayStart, formatDay } from "../../format.js";
import { foreignSource, labelOf } from "../../labels.js";
import { models } from "../../state.js";
import type { FieldMeta, ModelMeta } from "../../../shared/wire.js";
import { filterEntries, filterFieldOf, updateList } from "../../url-state.js";
import { presetLabel } from "../../widgets/date-presets.js";

const OPERATORS: Readonly<Record<string, string>> = { gte: "≥", gt: ">", lte: "≤", lt: "<" };

function dayOf(value: string, minusOne: boolean): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayStart(value) : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return value;
  return formatDay(minusOne ? addDays(date, -1) : date);
}

/** A filter parameter in words: "Status: live", "Price ≥ 10", "Created at: Last 7 days". */
export function describeFilter(model: ModelMeta, key: string, value: string): string {
  const field: FieldMeta | undefined = filterFieldOf(model, key);
  if (!field) return `${key}: ${value}`;
  const lookup = key.length > field.name.length ? key.slice(field.name.length + 2) : "exact";
  const dated = field.type === "time" || field.type === "date";
  if (lookup === "preset") return `${field.label}: ${presetLabel(value)}`;
  if (dated && lookup === "gte") return t("chip.from", { field: field.label, day: dayOf(value, false) });
  if (dated && lookup === "lt") return t("chip.until", { field: field.label, day: dayOf(value, true) });
  if (OPERATORS[lookup]) return `${field.label} ${OPERATORS[lookup]} ${value}`;
  if (lookup !== "exact") return t("chip.lookup", { field: field.label, lookup: lookup.replace(/_/g, " "), value });
  if (field.type === "bool")
    return `${field.label}: ${value === "true" ? t("common.yes") : value === "false" ? t("common.no") : value}`;
  if (field.type === "foreignKey") {
    const source = foreignSource(model, field, models.value);
    return `${field.label}: ${(source && labelOf(source.key, value)) ?? `#${value}`}`;
  }
  return `${field.label}: ${field.choices ? choiceText(field, value) : value}`;
}

/** One filter value (or the search) in words, and how to take it away. */
export interface FilterChip {
  readonly key: string;
  readonly value: string;
  readonly text: string;
}

/** The list's filters and search as chips, the search first. */
export function filterChips(model: ModelMeta, params: URLSearchParams): FilterChip[] {
  const chips: FilterChip[] = filterEntries(params).map(([key, value]) => ({
    key,
    value,
    text: describeFilter(model, key, value),
  }));
  const search = params.get("search") ?? "";
  if (search !== "") chips.unshift({ key: "search", value: search, text: t("chip.search", { search }) });
  return chips;
}

/** Takes one chip's value out of the list's URL. */
export function removeChip(chip: FilterChip): void {
  updateList((p) => {
    const kept = p.getAll(chip.key).filter((v) => v !== chip.value);
    p.delete(chip.key);
    for (const v of kept) p.append(chip.key, v);
  });
}

/** Takes every filter and the search out of the list's URL, keeping its order and page size. */
export function clearFilters(): void {
  updateList((p) => {
    for (const key of [...new Set([...p.keys()])]) if (key !== "ordering" && key !== "page_size") p.delete(key);
  });
}

/** The list "Active filters": one chip per filter value (and the search), each with Remove; then Clear all. */
export function ActiveFilters({ model, params }: { readonly model: ModelMeta; readonly params: URLSearchParams }) {
  const id = useId();
  const chips = filterChips(model, params);
  if (chips.length === 0) return null;
  return (
    <div class="active-filters">
      <ul aria-label={t("list.activeFilters")} class="chip-list">
        {chips.map((chip, index) => (
          <li key={`${chip.key}=${chip.value}`} class="active-chip">
            <span id={`${id}-${index}`}>{chip.text}</span>
            <button
              type="button"
              class="icon-button"
              aria-label={t("list.remove")}
              aria-describedby={`${id}-${index}`}
              onClick={() => removeChip(chip)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <button type="button" class="link-button" onClick={clearFilters}>
        {t("list.clearAll")}
      </button>
    </div>
  );
}

/** The list's active filters as removable chips, each described in words. */
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
  if (dated && lookup === "gte") return `${field.label} from ${dayOf(value, false)}`;
  if (dated && lookup === "lt") return `${field.label} until ${dayOf(value, true)}`;
  if (OPERATORS[lookup]) return `${field.label} ${OPERATORS[lookup]} ${value}`;
  if (lookup !== "exact") return `${field.label} (${lookup.replace(/_/g, " ")}): ${value}`;
  if (field.type === "bool") return `${field.label}: ${value === "true" ? "Yes" : value === "false" ? "No" : value}`;
  if (field.type === "foreignKey") {
    const source = foreignSource(model, field, models.value);
    return `${field.label}: ${(source && labelOf(source.key, value)) ?? `#${value}`}`;
  }
  return `${field.label}: ${field.choices ? choiceText(field, value) : value}`;
}

/** The list "Active filters": one chip per filter value (and the search), each with Remove; then Clear all. */
export function ActiveFilters({ model, params }: { readonly model: ModelMeta; readonly params: URLSearchParams }) {
  const id = useId();
  const entries = filterEntries(params);
  const search = params.get("search") ?? "";
  if (entries.length === 0 && search === "") return null;
  const remove = (key: string, value: string) =>
    updateList((p) => {
      const kept = p.getAll(key).filter((v) => v !== value);
      p.delete(key);
      for (const v of kept) p.append(key, v);
    });
  const chips: { key: string; value: string; text: string }[] = entries.map(([key, value]) => ({
    key,
    value,
    text: describeFilter(model, key, value),
  }));
  if (search !== "") chips.unshift({ key: "search", value: search, text: `Search: “${search}”` });
  return (
    <div class="active-filters">
      <ul aria-label="Active filters" class="chip-list">
        {chips.map((chip, index) => (
          <li key={`${chip.key}=${chip.value}`} class="active-chip">
            <span id={`${id}-${index}`}>{chip.text}</span>
            <button
              type="button"
              class="icon-button"
              aria-label="Remove"
              aria-describedby={`${id}-${index}`}
              onClick={() => remove(chip.key, chip.value)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        class="link-button"
        onClick={() =>
          updateList((p) => {
            for (const key of [...new Set([...p.keys()])]) if (key !== "ordering" && key !== "page_size") p.delete(key);
          })
        }
      >
        Clear all
      </button>
    </div>
  );
}

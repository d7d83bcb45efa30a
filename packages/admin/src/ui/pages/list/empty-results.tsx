/** What the list says when no row matches: the filters that matched nothing, each removable, and a way to clear them. */
import { paths } from "../../router.js";
import { singular } from "../../state.js";
import type { ModelMeta } from "../../../shared/wire.js";
import { clearFilters, filterChips, removeChip } from "./active-filters.js";

/** The empty list's message; with filters, their chips ("Remove …") and "Clear filters"; without, "Add …". */
export function EmptyResults({ model, params }: { readonly model: ModelMeta; readonly params: URLSearchParams }) {
  const chips = filterChips(model, params);
  const noun = model.label.toLowerCase();
  if (chips.length === 0) {
    return (
      <div class="empty empty-results">
        <p>There are no {noun} yet.</p>
        {model.permissions.add && <a href={paths.add(model.name)}>Add {singular(model.label)}</a>}
      </div>
    );
  }
  return (
    <div class="empty empty-results">
      <p>No {noun} match these filters.</p>
      <ul class="chip-list" aria-label="Filters that matched nothing">
        {chips.map((chip) => (
          <li key={`${chip.key}=${chip.value}`}>
            <button
              type="button"
              class="chip-button"
              aria-label={`Remove ${chip.text}`}
              onClick={() => removeChip(chip)}
            >
              {chip.text} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" class="primary" onClick={clearFilters}>
        Clear filters
      </button>
    </div>
  );
}

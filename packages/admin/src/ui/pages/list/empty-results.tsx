/** What the list says when no row matches: the filters that matched nothing, each removable, and a way to clear them. */
import { nouns, t } from "../../i18n/t.js";
import { paths } from "../../router.js";
import type { ModelMeta } from "../../../shared/wire.js";
import { clearFilters, filterChips, removeChip } from "./active-filters.js";

/** The empty list's message; with filters, their chips ("Remove …") and "Clear filters"; without, "Add …". */
export function EmptyResults({ model, params }: { readonly model: ModelMeta; readonly params: URLSearchParams }) {
  const chips = filterChips(model, params);
  const words = nouns(model.label);
  if (chips.length === 0) {
    return (
      <div class="empty empty-results">
        <p>{t("list.emptyModel", words)}</p>
        {model.permissions.add && <a href={paths.add(model.name)}>{t("common.add", words)}</a>}
      </div>
    );
  }
  return (
    <div class="empty empty-results">
      <p>{t("list.emptyFilters", words)}</p>
      <ul class="chip-list" aria-label={t("list.unmatchedFilters")}>
        {chips.map((chip) => (
          <li key={`${chip.key}=${chip.value}`}>
            <button
              type="button"
              class="chip-button"
              aria-label={t("list.removeChip", { chip: chip.text })}
              onClick={() => removeChip(chip)}
            >
              {chip.text} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" class="primary" onClick={clearFilters}>
        {t("list.clearFilters")}
      </button>
    </div>
  );
}

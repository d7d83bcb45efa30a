/** The combobox filter widget: foreign-key records searched by label and chosen. */
import { inSentence, t } from "../i18n/t.js";
import { useEffect, useMemo } from "preact/hooks";
import { Combobox } from "../components/combobox.js";
import { foreignSource, labelOf, loadLabels, rememberLabels } from "../labels.js";
import { models } from "../state.js";
import type { Choice } from "../components/combobox.js";
import { useOptionCounts } from "./option-counts.js";
import { toggleValue, type WidgetProps } from "./widget-props.js";

/** The foreign-key filter: search the target's labels, choose several; chosen ids are named through `?ids=`. */
export function ComboboxFilter({ model, field, labelId, params, facet, update }: WidgetProps) {
  const source = useMemo(() => foreignSource(model, field, models.value), [model, field]);
  const selected = params.getAll(field.name);
  const key = selected.join(",");
  useEffect(() => {
    if (source) void loadLabels(source, selected);
  }, [source, key]);
  useEffect(() => {
    if (!source || !facet?.counts) return;
    const named = facet.counts.filter((entry) => entry.value !== null && entry.label !== undefined);
    rememberLabels(
      source.key,
      named.map((entry) => ({ id: String(entry.value), label: String(entry.label) })),
    );
  }, [source, facet]);
  const { counts, show } = useOptionCounts(model, field, params, facet);
  if (!source) return <p class="hint">{t("filter.notRegistered")}</p>;
  const search = async (q: string, signal: AbortSignal) => {
    const answer = await source.search(q, signal);
    rememberLabels(source.key, answer.results);
    // The options past the facet's top 20 get their counts a moment later; the options do not wait for them.
    show(answer.results.map((choice) => choice.id));
    return answer;
  };
  const toggle = (choice: Choice) => update((p) => toggleValue(p, field.name, choice.id));
  return (
    <div class="fk-filter">
      <Combobox labelledBy={labelId} search={search} selected={selected} multiple counts={counts} onChoose={toggle} />
      {selected.length > 0 && (
        <ul class="selected-values" aria-label={t("filter.chosen", { field: inSentence(field.label) })}>
          {selected.map((id) => {
            const label = labelOf(source.key, id) ?? `#${id}`;
            return (
              <li key={id} class="selected-value">
                <span>{label}</span>
                <button
                  type="button"
                  class="icon-button"
                  aria-label={t("list.removeChip", { chip: label })}
                  onClick={() => toggle({ id, label })}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** The chips filter widget: the most frequent values as toggles, with counts. */
import { t } from "../i18n/t.js";
import { useState } from "preact/hooks";
import { choiceText } from "../format.js";
import { Count } from "./count.js";
import { countsByValue, toggleValue, type WidgetProps } from "./widget-props.js";

/** Shown before "Show all": the panel stays short, the chosen values always show. */
const FIRST = 8;

/** Toggle buttons for the most frequent values (or every choice), each with its count. */
export function Chips({ field, params, facet, update }: WidgetProps) {
  const [all, setAll] = useState(false);
  const selected = params.getAll(field.name);
  const counts = countsByValue(facet);
  const fromFacet = (facet?.counts ?? []).map((entry) => entry.value).filter((value) => value !== null);
  const values = [...new Set([...(field.choices ?? fromFacet).map(String), ...selected])];
  if (values.length === 0) return <p class="hint">{facet ? t("filter.noValues") : t("app.loading")}</p>;
  const shown = all ? values : values.filter((value, index) => index < FIRST || selected.includes(value));
  return (
    <div class="chips">
      {shown.map((value) => (
        <button
          type="button"
          key={value}
          class="chip"
          aria-pressed={selected.includes(value)}
          onClick={() => update((p) => toggleValue(p, field.name, value))}
        >
          <span class="chip-label">{choiceText(field, value)}</span>
          <Count count={counts.get(value)} />
        </button>
      ))}
      {values.length > shown.length || all ? (
        <button type="button" class="link-button" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? t("filter.showFewer") : t("filter.showAll", { count: values.length })}
        </button>
      ) : null}
    </div>
  );
}

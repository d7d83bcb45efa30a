/** The multi-select filter widget: a field's choices in one select of several values. */
import { choiceText, formatCount } from "../format.js";
import { countsByValue, setAll, type WidgetProps } from "./widget-props.js";

/** The choices in a native multiple select (Ctrl or Shift to choose several). */
export function MultiSelect({ field, labelId, params, facet, update }: WidgetProps) {
  const selected = params.getAll(field.name);
  const counts = countsByValue(facet);
  const choices = (field.choices ?? []).map(String);
  return (
    <select
      multiple
      class="multi-select"
      aria-labelledby={labelId}
      size={Math.min(Math.max(choices.length, 2), 6)}
      onChange={(event) => {
        const chosen = [...(event.currentTarget as HTMLSelectElement).selectedOptions].map((option) => option.value);
        update((p) => setAll(p, field.name, chosen));
      }}
    >
      {choices.map((value) => {
        const count = counts.get(value);
        return (
          <option key={value} value={value} selected={selected.includes(value)}>
            {count === undefined ? choiceText(field, value) : `${choiceText(field, value)} (${formatCount(count)})`}
          </option>
        );
      })}
    </select>
  );
}

/** The checkboxes filter widget: one box per choice, with counts. */
import { useId } from "preact/hooks";
import { choiceText } from "../format.js";
import { Count } from "./count.js";
import { countsByValue, toggleValue, type WidgetProps } from "./widget-props.js";

/** One checkbox per choice, named by the choice, its count beside it; several checked mean any. */
export function Checkboxes({ field, params, facet, update }: WidgetProps) {
  const id = useId();
  const selected = params.getAll(field.name);
  const counts = countsByValue(facet);
  return (
    <div class="options">
      {(field.choices ?? []).map((choice, index) => {
        const value = String(choice);
        return (
          <div class="option-row" key={value}>
            <label>
              <input
                type="checkbox"
                checked={selected.includes(value)}
                aria-describedby={`${id}-${index}`}
                onChange={() => update((p) => toggleValue(p, field.name, value))}
              />
              {choiceText(field, value)}
            </label>
            <Count id={`${id}-${index}`} count={counts.get(value)} />
          </div>
        );
      })}
    </div>
  );
}

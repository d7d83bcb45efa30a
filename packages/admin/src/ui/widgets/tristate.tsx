/** The tristate filter widget for a boolean: yes, no or either. */
import { t } from "../i18n/t.js";
import { useId } from "preact/hooks";
import { Count } from "./count.js";
import { countsByValue, type WidgetProps } from "./widget-props.js";

const OPTIONS = [
  { value: "", label: t("filter.all") },
  { value: "true", label: t("common.yes") },
  { value: "false", label: t("common.no") },
] as const;

/** All / Yes / No as native radios: arrow keys move and choose, as the platform does. */
export function Tristate({ field, labelId, params, facet, update }: WidgetProps) {
  const id = useId();
  const current = params.get(field.name) ?? "";
  const counts = countsByValue(facet);
  return (
    <div role="radiogroup" aria-labelledby={labelId} class="options">
      {OPTIONS.map((option) => (
        <div class="option-row" key={option.value}>
          <label>
            <input
              type="radio"
              name={`${id}-${field.name}`}
              value={option.value}
              checked={current === option.value}
              aria-describedby={option.value === "" ? undefined : `${id}-${option.value}`}
              onChange={() =>
                update((p) => {
                  p.delete(field.name);
                  if (option.value !== "") p.set(field.name, option.value);
                })
              }
            />
            {option.label}
          </label>
          {option.value !== "" && <Count id={`${id}-${option.value}`} count={counts.get(option.value)} />}
        </div>
      ))}
    </div>
  );
}

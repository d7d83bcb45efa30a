/** The entity-dropdown filter widget: a foreign key's records in a select. */
import { t } from "../i18n/t.js";
import { useEffect, useMemo, useState } from "preact/hooks";
import { formatCount } from "../format.js";
import { foreignSource, rememberLabels } from "../labels.js";
import { models } from "../state.js";
import type { Choice } from "../components/combobox.js";
import { countsByValue, type WidgetProps } from "./widget-props.js";

/** The foreign key as a native select of the target's first records (for short lists such as categories). */
export function EntityDropdown({ model, field, labelId, params, facet, update }: WidgetProps) {
  const source = useMemo(() => foreignSource(model, field, models.value), [model, field]);
  const [choices, setChoices] = useState<Choice[]>([]);
  useEffect(() => {
    if (!source) return;
    const controller = new AbortController();
    source.search("", controller.signal).then(
      (answer) => {
        rememberLabels(source.key, answer.results);
        setChoices(answer.results);
      },
      () => {},
    );
    return () => controller.abort();
  }, [source]);
  const current = params.get(field.name) ?? "";
  const counts = countsByValue(facet);
  const listed = choices.some((choice) => choice.id === current) || current === "";
  return (
    <select
      class="select"
      aria-labelledby={labelId}
      value={current}
      onChange={(event) => {
        const value = (event.currentTarget as HTMLSelectElement).value;
        update((p) => {
          p.delete(field.name);
          if (value !== "") p.set(field.name, value);
        });
      }}
    >
      <option value="">{t("filter.all")}</option>
      {!listed && <option value={current}>#{current}</option>}
      {choices.map((choice) => {
        const count = counts.get(choice.id);
        return (
          <option key={choice.id} value={choice.id}>
            {count === undefined ? choice.label : `${choice.label} (${formatCount(count)})`}
          </option>
        );
      })}
    </select>
  );
}

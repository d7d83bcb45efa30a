/** The change form's input for one field, by its type. */
import { inSentence, t } from "../../i18n/t.js";
import { useEffect, useMemo } from "preact/hooks";
import { Combobox } from "../../components/combobox.js";
import { choiceText } from "../../format.js";
import { foreignSource, labelOf, loadLabels, rememberLabels } from "../../labels.js";
import { models } from "../../state.js";
import type { FieldMeta, ModelMeta } from "../../../shared/wire.js";
import type { FormValue } from "./form-values.js";

interface FieldInputProps {
  readonly model: ModelMeta;
  readonly field: FieldMeta;
  readonly id: string;
  readonly labelId: string;
  readonly value: FormValue;
  readonly describedBy: string | undefined;
  readonly invalid: boolean;
  readonly onChange: (value: FormValue) => void;
}

const textOf = (event: Event) => (event.currentTarget as HTMLInputElement).value;

function ForeignKeyInput({ model, field, labelId, value, describedBy, invalid, onChange, id }: FieldInputProps) {
  const source = useMemo(() => foreignSource(model, field, models.value), [model, field]);
  const current = String(value);
  useEffect(() => {
    if (source && current !== "") void loadLabels(source, [current]);
  }, [source, current]);
  if (!source) {
    return (
      <input
        id={id}
        type="number"
        step="1"
        value={current}
        aria-describedby={describedBy}
        onInput={(e) => onChange(textOf(e))}
      />
    );
  }
  const label = current === "" ? "" : (labelOf(source.key, current) ?? `#${current}`);
  return (
    <div class="fk-input">
      <Combobox
        id={id}
        labelledBy={labelId}
        describedBy={describedBy}
        invalid={invalid}
        required={field.required}
        selected={current === "" ? [] : [current]}
        text={label}
        search={async (q, signal) => {
          const answer = await source.search(q, signal);
          rememberLabels(source.key, answer.results);
          return answer;
        }}
        onChoose={(choice) => onChange(choice.id)}
      />
      {current !== "" && field.nullable && (
        <button type="button" class="link-button" onClick={() => onChange("")}>
          {t("change.clearField", { field: inSentence(field.label) })}
        </button>
      )}
    </div>
  );
}

/** The control of one field, chosen by its type: native inputs, a select for choices, the combobox for a foreign key. */
export function FieldInput(props: FieldInputProps) {
  const { field, id, value, describedBy, invalid, onChange } = props;
  const common = {
    id,
    "aria-describedby": describedBy,
    "aria-invalid": invalid || undefined,
    "aria-required": field.required || undefined,
  };
  if (field.type === "foreignKey") return <ForeignKeyInput {...props} />;
  if (field.type === "bool" && typeof value === "boolean") {
    return (
      <input
        {...common}
        type="checkbox"
        checked={value}
        onChange={(e) => onChange((e.currentTarget as HTMLInputElement).checked)}
      />
    );
  }
  if (field.choices || field.type === "bool") {
    const choices = field.type === "bool" ? ["true", "false"] : (field.choices ?? []).map(String);
    return (
      <select {...common} class="select" value={String(value)} onChange={(e) => onChange(textOf(e))}>
        {(field.nullable || value === "" || field.type === "bool") && <option value="">—</option>}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {field.type === "bool" ? (choice === "true" ? t("common.yes") : t("common.no")) : choiceText(field, choice)}
          </option>
        ))}
      </select>
    );
  }
  const text = String(value);
  switch (field.type) {
    case "text":
    case "json":
      return (
        <textarea {...common} rows={field.type === "json" ? 6 : 4} value={text} onInput={(e) => onChange(textOf(e))} />
      );
    case "int":
      return <input {...common} type="number" step="1" value={text} onInput={(e) => onChange(textOf(e))} />;
    case "decimal":
      return <input {...common} type="text" inputMode="decimal" value={text} onInput={(e) => onChange(textOf(e))} />;
    case "time":
      return <input {...common} type="datetime-local" value={text} onInput={(e) => onChange(textOf(e))} />;
    case "date":
      return <input {...common} type="date" value={text} onInput={(e) => onChange(textOf(e))} />;
    default:
      return (
        // No maxLength: it counts UTF-16 units, an emoji as two; the form counts characters (form-values.ts).
        <input {...common} type="text" value={text} onInput={(e) => onChange(textOf(e))} />
      );
  }
}

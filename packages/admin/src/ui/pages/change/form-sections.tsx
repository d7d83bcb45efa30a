/** The change form's fields in their sections (the model's `fieldsets`, else one): read-only ones shown, the rest as inputs. */
import type { FieldMeta, ModelMeta, Row } from "../../../shared/wire.js";
import { FieldInput } from "./field-input.js";
import type { FormValue, FormValues } from "./form-values.js";
import { ReadOnlyFields } from "./read-only-fields.js";

interface FormSectionsProps {
  readonly model: ModelMeta;
  /** The id prefix of the inputs (`${uid}-${field}`), which the page focuses on an error. */
  readonly uid: string;
  readonly record: Row | null;
  readonly creating: boolean;
  readonly mayWrite: boolean;
  readonly values: FormValues;
  readonly errors: Readonly<Record<string, readonly string[]>>;
  readonly onChange: (name: string, value: FormValue) => void;
}

/** One field's label, input and errors. */
function FieldRow({ field, props }: { readonly field: FieldMeta; readonly props: FormSectionsProps }) {
  const { model, uid, values, errors, onChange } = props;
  const inputId = `${uid}-${field.name}`;
  const fieldErrors = errors[field.name];
  const errorId = fieldErrors ? `${inputId}-error` : undefined;
  const checkbox = field.type === "bool" && !field.nullable;
  return (
    <div class={checkbox ? "form-row check-row" : "form-row"}>
      <label id={`${inputId}-label`} for={inputId} class={field.required ? "required" : undefined}>
        {field.label}
      </label>
      <FieldInput
        model={model}
        field={field}
        id={inputId}
        labelId={`${inputId}-label`}
        value={values[field.name] ?? ""}
        describedBy={errorId}
        invalid={fieldErrors !== undefined}
        onChange={(value) => onChange(field.name, value)}
      />
      {fieldErrors && (
        <p id={errorId} class="field-error">
          {fieldErrors.join(" ")}
        </p>
      )}
    </div>
  );
}

/** The fields of one section: the read-only ones (not on a new record) above the inputs. */
function SectionFields({
  fields,
  props,
}: {
  readonly fields: readonly FieldMeta[];
  readonly props: FormSectionsProps;
}) {
  const { model, record, creating, mayWrite } = props;
  const editable = fields.filter((field) => field.editable && mayWrite);
  const shown = creating ? [] : fields.filter((field) => !editable.includes(field));
  return (
    <>
      <ReadOnlyFields model={model} fields={shown} record={record} />
      {editable.map((field) => (
        <FieldRow key={field.name} field={field} props={props} />
      ))}
    </>
  );
}

/** The sections in order: a named one as a `fieldset` with its legend and description; fields in none are left out. */
export function FormSections(props: FormSectionsProps) {
  const { model, uid } = props;
  if (!model.fieldsets) return <SectionFields fields={model.fields} props={props} />;
  const byName = new Map(model.fields.map((field) => [field.name, field]));
  return (
    <>
      {model.fieldsets.map((set, index) => {
        const fields = set.fields.flatMap((name) => byName.get(name) ?? []);
        if (!set.name) return <SectionFields key={index} fields={fields} props={props} />;
        const descriptionId = set.description ? `${uid}-set-${index}` : undefined;
        return (
          <fieldset key={index} class="form-section" aria-describedby={descriptionId}>
            <legend>{set.name}</legend>
            {set.description && (
              <p id={descriptionId} class="hint">
                {set.description}
              </p>
            )}
            <SectionFields fields={fields} props={props} />
          </fieldset>
        );
      })}
    </>
  );
}

/** A record's fields the user may not edit, shown as the list shows them: a foreign key by its record's label. */
import { useEffect, useMemo } from "preact/hooks";
import { formatValue } from "../../format.js";
import { foreignSource, labelOf, loadLabels } from "../../labels.js";
import { paths } from "../../router.js";
import { models } from "../../state.js";
import type { FieldMeta, ModelMeta, Row } from "../../../shared/wire.js";

/** A foreign key's value: its record's label (as in the list), a link where its model is registered. */
function ForeignValue({ model, field, id }: { model: ModelMeta; field: FieldMeta; id: string }) {
  const source = useMemo(() => foreignSource(model, field, models.value), [model, field]);
  useEffect(() => {
    if (source) void loadLabels(source, [id]);
  }, [source, id]);
  const text = (source && labelOf(source.key, id)) ?? `#${id}`;
  const target = field.references ? models.value.find((candidate) => candidate.name === field.references) : undefined;
  return target ? <a href={paths.change(target.name, id)}>{text}</a> : <>{text}</>;
}

/** The read-only fields as a description list, in the model's order. */
export function ReadOnlyFields({
  model,
  fields,
  record,
}: {
  readonly model: ModelMeta;
  readonly fields: readonly FieldMeta[];
  readonly record: Row | null;
}) {
  if (fields.length === 0) return null;
  return (
    <dl class="read-only">
      {fields.map((field) => {
        const value = record?.[field.name];
        return (
          <div key={field.name}>
            <dt>{field.label}</dt>
            <dd>
              {field.type === "foreignKey" && value !== null && value !== undefined ? (
                <ForeignValue model={model} field={field} id={String(value)} />
              ) : (
                formatValue(field, value, field.name === model.pk)
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

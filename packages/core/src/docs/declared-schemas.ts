/** The OpenAPI schemas of a serializer's declared fields: related and computed ones. */
import type { ModelShape } from "../models/define-model.js";
import type { FieldDef } from "../models/fields.js";
import { verboseNameOf } from "../models/names.js";
import type { DeclaredField } from "../serializers/base-serializer.js";
import { sourceOf } from "../serializers/related.js";
import { fieldSchema } from "./field-schemas.js";
import type { SchemaObject } from "../http/openapi-types.js";

function relatedSchema(
  model: ModelShape,
  name: string,
  field: Extract<DeclaredField, { kind: "related" }>,
): SchemaObject {
  const target = field.target.model;
  const source = sourceOf(name, field);
  let schema: SchemaObject;
  if (field.field !== undefined) {
    schema = fieldSchema(target.fields[field.field] ?? { type: "json" });
  } else {
    const names = field.fields ?? [];
    const properties: Record<string, SchemaObject> = {};
    for (const key of names) properties[key] = fieldSchema(target.fields[key] ?? { type: "json" });
    schema = { type: "object", properties };
    if (names.length > 0) schema.required = [...names];
  }
  // A null foreign key, or one whose row is gone, shows as null.
  if (model.fields[source]?.nullable) schema.nullable = true;
  const noun = verboseNameOf(target);
  schema.description =
    field.field === undefined
      ? `The ${noun} that ${source} points at.`
      : `The ${field.field} of the ${noun} that ${source} points at.`;
  return schema;
}

/**
 * A related or computed field in a response body: a related field as its target's fields (one
 * of them, or a nested object), a computed one by its declared type. Read-only unless writable.
 */
export function declaredFieldSchema(
  model: ModelShape,
  name: string,
  field: DeclaredField,
  writable: boolean,
): SchemaObject {
  if (field.kind === "computed") {
    const { description, ...type } = field.schema;
    const schema = fieldSchema(type as FieldDef, { readOnly: true });
    if (description !== undefined) schema.description = description;
    return schema;
  }
  const schema = relatedSchema(model, name, field);
  if (!writable) schema.readOnly = true;
  return schema;
}

/** `defineModel`: a model from its fields, with the valibot schema of its writable ones. */
import * as v from "valibot";
import type { CleanInfo, CleanInput } from "./clean.js";
import { type Fields, type FieldDef, type RowOf, fieldSchema, isEditable, isSerializable } from "./fields.js";

/** A valibot object schema of the writable fields of a model. */
export type ObjectSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;

/** What every model has, whatever its row type. */
export interface ModelShape {
  readonly name: string;
  /** The model in a sentence ("price change"); by default its name in words. */
  readonly verboseName?: string | undefined;
  readonly fields: Readonly<Record<string, FieldDef>>;
  readonly primaryKey: string;
  readonly schema: v.GenericSchema<unknown, Record<string, unknown>>;
  readonly partialSchema: v.GenericSchema<unknown, Record<string, unknown>>;
  clean?(obj: never, info: never): void | Promise<void>;
}

/** A model's `clean`: may throw `ValidationError`; changes it makes to `obj` are saved. */
export type CleanFunction<Row, Input> = (obj: Input, info: CleanInfo<Row>) => void | Promise<void>;

/**
 * A model: the fields a viewset serves, how request bodies are validated, and `clean`.
 * `Row` is the type of one record as the manager returns it; `Input` what `clean` receives
 * (on create the validated body, on update the stored object with the changes merged in).
 */
export interface Model<Row extends object = Record<string, unknown>, Input extends object = Partial<Row>>
  extends ModelShape {
  readonly name: string;
  readonly fields: Readonly<Record<string, FieldDef>>;
  readonly primaryKey: keyof Row & string;
  /** Validates a create or full update body (required writable fields must be present). */
  readonly schema: v.GenericSchema<unknown, Record<string, unknown>>;
  /** Validates a partial update body (every field optional). */
  readonly partialSchema: v.GenericSchema<unknown, Record<string, unknown>>;
  /**
   * Validation of the whole object after the schema; throws `ValidationError`. On create `obj`
   * is the validated body (no primary key, no server-filled fields); on update the stored object
   * with the request's changes merged in. Changes it makes to `obj` are saved.
   */
  clean?(obj: Input, info: CleanInfo<Row>): void | Promise<void>;
  /** Phantom: carries the row type. */
  readonly __row?: Row;
}

export type RowOfModel<M> = M extends Model<infer Row> ? Row : never;

export interface ModelDefinition<F extends Fields, Row extends object, Input extends object = CleanInput<F>> {
  name: string;
  /** The model in a sentence, as DRF's `verbose_name` ("Create a price change"); default: its name in words. */
  verboseName?: string;
  fields: F;
  /** A valibot object schema for request bodies; derived from the field types when left out. */
  schema?: v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;
  /**
   * May throw `ValidationError` with errors per field or `non_field_errors`. Receives the
   * validated body on create, the merged object on update (`info.action` says which).
   */
  clean?: CleanFunction<Row, Input>;
}

/** One object schema over the editable fields, with the required ones required. */
export function schemaFromFields(fields: Fields): ObjectSchema {
  const entries: v.ObjectEntries = {};
  for (const [name, field] of Object.entries(fields)) {
    if (!isEditable(field)) continue;
    const schema = fieldSchema(field);
    const required = field.required ?? !field.nullable;
    entries[name] = required ? schema : v.optional(schema);
  }
  return v.object(entries);
}

function primaryKeyOf(name: string, fields: Fields): string {
  const keys = Object.keys(fields).filter((key) => fields[key]!.primaryKey);
  if (keys.length === 1) return keys[0]!;
  if (keys.length === 0 && "id" in fields) return "id";
  throw new TypeError(`defineModel ${name}: declare exactly one field with primaryKey: true`);
}

export function modelFromSchema<Row extends object, Input extends object = Partial<Row>>(options: {
  name: string;
  verboseName?: string | undefined;
  fields: Fields;
  schema: ObjectSchema;
  clean?: CleanFunction<Row, Input> | undefined;
}): Model<Row, Input> {
  const primaryKey = primaryKeyOf(options.name, options.fields) as keyof Row & string;
  const model: Model<Row, Input> = {
    name: options.name,
    ...(options.verboseName === undefined ? {} : { verboseName: options.verboseName }),
    fields: options.fields,
    primaryKey,
    schema: options.schema as v.GenericSchema<unknown, Record<string, unknown>>,
    partialSchema: v.partial(options.schema) as v.GenericSchema<unknown, Record<string, unknown>>,
  };
  if (options.clean) return { ...model, clean: options.clean };
  return model;
}

/**
 * Declares a model. The row type follows from the field types:
 * `defineModel({ name: "Product", fields: { id: { type: "int", primaryKey: true }, ... } })`.
 */
export function defineModel<const F extends Fields>(
  definition: ModelDefinition<F, RowOf<F>>,
): Model<RowOf<F>, CleanInput<F>> {
  return modelFromSchema<RowOf<F>, CleanInput<F>>({
    name: definition.name,
    verboseName: definition.verboseName,
    fields: definition.fields,
    schema: definition.schema ?? schemaFromFields(definition.fields),
    clean: definition.clean,
  });
}

/** Fields that never appear in a response (`serializable: false`). */
export function nonSerializableFields(model: ModelShape): string[] {
  return Object.keys(model.fields).filter((key) => !isSerializable(model.fields[key]!));
}

/** Fields a request may not set: the primary key and `editable: false` fields. */
export function nonEditableFields(model: ModelShape): string[] {
  return Object.keys(model.fields).filter((key) => !isEditable(model.fields[key]!));
}

/** `tableModel`: a drizzle table as the core's model, its fields read from the columns. */
import * as v from "valibot";
import { getTableName, type Column, type Table } from "drizzle-orm";
import { createInsertSchema } from "drizzle-valibot";
import type { CleanFunction, FieldDef, Model } from "@viewsets/core";
import { modelFromSchema, pascalCase, singularIdentifier } from "@viewsets/core/internals";
import {
  columnsOf,
  enumValuesOf,
  fieldTypeOf,
  foreignKeysOf,
  type OnDelete,
  isDatabaseSupplied,
  literalDefaultOf,
  isWritableColumn,
  maxLengthOf,
  primaryKeyOf,
} from "./columns.js";
import { type DeclaredDecimal, declaredDecimalProblem, decimalLimitsOf, shownPlacesOf } from "./decimal-limits.js";
import { refinementFor } from "./schemas.js";

type Key<Row> = keyof Row & string;
type AnySchema = v.GenericSchema<unknown, unknown>;
type ColumnsOf<T extends Table> = T["_"]["columns"];

/** The property keys of a table's JSON columns (`json`, `jsonb`, SQLite `text({ mode: "json" })`). */
export type JsonColumnKey<T extends Table> = {
  [K in keyof ColumnsOf<T>]: ColumnsOf<T>[K]["_"]["dataType"] extends "json" ? K : never;
}[keyof ColumnsOf<T>] &
  string;

/** A valibot schema per JSON column: `{ attributes: v.object({ size: v.picklist(["S", "M"]) }) }`. */
export type JsonSchemas<T extends Table> = { readonly [K in JsonColumnKey<T>]?: v.GenericSchema };

/** The property keys of a table's numeric columns that read as text (`numeric`, `decimal`). */
export type DecimalColumnKey<T extends Table> = {
  [K in keyof ColumnsOf<T>]: ColumnsOf<T>[K]["_"]["columnType"] extends "SQLiteNumeric" | "PgNumeric" ? K : never;
}[keyof ColumnsOf<T>] &
  string;

/** Turns a schema given for a column that is not JSON into a type error. */
export type OnlyJsonKeys<T extends Table, J> = { readonly [K in Exclude<keyof J, JsonColumnKey<T>>]: never };

/** `Shape` (a table's row or insert type) with each JSON column given a schema typed as the schema's output (or null). */
type WithJson<Shape, T extends Table, J> = [keyof J] extends [never]
  ? Shape
  : {
      [K in keyof Shape]: K extends keyof J & keyof ColumnsOf<T>
        ? J[K] extends v.GenericSchema
          ? v.InferOutput<J[K]> | (ColumnsOf<T>[K]["_"]["notNull"] extends true ? never : null)
          : Shape[K]
        : Shape[K];
    };

/** The table's row with each JSON column given a schema typed as the schema's output (or null). */
export type RowWithJson<T extends Table, J> = WithJson<T["$inferSelect"], T, J>;

/** What `clean` receives on create: the insert type, each JSON column typed as its schema's output. */
export type InsertWithJson<T extends Table, J> = WithJson<T["$inferInsert"], T, J>;

export interface TableModelOptions<Row extends object, Input extends object = Partial<Row>> {
  /**
   * The model's name in documents (its OpenAPI component): by default the singular of the table's
   * name in PascalCase, as DRF and drf-spectacular name a model (`products` is `Product`).
   */
  name?: string;
  /** The model in a sentence ("Create a product"): by default the singular of the table's name in words. */
  verboseName?: string;
  /** Fields never sent in a response (a password hash): `serializable: false`. */
  hidden?: readonly Key<Row>[];
  /** Fields a request may not set: `editable: false`. */
  readOnly?: readonly Key<Row>[];
  /**
   * Whether a text field may be blank (empty, or only white space where it trims), as DRF's
   * `allow_blank`. By default a NOT NULL text column without a default may not (a 400, "This field
   * may not be blank.", and `minLength: 1` in the document) and any other may: `{ notes: true }`
   * takes blanks in a required column, `{ nickname: false }` refuses them in a nullable one.
   */
  allowBlank?: { readonly [K in Key<Row>]?: boolean };
  /**
   * Text fields whose surrounding white space is kept as sent: `{ code: false }`. By default a
   * request's text is trimmed before validation, as DRF's CharField `trim_whitespace=True`.
   */
  trimWhitespace?: { readonly [K in Key<Row>]?: boolean };
  /**
   * What a field holds and the rules it keeps beyond its type, as DRF's `help_text`: the OpenAPI
   * document describes the field with it (`{ price: "A live product needs a price above zero." }`).
   */
  helpText?: { readonly [K in Key<Row>]?: string };
  /** Allowed values of fields whose column is not an enum. */
  choices?: { readonly [K in Key<Row>]?: readonly (string | number)[] };
  /**
   * What each choice is shown as (DRF's `display_name`, Django's `get_FOO_display`), by value:
   * `{ status: { on_loan: "On loan" } }`. OPTIONS, the OpenAPI document (`x-enumNames`) and the
   * admin's filters, cells and selects show them; a value of another field's type fails to compile.
   */
  choiceLabels?: { readonly [K in Key<Row>]?: Partial<Record<Extract<Row[K], string | number>, string>> };
  /**
   * Validation of the whole object after the schema; may throw `ValidationError`. Receives the
   * validated body on create (typed as the table's insert type), the merged row on update.
   */
  clean?: CleanFunction<Row, Input>;
  /**
   * The valibot schema of JSON columns' values: a body that does not match answers 400 naming
   * the path inside the value (`attributes.size`), and the OpenAPI document describes the column
   * with it. `tableModel` types the column as the schema's output.
   */
  json?: { readonly [K in Key<Row>]?: v.GenericSchema };
  /**
   * DRF's `max_digits` and `decimal_places` of numeric columns, for a table that cannot say them
   * (SQLite's `numeric` has no precision or scale): `{ price: { maxDigits: 10, decimalPlaces: 2 } }`.
   * A body past them is a 400, and responses show exactly `decimalPlaces` places ("416.90", where
   * SQLite reads back 416.9), as a PostgreSQL numeric(10, 2) column's do. Never more than the
   * column keeps: tableModel throws for 16 digits on SQLite or 3 places on a numeric(10, 2).
   */
  decimals?: { readonly [K in Key<Row>]?: DeclaredDecimal };
}

type ObjectSchema = Parameters<typeof modelFromSchema>[0]["schema"];

function fieldOf(
  column: Column,
  key: string,
  primaryKey: string,
  reference: { readonly table: string; readonly onDelete: OnDelete | undefined } | undefined,
  options: TableModelOptions<Record<string, unknown>>,
): FieldDef {
  const choices = options.choices?.[key] ?? enumValuesOf(column);
  const maxLength = maxLengthOf(column);
  const editable = !isDatabaseSupplied(column) && isWritableColumn(column) && !options.readOnly?.includes(key);
  const field: { -readonly [K in keyof FieldDef]: FieldDef[K] } = {
    type: reference === undefined ? fieldTypeOf(column) : "foreignKey",
  };
  if (key === primaryKey) field.primaryKey = true;
  if (!editable) field.editable = false;
  if (options.hidden?.includes(key)) field.serializable = false;
  if (!column.notNull) field.nullable = true;
  // A column with a default may be left out of a create body; the database fills it in.
  if (column.notNull && column.hasDefault) field.required = false;
  const literal = literalDefaultOf(column);
  if (literal !== undefined) field.default = literal;
  if (choices) field.choices = choices;
  if (column.isUnique && key !== primaryKey) field.unique = true;
  const labels = options.choiceLabels?.[key] as Readonly<Record<string, string>> | undefined;
  if (labels) {
    const unknown = Object.keys(labels).filter((value) => !choices?.map(String).includes(value));
    if (unknown.length > 0) {
      throw new TypeError(`@viewsets/drizzle: choiceLabels.${key}: not a choice of the field: ${unknown.join(", ")}`);
    }
    field.choiceLabels = labels;
  }
  if (maxLength !== undefined) field.maxLength = maxLength;
  const allowBlank = options.allowBlank?.[key];
  if (allowBlank !== undefined) field.allowBlank = allowBlank;
  if (options.trimWhitespace?.[key] === false) field.trimWhitespace = false;
  const help = options.helpText?.[key];
  if (help !== undefined) field.description = help;
  const declared = declaredDecimalOf(column, key, options);
  const maxDigits = decimalLimitsOf(column, declared)?.maxDigits;
  if (maxDigits !== undefined) field.maxDigits = maxDigits;
  const places = shownPlacesOf(column, declared);
  if (places !== undefined) field.decimalPlaces = places;
  if (reference !== undefined) field.references = reference.table;
  if (reference?.onDelete !== undefined) field.onDelete = reference.onDelete;
  const json = jsonSchemaOf(column, key, options);
  if (json) field.schema = json;
  return field;
}

/** The app's digits for a numeric column, if it gave them; ones the column cannot keep are a mistake. */
function declaredDecimalOf(
  column: Column,
  key: string,
  options: TableModelOptions<Record<string, unknown>>,
): DeclaredDecimal | undefined {
  const declared = options.decimals?.[key];
  if (declared === undefined) return undefined;
  const problem = declaredDecimalProblem(column, declared);
  if (problem) throw new TypeError(`@viewsets/drizzle: decimals.${key}: ${problem}`);
  return declared;
}

/** The app's schema for a JSON column, if it gave one; a schema on any other column is a mistake. */
function jsonSchemaOf(
  column: Column,
  key: string,
  options: TableModelOptions<Record<string, unknown>>,
): AnySchema | undefined {
  const schema = options.json?.[key];
  if (schema === undefined) return undefined;
  if (fieldTypeOf(column) !== "json") {
    throw new TypeError(`@viewsets/drizzle: json.${key}: column ${column.name} is not a JSON column`);
  }
  return schema as AnySchema;
}

/**
 * The fields of a table as the core describes them, from the drizzle column definitions:
 * types, nullability, choices of text enums, foreign keys, and which fields the database fills.
 */
export function tableFields(
  table: Table,
  options: TableModelOptions<Record<string, unknown>> = {},
): Record<string, FieldDef> {
  const primaryKey = primaryKeyOf(table);
  const foreignKeys = foreignKeysOf(table);
  const columns = columnsOf(table);
  for (const key of Object.keys(options.decimals ?? {})) {
    if (!Object.hasOwn(columns, key))
      throw new TypeError(`@viewsets/drizzle: decimals.${key}: the table has no such column`);
  }
  const fields: Record<string, FieldDef> = {};
  for (const [key, column] of Object.entries(columns)) {
    fields[key] = fieldOf(column, key, primaryKey, foreignKeys.get(key), options);
  }
  return fields;
}

/** drizzle-valibot's insert schema with JSON-friendly refinements, over the editable fields only. */
function requestSchema(
  table: Table,
  fields: Record<string, FieldDef>,
  options: TableModelOptions<Record<string, unknown>>,
): ObjectSchema {
  const refinements: Record<string, (schema: v.GenericSchema<unknown, unknown>) => v.GenericSchema<unknown, unknown>> =
    {};
  for (const [key, column] of Object.entries(columnsOf(table))) {
    const refinement = refinementFor(column, options.choices?.[key], fields[key]?.schema, options.decimals?.[key]);
    if (refinement) refinements[key] = refinement;
  }
  const insert = createInsertSchema(table, refinements as never) as unknown as v.ObjectSchema<
    v.ObjectEntries,
    undefined
  >;
  const entries: v.ObjectEntries = {};
  for (const [key, schema] of Object.entries(insert.entries)) {
    const field = fields[key];
    if (field && field.primaryKey !== true && field.editable !== false) entries[key] = schema;
  }
  return v.object(entries);
}

/** `TableModelOptions` of one table, its `json` schemas typing the row, `decimals` only for numeric columns. */
export type TypedTableModelOptions<T extends Table, J> = Omit<
  TableModelOptions<RowWithJson<T, J>, InsertWithJson<T, J>>,
  "json" | "decimals"
> & {
  json?: J & OnlyJsonKeys<T, J>;
  decimals?: { readonly [K in DecimalColumnKey<T>]?: DeclaredDecimal };
};

/**
 * A core `Model` for a drizzle table: `tableModel(products)` is a `Model<typeof products.$inferSelect>`.
 * Request bodies are validated with drizzle-valibot's insert schema, restricted to the editable
 * fields; timestamps accept ISO 8601 text, decimals accept numbers or numeric text.
 */
export function tableModel<T extends Table, J extends JsonSchemas<T> = Record<never, never>>(
  table: T,
  options: TypedTableModelOptions<T, J> = {},
): Model<RowWithJson<T, J>, InsertWithJson<T, J>> {
  const loose = options as TableModelOptions<Record<string, unknown>>;
  const fields = tableFields(table, loose);
  return modelFromSchema<RowWithJson<T, J>, InsertWithJson<T, J>>({
    name: options.name ?? pascalCase(singularIdentifier(getTableName(table))),
    verboseName: options.verboseName,
    fields,
    schema: requestSchema(table, fields, loose),
    clean: options.clean,
  });
}

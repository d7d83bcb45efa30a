import * as v from "valibot";
import { getTableName, type Column, type Table } from "drizzle-orm";
import { createInsertSchema } from "drizzle-valibot";
import { modelFromSchema, type FieldDef, type Model } from "@viewsets/core";
import {
  columnsOf,
  enumValuesOf,
  fieldTypeOf,
  foreignKeysOf,
  isDatabaseSupplied,
  isWritableColumn,
  maxLengthOf,
  primaryKeyOf,
} from "./columns.js";
import { decimalLimitsOf } from "./decimal-limits.js";
import { refinementFor } from "./schemas.js";

type Key<Row> = keyof Row & string;

export interface TableModelOptions<Row extends object> {
  /** The model's name in messages and documents; defaults to the table name in PascalCase. */
  name?: string;
  /** Fields never sent in a response (a password hash): `serializable: false`. */
  hidden?: readonly Key<Row>[];
  /** Fields a request may not set: `editable: false`. */
  readOnly?: readonly Key<Row>[];
  /** Allowed values of fields whose column is not an enum. */
  choices?: { readonly [K in Key<Row>]?: readonly (string | number)[] };
  /** Validation of the whole object after the schema; may throw `ValidationError`. */
  clean?: (obj: Row) => void | Promise<void>;
}

type ObjectSchema = Parameters<typeof modelFromSchema>[0]["schema"];

function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");
}

function fieldOf(
  column: Column,
  key: string,
  primaryKey: string,
  references: string | undefined,
  options: TableModelOptions<Record<string, unknown>>,
): FieldDef {
  const choices = options.choices?.[key] ?? enumValuesOf(column);
  const maxLength = maxLengthOf(column);
  const editable = !isDatabaseSupplied(column) && isWritableColumn(column) && !options.readOnly?.includes(key);
  const field: { -readonly [K in keyof FieldDef]: FieldDef[K] } = {
    type: references === undefined ? fieldTypeOf(column) : "foreignKey",
  };
  if (key === primaryKey) field.primaryKey = true;
  if (!editable) field.editable = false;
  if (options.hidden?.includes(key)) field.serializable = false;
  if (!column.notNull) field.nullable = true;
  // A column with a default may be left out of a create body; the database fills it in.
  if (column.notNull && column.hasDefault) field.required = false;
  if (choices) field.choices = choices;
  if (maxLength !== undefined) field.maxLength = maxLength;
  const limits = decimalLimitsOf(column);
  if (limits?.maxDigits !== undefined) field.maxDigits = limits.maxDigits;
  if (limits?.decimalPlaces !== undefined) field.decimalPlaces = limits.decimalPlaces;
  if (references !== undefined) field.references = references;
  return field;
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
  const fields: Record<string, FieldDef> = {};
  for (const [key, column] of Object.entries(columnsOf(table))) {
    fields[key] = fieldOf(column, key, primaryKey, foreignKeys.get(key)?.table, options);
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
    const refinement = refinementFor(column, options.choices?.[key]);
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

/**
 * A core `Model` for a drizzle table: `tableModel(products)` is a `Model<typeof products.$inferSelect>`.
 * Request bodies are validated with drizzle-valibot's insert schema, restricted to the editable
 * fields; timestamps accept ISO 8601 text, decimals accept numbers or numeric text.
 */
export function tableModel<T extends Table>(
  table: T,
  options: TableModelOptions<T["$inferSelect"]> = {},
): Model<T["$inferSelect"]> {
  const loose = options as TableModelOptions<Record<string, unknown>>;
  const fields = tableFields(table, loose);
  return modelFromSchema<T["$inferSelect"]>({
    name: options.name ?? pascalCase(getTableName(table)),
    fields,
    schema: requestSchema(table, fields, loose),
    clean: options.clean,
  });
}

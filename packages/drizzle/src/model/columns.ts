/** A drizzle table's columns: their keys, foreign keys, database names and kinds. */
import { type Column, SQL, getTableColumns, getTableName, is, type Table } from "drizzle-orm";
import type { FieldType } from "@viewsets/core";
import { isDateTextColumn } from "./date-text.js";
import { dialectOf } from "../dialects/registry.js";

/** The columns of a table by their JavaScript property key. */
export function columnsOf(table: Table): Record<string, Column> {
  return getTableColumns(table);
}

/** The property key of the single primary key column. */
export function primaryKeyOf(table: Table): string {
  const keys = Object.entries(columnsOf(table))
    .filter(([, column]) => column.primary)
    .map(([key]) => key);
  if (keys.length === 1) return keys[0]!;
  const composite = dialectOf(table).keysOf(table).primaryKeys;
  if (keys.length === 0 && composite.length === 1 && composite[0]!.columns.length === 1) {
    const name = composite[0]!.columns[0]!.name;
    const key = Object.entries(columnsOf(table)).find(([, column]) => column.name === name)?.[0];
    if (key) return key;
  }
  throw new TypeError(`@viewsets/drizzle: table ${getTableName(table)} needs exactly one primary key column`);
}

/** What deleting a referenced row does to the rows that point at it, when not refused (RESTRICT, NO ACTION). */
export type OnDelete = "cascade" | "setNull" | "setDefault";

const ON_DELETE: Readonly<Record<string, OnDelete>> = {
  cascade: "cascade",
  "set null": "setNull",
  "set default": "setDefault",
};

/** One single-column foreign key: the table it points at, its column, and what a delete there does. */
export interface ForeignKeyOf {
  readonly table: string;
  readonly target: Table;
  readonly column: Column;
  readonly onDelete: OnDelete | undefined;
}

/** Property key of each column that references another table → that table's name. */
export function foreignKeysOf(table: Table): Map<string, ForeignKeyOf> {
  const config = dialectOf(table).keysOf(table);
  const byName = new Map(Object.entries(columnsOf(table)).map(([key, column]) => [column.name, key]));
  const result = new Map<string, ForeignKeyOf>();
  for (const foreignKey of config.foreignKeys) {
    const reference = foreignKey.reference();
    // A composite foreign key names no single field; it is left to the database.
    if (reference.columns.length !== 1) continue;
    const key = byName.get(reference.columns[0]!.name);
    if (key === undefined) continue;
    result.set(key, {
      table: getTableName(reference.foreignTable),
      target: reference.foreignTable,
      column: reference.foreignColumns[0]!,
      onDelete: ON_DELETE[foreignKey.onDelete ?? ""],
    });
  }
  return result;
}

const FLOAT_TYPES = new Set(["PgReal", "PgDoublePrecision", "SQLiteReal", "PgNumericNumber", "SQLiteNumericNumber"]);
const DECIMAL_STRING_TYPES = new Set(["PgNumeric", "SQLiteNumeric"]);
const SERIAL_TYPES = new Set(["PgSerial", "PgSmallSerial", "PgBigSerial53", "PgBigSerial64"]);

/** Whether a number column holds fractions (real, double, numeric in number mode). */
export function isFloatColumn(column: Column): boolean {
  return FLOAT_TYPES.has(column.columnType);
}

/** Numeric columns whose values travel as strings so that no digit is lost. */
export function isDecimalStringColumn(column: Column): boolean {
  return DECIMAL_STRING_TYPES.has(column.columnType);
}

// Column types LIKE applies to as they are; others (uuid, enums, numbers) are cast to text first.
const TEXT_TYPES = new Set(["PgText", "PgVarchar", "PgChar", "SQLiteText"]);

export function isTextColumn(column: Column): boolean {
  return TEXT_TYPES.has(column.columnType);
}

export function enumValuesOf(column: Column): readonly string[] | undefined {
  const values = (column as Column & { enumValues?: readonly string[] }).enumValues;
  return Array.isArray(values) && values.length > 0 ? values : undefined;
}

export function maxLengthOf(column: Column): number | undefined {
  const length = (column as Column & { length?: unknown }).length;
  return typeof length === "number" && length > 0 ? length : undefined;
}

/** The core field type a column's values have. */
export function fieldTypeOf(column: Column): FieldType {
  const type = column.columnType;
  if (isDateTextColumn(column)) return "date";
  switch (column.dataType) {
    case "boolean":
      return "bool";
    case "date":
      return type === "PgDate" ? "date" : "time";
    case "number":
      return isFloatColumn(column) ? "decimal" : "int";
    case "bigint":
      return "int";
    case "json":
    case "array":
      return "json";
    case "string":
      if (isDecimalStringColumn(column)) return "decimal";
      if (type === "PgDateString") return "date";
      if (type === "PgTimestampString") return "time";
      if (type === "PgText" || (type === "SQLiteText" && maxLengthOf(column) === undefined)) {
        return enumValuesOf(column) ? "string" : "text";
      }
      return "string";
    default:
      return "string";
  }
}

/** True when the database (or drizzle) supplies the value and a client should not send it. */
export function isDatabaseSupplied(column: Column): boolean {
  if (column.generated !== undefined || column.generatedIdentity !== undefined) return true;
  if (SERIAL_TYPES.has(column.columnType)) return true;
  if (column.defaultFn !== undefined || column.onUpdateFn !== undefined) return true;
  // `defaultNow()`, `default(sql\`CURRENT_TIMESTAMP\`)`: computed by the database. A literal
  // default (`default(true)`) is only a fallback: the client may still set it.
  return column.default !== undefined && is(column.default, SQL);
}

/**
 * A column's literal default (`default("draft")`, `default(true)`) as JSON carries it, or
 * undefined: an SQL default or a function's is computed when the row is written, not known before.
 */
export function literalDefaultOf(column: Column): unknown {
  if (column.default === undefined || column.default === null || is(column.default, SQL)) return undefined;
  if (column.defaultFn !== undefined) return undefined;
  const value: unknown = column.default;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  return value;
}

/** Columns a row may be written to at all (generated columns are always computed). */
export function isWritableColumn(column: Column): boolean {
  if (column.generated !== undefined && column.generated.type !== "byDefault") return false;
  return column.generatedIdentity?.type !== "always";
}

/** Names the database may use for a column in its error messages. */
export function databaseNamesOf(column: Column): string[] {
  if (!column.keyAsName) return [column.name];
  const snake = column.name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
  return snake === column.name ? [column.name] : [column.name, snake];
}

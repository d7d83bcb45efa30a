import { and, asc, between, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type Column, type SQL } from "drizzle-orm";
import type { Condition, Expression, FilterValue } from "@viewsets/core";
import { enumValuesOf, isTextColumn, type Dialect } from "./columns.js";
import { columnValue, numericValue, rangePosition, textValue } from "./values.js";

/** What translating an expression needs to know about the table and its database. */
export interface SqlTarget {
  readonly dialect: Dialect;
  /** Columns by JavaScript property key: the only names an expression may use. */
  readonly columns: Readonly<Record<string, Column>>;
  /** The SQL function that lower-cases text for case-insensitive lookups. */
  readonly lowerFunction: string;
  readonly tableName: string;
}

// Lists longer than this travel as one parameter (an array on PostgreSQL, JSON on SQLite), so
// that no number of values can reach a driver's bound-parameter limit.
const INLINE_LIST_LIMIT = 50;
// An escape character that means the same whatever standard_conforming_strings says.
const ESCAPE = "!";

const TRUE = sql`1 = 1`;
const FALSE = sql`1 = 0`;

export class UnknownFieldError extends TypeError {
  constructor(tableName: string, field: string) {
    super(`@viewsets/drizzle: table ${tableName} has no column for field "${field}"`);
    this.name = "UnknownFieldError";
  }
}

export function columnFor(target: SqlTarget, field: string): Column {
  const column = Object.hasOwn(target.columns, field) ? target.columns[field] : undefined;
  if (!column) throw new UnknownFieldError(target.tableName, field);
  return column;
}

function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (char) => ESCAPE + char);
}

// GLOB has no escape character: a special character is matched literally inside brackets.
function escapeGlob(text: string): string {
  return text.replace(/[*?[]/g, (char) => `[${char}]`);
}

function asText(target: SqlTarget, column: Column): SQL {
  return isTextColumn(column) ? sql`${column}` : sql`cast(${column} as text)`;
}

function lower(target: SqlTarget, value: SQL): SQL {
  return sql`${sql.raw(target.lowerFunction)}(${value})`;
}

type PatternLookup = "contains" | "icontains" | "startswith" | "istartswith" | "endswith" | "iendswith";

function pattern(lookup: PatternLookup, escaped: string, any: string): string {
  if (lookup.endsWith("contains")) return `${any}${escaped}${any}`;
  if (lookup.endsWith("startswith")) return `${escaped}${any}`;
  return `${any}${escaped}`;
}

/**
 * `contains` is case-sensitive and `icontains` is not, on both dialects: PostgreSQL LIKE/ILIKE;
 * SQLite's LIKE ignores ASCII case, so case-sensitive lookups use GLOB there and
 * case-insensitive ones compare lower-cased text.
 */
function patternCondition(target: SqlTarget, column: Column, lookup: PatternLookup, value: FilterValue): SQL {
  const text = textValue(value);
  const insensitive = lookup.startsWith("i");
  const subject = asText(target, column);
  if (target.dialect === "sqlite" && !insensitive) {
    return sql`${subject} glob ${pattern(lookup, escapeGlob(text), "*")}`;
  }
  const like = pattern(lookup, escapeLike(text), "%");
  if (target.dialect === "pg") {
    return insensitive
      ? sql`${subject} ilike ${like} escape '${sql.raw(ESCAPE)}'`
      : sql`${subject} like ${like} escape '${sql.raw(ESCAPE)}'`;
  }
  return sql`${lower(target, subject)} like ${lower(target, sql`${like}`)} escape '${sql.raw(ESCAPE)}'`;
}

/** A value a PostgreSQL enum type cannot hold: the database would refuse the query, not just not match. */
function notAnEnumValue(column: Column, value: unknown): boolean {
  if (!column.columnType.startsWith("PgEnum")) return false;
  const values = enumValuesOf(column);
  return values !== undefined && !values.includes(value as string);
}

/**
 * Values the column cannot hold (integers outside its range, strings outside a PostgreSQL
 * enum): decided here, never sent to the database.
 */
function outOfRange(column: Column, lookup: Condition["lookup"], value: unknown): SQL | undefined {
  if (notAnEnumValue(column, value)) return FALSE;
  const number = numericValue(value);
  if (number === undefined) return undefined;
  const position = rangePosition(column, number);
  if (position === 0) return undefined;
  switch (lookup) {
    case "gt":
    case "gte":
      return position > 0 ? FALSE : isNotNull(column);
    case "lt":
    case "lte":
      return position < 0 ? FALSE : isNotNull(column);
    default:
      return FALSE;
  }
}

function comparison(column: Column, lookup: "exact" | "gt" | "gte" | "lt" | "lte", raw: FilterValue): SQL {
  const value = columnValue(column, raw);
  const decided = outOfRange(column, lookup, value);
  if (decided) return decided;
  switch (lookup) {
    case "exact":
      return eq(column, value);
    case "gt":
      return gt(column, value);
    case "gte":
      return gte(column, value);
    case "lt":
      return lt(column, value);
    case "lte":
      return lte(column, value);
  }
}

function jsonList(values: readonly unknown[]): string {
  // Written by hand so that a bigint keeps every digit (SQLite reads JSON integers as int64).
  return `[${values.map((value) => (typeof value === "bigint" ? value.toString() : JSON.stringify(value))).join(",")}]`;
}

function inList(target: SqlTarget, column: Column, raw: readonly FilterValue[]): SQL {
  const values = raw.map((item) => columnValue(column, item)).filter((value) => outOfRange(column, "exact", value) === undefined);
  if (values.length === 0) return FALSE;
  if (values.length <= INLINE_LIST_LIMIT) return inArray(column, values);
  const driverValues = values.map((value) => column.mapToDriverValue(value));
  if (target.dialect === "pg") {
    const texts = driverValues.map((value) => (value instanceof Date ? value.toISOString() : value));
    return sql`${column} = any(${sql.param(texts)})`;
  }
  return sql`${column} in (select value from json_each(${jsonList(driverValues)}))`;
}

function rangeCondition(column: Column, low: FilterValue, high: FilterValue): SQL {
  const from = columnValue(column, low);
  const to = columnValue(column, high);
  const fromNumber = numericValue(from);
  const toNumber = numericValue(to);
  if (fromNumber !== undefined && toNumber !== undefined) {
    const [fromPosition, toPosition] = [rangePosition(column, fromNumber), rangePosition(column, toNumber)];
    if (fromPosition > 0 || toPosition < 0) return FALSE;
    if (fromPosition < 0 && toPosition > 0) return isNotNull(column);
    if (fromPosition < 0) return lte(column, to);
    if (toPosition > 0) return gte(column, from);
  }
  return between(column, from, to);
}

function conditionSql(target: SqlTarget, condition: Condition): SQL {
  const column = columnFor(target, condition.field);
  switch (condition.lookup) {
    case "isnull":
      return condition.value ? isNull(column) : isNotNull(column);
    case "in":
      return inList(target, column, condition.value);
    case "range":
      return rangeCondition(column, condition.value[0], condition.value[1]);
    case "exact":
    case "gt":
    case "gte":
    case "lt":
    case "lte":
      return comparison(column, condition.lookup, condition.value);
    case "iexact": {
      const text = textValue(condition.value);
      return sql`${lower(target, asText(target, column))} = ${lower(target, sql`${text}`)}`;
    }
    default:
      return patternCondition(target, column, condition.lookup, condition.value);
  }
}

/** An expression as a SQL condition. Field names are the table's property keys; others throw. */
export function expressionSql(target: SqlTarget, expression: Expression): SQL {
  if (expression.kind === "condition") return conditionSql(target, expression);
  const children = expression.children.map((child) => expressionSql(target, child));
  if (expression.kind === "and") return children.length === 0 ? TRUE : and(...children)!;
  return children.length === 0 ? FALSE : or(...children)!;
}

/**
 * `"-price"` / `"name"` as ORDER BY terms. Nulls sort as the smallest value on both dialects
 * (first ascending, last descending), as SQLite and the core's in-memory query set do.
 */
export function orderingSql(target: SqlTarget, terms: readonly string[]): SQL[] {
  return terms.map((term) => {
    const descending = term.startsWith("-");
    const column = columnFor(target, descending ? term.slice(1) : term);
    if (target.dialect === "pg" && !column.notNull) {
      return descending ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
    }
    return descending ? desc(column) : asc(column);
  });
}

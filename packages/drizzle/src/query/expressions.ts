/** The core's filter expressions and orderings as drizzle SQL. */
import {
  and,
  between,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type Column,
  type SQL,
  type Table,
} from "drizzle-orm";
import type { Condition, Expression, FilterValue } from "@viewsets/core";
import { enumValuesOf, isTextColumn } from "../model/columns.js";
import type { Dialect } from "../dialects/dialect.js";
import { isMatchableText, type PatternLookup } from "../dialects/patterns.js";
import { inRelated, relatedOrderTerm, relatedValue, relationStep, splitRelated } from "./relation-sql.js";
import { searchIndexSql, type SqliteSearchIndex } from "./search-index.js";
import { columnValue, numericValue, rangePosition, textValue } from "../model/values.js";

/** What translating an expression needs to know about the table and its database. */
export interface SqlTarget {
  readonly dialect: Dialect;
  /** Columns by JavaScript property key: the only names an expression may use. */
  readonly columns: Readonly<Record<string, Column>>;
  /** The SQL function that lower-cases text for case-insensitive lookups. */
  readonly lowerFunction: string;
  readonly tableName: string;
  /** The table itself: its foreign keys are what a related field (`categoryId.name`) follows. */
  readonly table: Table;
  /** A SQLite trigram index that serves `icontains` on some text columns (see search-index.ts). */
  readonly searchIndex?: SqliteSearchIndex;
}

// Lists longer than this travel as one parameter (an array on PostgreSQL, JSON on SQLite), so
// that no number of values can reach a driver's bound-parameter limit.
const INLINE_LIST_LIMIT = 50;

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

function asText(_target: SqlTarget, column: Column): SQL {
  return isTextColumn(column) ? sql`${column}` : sql`cast(${column} as text)`;
}

function lower(target: SqlTarget, value: SQL): SQL {
  return sql`${sql.raw(target.lowerFunction)}(${value})`;
}

function patternCondition(target: SqlTarget, column: Column, lookup: PatternLookup, value: FilterValue): SQL {
  // The core refuses a NUL before any SQL; this is the second line. No stored text holds one
  // (PostgreSQL refuses it, the API never writes one), and SQLite would read a pattern only up
  // to it, so that `contains` would match every row.
  if (!isMatchableText(textValue(value))) return FALSE;
  return target.dialect.patternMatch(asText(target, column), lookup, textValue(value), (text) => lower(target, text));
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

function inList(target: SqlTarget, column: Column, raw: readonly FilterValue[]): SQL {
  const values = raw
    .map((item) => columnValue(column, item))
    .filter((value) => outOfRange(column, "exact", value) === undefined);
  if (values.length === 0) return FALSE;
  if (values.length <= INLINE_LIST_LIMIT) return inArray(column, values);
  const driverValues = values.map((value) => column.mapToDriverValue(value));
  return target.dialect.inOneParameter(column, driverValues);
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

/** A condition on a related field (`categoryId.name`): the foreign key IN the keys of the target rows that match. */
function relatedConditionSql(target: SqlTarget, condition: Condition, source: string, rest: string): SQL {
  const step = relationStep(target.table, source);
  const inner: SqlTarget = {
    dialect: target.dialect,
    lowerFunction: target.lowerFunction,
    columns: step.columns,
    tableName: step.tableName,
    table: step.table,
  };
  const matching = inRelated(step, conditionSql(inner, { ...condition, field: rest }));
  // No related row is a null value, as Django's LEFT JOIN reads it: `isnull=true` matches a null key too.
  return condition.lookup === "isnull" && condition.value ? or(isNull(step.column), matching)! : matching;
}

function conditionSql(target: SqlTarget, condition: Condition): SQL {
  const related = splitRelated(condition.field);
  if (related) return relatedConditionSql(target, condition, related.source, related.rest);
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

// SQLite parses `a or b or c ...` into a tree as deep as the chain and refuses one deeper than
// 1000 ("Expression tree is too large"): longer lists of children are nested in balanced groups.
const FLAT_CHILDREN = 8;

function joined(kind: "and" | "or", children: readonly SQL[]): SQL {
  if (children.length <= FLAT_CHILDREN) return kind === "and" ? and(...children)! : or(...children)!;
  const middle = Math.ceil(children.length / 2);
  return joined(kind, [joined(kind, children.slice(0, middle)), joined(kind, children.slice(middle))]);
}

/**
 * An expression as a SQL condition. Field names are the table's property keys; others throw.
 * `scanIndexed` writes its search-index lookups for a scan in index order (see `searchIndexSql`).
 */
export function expressionSql(target: SqlTarget, expression: Expression, scanIndexed = false): SQL {
  const served = target.searchIndex && searchIndexSql(target.searchIndex, expression, scanIndexed);
  if (served) {
    const parts = [...served.indexed, ...served.rest.map((child) => expressionSql(target, child, scanIndexed))];
    return parts.length === 1 ? parts[0]! : joined("or", parts);
  }
  if (expression.kind === "condition") return conditionSql(target, expression);
  const children = expression.children.map((child) => expressionSql(target, child, scanIndexed));
  if (children.length === 0) return expression.kind === "and" ? TRUE : FALSE;
  return joined(expression.kind, children);
}

/**
 * `"-price"` / `"name"` as ORDER BY terms. Nulls sort as the smallest value on both dialects
 * (first ascending, last descending), as SQLite and the core's in-memory query set do.
 */
export function orderingSql(target: SqlTarget, terms: readonly string[]): SQL[] {
  return terms.map((term) => {
    const descending = term.startsWith("-");
    const field = descending ? term.slice(1) : term;
    if (splitRelated(field)) return relatedOrderTerm(fieldValue(target, field).value, descending);
    return target.dialect.orderTerm(columnFor(target, field), descending);
  });
}

/**
 * A field's value for each row, as SQL: its column, or for a related field (`categoryId.name`) a
 * correlated subquery through the foreign keys. `column` is what its values are read as.
 */
export function fieldValue(target: SqlTarget, field: string): { value: SQL; column: Column } {
  const found = relatedValue(target.table, target.columns, field);
  if (!found) throw new UnknownFieldError(target.tableName, field);
  return found;
}

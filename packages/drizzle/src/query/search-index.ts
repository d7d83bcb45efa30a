/** Trigram search indexes: the statements that create them and the SQL that asks SQLite's. */
import { getTableName, sql, type Column, type SQL, type Table } from "drizzle-orm";
import type { Condition, Expression } from "@viewsets/core";
import { columnsOf, primaryKeyOf } from "../model/columns.js";
import { dialectOf } from "../dialects/registry.js";
import { isMatchableText } from "../dialects/patterns.js";

/**
 * A trigram index over some text columns, so that `icontains` on them (and so `?search=`) finds
 * rows without reading every one. `%text%` is a pattern no B-tree serves: on a million rows the
 * scan costs about a second.
 * - SQLite: an FTS5 table with the trigram tokenizer, kept in step with the table by triggers
 *   (`trigramIndexSql` writes them); the manager asks it for `icontains` terms of 3 or more
 *   characters and falls back to LIKE for shorter ones, which a trigram cannot hold.
 * - PostgreSQL: GIN indexes with `gin_trgm_ops` (`trigramIndexSql` writes them); the planner uses
 *   them for ILIKE by itself, so the manager's SQL does not change.
 */
export interface SearchIndex<Key extends string = string> {
  /** The FTS5 table's name on SQLite; the indexes' name prefix on PostgreSQL. */
  readonly name: string;
  /** The text fields it covers (property keys of the table). */
  readonly fields: readonly Key[];
}

/** What the SQL translation needs: the FTS5 table, its column per field, and the key it joins on. */
export interface SqliteSearchIndex {
  readonly table: string;
  readonly columns: ReadonlyMap<string, string>;
  readonly key: Column;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function checkedName(name: string, what: string): string {
  if (!IDENTIFIER.test(name)) throw new TypeError(`@viewsets/drizzle: ${what} "${name}" is not a plain SQL identifier`);
  return name;
}

function indexedColumns(table: Table, index: SearchIndex): Map<string, string> {
  const columns = columnsOf(table);
  const byField = new Map<string, string>();
  for (const field of index.fields) {
    const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
    if (!column) throw new TypeError(`@viewsets/drizzle: search index ${index.name}: no column for field "${field}"`);
    byField.set(field, checkedName(column.name, "column"));
  }
  return byField;
}

/** The SQLite side of a manager's search index, or undefined where the SQL needs none. */
export function sqliteSearchIndex(table: Table, index: SearchIndex | undefined): SqliteSearchIndex | undefined {
  if (!index || !dialectOf(table).queriesSearchIndex) return undefined;
  const columns = indexedColumns(table, index);
  const key = columnsOf(table)[primaryKeyOf(table)]!;
  return { table: checkedName(index.name, "search index"), columns, key };
}

/**
 * The statements that create a search index over `table` (run them once, in a migration or at
 * start; each is idempotent and cheap when already done). SQLite: the FTS5 table, the triggers that
 * keep it in step, and a first build from the rows already there. PostgreSQL: the pg_trgm extension and one GIN index per field.
 */
export function trigramIndexSql(table: Table, index: SearchIndex): string[] {
  const name = checkedName(index.name, "search index");
  const tableName = checkedName(getTableName(table), "table");
  const columns = [...indexedColumns(table, index).values()];
  const key = checkedName(columnsOf(table)[primaryKeyOf(table)]!.name, "column");
  return dialectOf(table).trigramIndexSql(table, { name, table: tableName, columns, key, checked: checkedName });
}

/**
 * A trigram holds three characters: shorter terms cannot be looked up in the index. A term with a
 * NUL is left to the usual translation too, which matches nothing for it (see `isMatchableText`).
 */
function indexable(value: unknown): value is string {
  return typeof value === "string" && [...value].length >= 3 && isMatchableText(value);
}

function indexedTerm(index: SqliteSearchIndex, condition: Condition): string | undefined {
  if (condition.lookup !== "icontains" || !index.columns.has(condition.field)) return undefined;
  return indexable(condition.value) ? condition.value : undefined;
}

/** The FTS5 query for one term in some fields: a double-quoted string is a phrase, and trigram phrases match as substrings, case-folded. */
function matchQuery(index: SqliteSearchIndex, fields: readonly string[], term: string): string {
  const columns = fields.map((field) => index.columns.get(field)!).join(" ");
  return `{${columns}} : "${term.replaceAll('"', '""')}"`;
}

/**
 * `key in (the index's matches)`. With `scan`, the key is written `+key`, which keeps SQLite from
 * looking the matches up by key: it then reads the table in the ORDER BY's index order and checks
 * each row against the matches (held in a temporary B-tree). For a term most rows contain, that
 * finds a page in a few hundred rows instead of sorting every match (see `DrizzleQuerySet.all`).
 */
function matchSql(index: SqliteSearchIndex, query: string, scan: boolean): SQL {
  const fts = sql.identifier(index.table);
  const key = scan ? sql`+${index.key}` : sql`${index.key}`;
  return sql`${key} in (select rowid from ${fts} where ${fts} match ${query})`;
}

interface Served {
  /** One condition per distinct term, OR-ed with `rest`. */
  readonly indexed: SQL[];
  /** Their FTS5 queries, in the same order. */
  readonly queries: string[];
  /** The children left for the usual translation. */
  readonly rest: readonly Expression[];
}

/**
 * The index's condition for a lone `icontains`, or for the `icontains` children of an `or` that
 * share a term (one search term across several fields, as `?search=` builds it): one lookup
 * for them all. Returns undefined when the index cannot serve the expression.
 */
export function searchIndexSql(index: SqliteSearchIndex, expression: Expression, scan = false): Served | undefined {
  if (expression.kind === "condition") {
    const term = indexedTerm(index, expression);
    if (term === undefined) return undefined;
    const query = matchQuery(index, [expression.field], term);
    return { indexed: [matchSql(index, query, scan)], queries: [query], rest: [] };
  }
  if (expression.kind !== "or") return undefined;
  const fieldsByTerm = new Map<string, string[]>();
  const rest: Expression[] = [];
  for (const child of expression.children) {
    const term = child.kind === "condition" ? indexedTerm(index, child) : undefined;
    if (term === undefined || child.kind !== "condition") rest.push(child);
    else fieldsByTerm.set(term, [...(fieldsByTerm.get(term) ?? []), child.field]);
  }
  if (fieldsByTerm.size === 0) return undefined;
  const queries = [...fieldsByTerm].map(([term, fields]) => matchQuery(index, fields, term));
  return { indexed: queries.map((query) => matchSql(index, query, scan)), queries, rest };
}

/**
 * The index lookups a row must pass for `expression` to hold (those AND-ed at its top), and
 * whether they are all it asks (`complete`): then the index alone can count its rows.
 */
export function requiredMatches(
  index: SqliteSearchIndex,
  expression: Expression,
): { readonly queries: readonly string[]; readonly complete: boolean } {
  if (expression.kind === "and") {
    const parts = expression.children.map((child) => requiredMatches(index, child));
    const queries = parts.flatMap((part) => part.queries);
    return { queries, complete: queries.length > 0 && parts.every((part) => part.complete) };
  }
  const served = searchIndexSql(index, expression);
  // Several terms OR-ed, or a child the index cannot serve: the row may pass without any one lookup.
  if (served?.queries.length === 1 && served.rest.length === 0) return { queries: served.queries, complete: true };
  return { queries: [], complete: false };
}

/** One FTS5 query that holds where all of `queries` hold. */
export function allOf(queries: readonly string[]): string {
  return queries.length === 1 ? queries[0]! : queries.map((query) => `(${query})`).join(" AND ");
}

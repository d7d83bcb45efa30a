/**
 * SQLite's plan for a page of a filtered list (issue 46: a million products, a price range and a
 * status, newest first): its planner takes the index that filters best and then sorts every
 * match (91,859 of them) for the first 50, because it does not weigh the LIMIT. When the request's
 * count says the matches are many, reading the table in order through the index of the ordering
 * column and stopping at the page is cheaper, and `INDEXED BY` says so.
 */
import type { RequestContext } from "@viewsets/core";
import { getTableName, sql, type Column, type SQL, type Table } from "drizzle-orm";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import type { TableAccess } from "./table-access.js";

/** The indexes each SQLite database has, by table name: `INDEXED BY` must name one that exists. */
const existingIndexes = new WeakMap<object, Map<string, Promise<ReadonlySet<string>>>>();

/** Whether the database has the index the schema declares (a migration may not have made it yet); asked once per table. */
export async function indexExists<T extends Table>(
  access: TableAccess<T>,
  ctx: RequestContext,
  index: string,
): Promise<boolean> {
  let byTable = existingIndexes.get(access.databaseKey);
  if (!byTable) existingIndexes.set(access.databaseKey, (byTable = new Map()));
  const table = getTableName(access.table);
  let names = byTable.get(table);
  if (!names) {
    const known = byTable;
    names = Promise.resolve(
      access.run(ctx, "read", () =>
        access.db
          .select({ name: sql<string>`name` })
          .from(sql`sqlite_master`)
          .where(sql`type = 'index' and tbl_name = ${table}`),
      ),
    ).then((rows) => new Set(rows.map((row) => String(row.name))));
    // A failed look is not remembered: the next page asks again.
    names.catch(() => known.delete(table));
    known.set(table, names);
  }
  return (await names).has(index);
}

/**
 * The table's declared index on `column` alone, or else one that starts with it (not partial):
 * what a scan in that column's order reads. Undefined when there is none.
 */
export function orderingIndexOf(table: Table, column: Column): string | undefined {
  // Asked on every filtered page: drizzle builds the table's config (its Index objects) anew on each call.
  let byColumn = orderingIndexes.get(table);
  if (!byColumn) orderingIndexes.set(table, (byColumn = new Map()));
  if (!byColumn.has(column.name)) byColumn.set(column.name, findOrderingIndex(table, column));
  return byColumn.get(column.name);
}

const orderingIndexes = new WeakMap<Table, Map<string, string | undefined>>();

function findOrderingIndex(table: Table, column: Column): string | undefined {
  const indexes = getTableConfig(table as SQLiteTable).indexes.filter((index) => index.config.where === undefined);
  const leading = indexes.filter((index) => {
    const first = index.config.columns[0] as { name?: unknown } | undefined;
    return first !== undefined && first.name === column.name;
  });
  const alone = leading.find((index) => index.config.columns.length === 1) ?? leading[0];
  return alone?.config.name;
}

/** How long a table's estimated row count is reused: it only chooses a plan, never which rows a page holds. */
const ESTIMATE_MS = 1000;
const estimates = new WeakMap<object, Map<string, { readonly rows: number; readonly at: number }>>();

/**
 * The table's rows as `estimate` reads them, reused for a second per database and table: a
 * filtered page would otherwise pay a statement of its own for it. Each request that finds none
 * fresh reads it itself (a request never waits on another's read, nor fails by it).
 */
export async function rowsEstimated(
  databaseKey: object,
  table: Table,
  estimate: () => Promise<number>,
): Promise<number> {
  let byTable = estimates.get(databaseKey);
  if (!byTable) estimates.set(databaseKey, (byTable = new Map()));
  const name = getTableName(table);
  const known = byTable.get(name);
  if (known && Date.now() - known.at < ESTIMATE_MS) return known.rows;
  const rows = await estimate();
  byTable.set(name, { rows, at: Date.now() });
  return rows;
}

/**
 * Whether reading in index order beats sorting the matches: in order, a page reads about
 * (offset + limit) × rows / matches rows; sorting touches every match. The same rule as a
 * search's scan in order (`scansInOrder`).
 */
export function scanBeatsSort(matches: number, rows: number, offset: number, limit: number): boolean {
  return matches > 0 && matches * matches >= (offset + limit) * rows;
}

/** `table INDEXED BY index`, as a FROM clause. */
export function indexedBy(table: Table, index: string): SQL {
  return sql`${table} indexed by ${sql.identifier(index)}`;
}

/**
 * Columns as SQL read back as the columns read values: drizzle refuses a column of a table it
 * does not see in the FROM clause, and `indexedBy` hides the table in SQL.
 */
export function asExpressions(columns: Readonly<Record<string, Column>>): Record<string, SQL.Aliased | SQL> {
  let expressions = expressionsOf.get(columns);
  if (!expressions) {
    expressions = Object.fromEntries(
      Object.entries(columns).map(([field, column]) => [field, sql`${column}`.mapWith(column)]),
    );
    expressionsOf.set(columns, expressions);
  }
  return expressions;
}

/** Each columns object's expressions, made once (the table's columns are one object per table). */
const expressionsOf = new WeakMap<object, Record<string, SQL.Aliased | SQL>>();

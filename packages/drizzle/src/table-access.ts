import { and, getTableName, type Column, type SQL, type Table } from "drizzle-orm";
import type { RequestContext } from "@viewsets/core";
import { columnsOf, primaryKeyOf } from "./columns.js";
import { dialectOf, type Dialect } from "./dialects/dialect.js";
import type { SqlTarget } from "./expressions.js";
import type { Runner } from "./runner.js";
import { sqliteSearchIndex, type SearchIndex } from "./search-index.js";

export interface ManagerOptions<T extends Table> {
  /**
   * Narrows every operation (list, count, get, update, delete) to the rows this condition keeps;
   * a row outside is absent from lists and 404 by id. Called per query, with the request context.
   * `scope: (t) => eq(t.archived, false)`, or `(t, ctx) => eq(t.ownerId, userOf(ctx).id)`.
   */
  scope?: (table: T, ctx: RequestContext) => SQL | undefined;
  /**
   * A trigram index over text fields (created with `trigramIndexSql`): on SQLite, `icontains` on
   * those fields and `?search=` ask it instead of scanning the table. On PostgreSQL the planner
   * finds its GIN indexes by itself and this changes nothing.
   */
  searchIndex?: SearchIndex<keyof T["$inferSelect"] & string>;
}

/** What a manager and its query sets share. */
export class TableAccess<T extends Table> {
  readonly dialect: Dialect;
  readonly columns: Record<string, Column>;
  readonly primaryKey: string;
  readonly target: SqlTarget;

  constructor(
    readonly db: Runner,
    readonly table: T,
    readonly options: ManagerOptions<T>,
  ) {
    this.dialect = dialectOf(table);
    const lowerFunction = this.dialect.lowerFunction(db);
    this.columns = columnsOf(table);
    this.primaryKey = primaryKeyOf(table);
    this.target = {
      dialect: this.dialect,
      columns: this.columns,
      lowerFunction,
      tableName: getTableName(table),
      searchIndex: sqliteSearchIndex(table, options.searchIndex),
    };
  }

  /** The scope's condition for this request, with the others. */
  where(ctx: RequestContext, conditions: readonly SQL[]): SQL | undefined {
    const scope = this.options.scope?.(this.table, ctx);
    const all = scope ? [scope, ...conditions] : conditions;
    return all.length === 0 ? undefined : all.length === 1 ? all[0] : and(...all);
  }
}

export function checkAborted(ctx: RequestContext): void {
  ctx.signal?.throwIfAborted();
}

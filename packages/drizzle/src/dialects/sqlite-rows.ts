/** SQLite's prepared flat selections read into rows without drizzle's per-row mapping. */
import { fillPlaceholders } from "drizzle-orm";
import { entityKindOf, flatRowMaker, type SelectedField } from "./flat-rows.js";

type Rows = Record<string, unknown>[];

/** What drizzle's better-sqlite3 prepared query holds besides its methods (drizzle internals). */
interface BetterSQLitePrepared {
  readonly fields?: readonly SelectedField[];
  readonly customResultMapper?: unknown;
  readonly query: { readonly sql: string; readonly params: unknown[] };
  readonly logger: { logQuery(sql: string, params: unknown[]): void };
  /** better-sqlite3's statement; `raw()` makes it answer arrays of cells. */
  readonly stmt: { raw(): { get(...params: unknown[]): unknown[] | undefined } };
  values(values: Record<string, unknown>): unknown[][];
}

/**
 * A reader of a prepared better-sqlite3 select of columns and decoded SQL (a page of rows, a
 * count, a row by its key, a write's RETURNING, read to its end): the rows as arrays, each made an object by
 * `flatRowMaker`. Undefined for anything else (nested selections such as joins', other drivers,
 * whose `all` also normalizes values): the caller keeps drizzle's `all`.
 */
export function flatRowReader(
  prepared: unknown,
  rows: "all" | "one" = "all",
): ((values: Record<string, unknown>) => Rows) | undefined {
  const query = prepared as BetterSQLitePrepared;
  if (entityKindOf(query) !== "BetterSQLitePreparedQuery" || query.customResultMapper) return undefined;
  const objectOf = flatRowMaker(query.fields);
  if (!objectOf) return undefined;
  if (rows === "one") {
    // Stepped once, as drizzle's `get` does (`values` steps to the statement's end: ~1.4 µs more
    // for a lookup by primary key), and logged as drizzle logs it. For reads only: a write's
    // commit happens at the statement's end, and a failed one is reported only there.
    return (values) => {
      const params = fillPlaceholders(query.query.params, values);
      query.logger.logQuery(query.query.sql, params);
      const cells = query.stmt.raw().get(...params);
      return cells === undefined ? [] : [objectOf(cells)];
    };
  }
  return (values) => {
    const raw = query.values(values);
    const out: Rows = new Array(raw.length);
    for (let r = 0; r < raw.length; r++) out[r] = objectOf(raw[r]!);
    return out;
  };
}

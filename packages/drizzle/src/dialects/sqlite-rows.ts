import { Column, SQL, fillPlaceholders, is } from "drizzle-orm";

type Rows = Record<string, unknown>[];

const ENTITY_KIND = Symbol.for("drizzle:entityKind");

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What drizzle's better-sqlite3 prepared query holds besides its methods (drizzle internals). */
interface BetterSQLitePrepared {
  readonly fields?: readonly { readonly path: readonly string[]; readonly field: unknown }[];
  readonly customResultMapper?: unknown;
  readonly query: { readonly sql: string; readonly params: unknown[] };
  readonly logger: { logQuery(sql: string, params: unknown[]): void };
  /** better-sqlite3's statement; `raw()` makes it answer arrays of cells. */
  readonly stmt: { raw(): { get(...params: unknown[]): unknown[] | undefined } };
  values(values: Record<string, unknown>): unknown[][];
}

/** The decoder drizzle's `mapResultRow` uses for a field of a flat selection, or undefined for any other field. */
function decoderOf(field: unknown): Decoder | undefined {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  return undefined;
}

/**
 * A reader of a prepared better-sqlite3 select of columns and decoded SQL (a page of rows, a
 * count, a row by its key, a write's RETURNING): the rows as arrays, each made an object by
 * decoders looked up once. drizzle's `all`
 * makes the same objects (keys in the same order, null kept, every other value decoded) but
 * asks each field's kind on every cell of every row: on a page of 20 products, ~15 µs against ~5.
 * Undefined for anything else (nested selections such as joins', other drivers, whose `all` also
 * normalizes values): the caller keeps drizzle's `all`. (A join's nulled-out table is found
 * only in nested paths, so a flat selection never needs it.)
 */
export function flatRowReader(
  prepared: unknown,
  rows: "all" | "one" = "all",
): ((values: Record<string, unknown>) => Rows) | undefined {
  const query = prepared as BetterSQLitePrepared;
  const kind = (query.constructor as unknown as Record<symbol, unknown> | undefined)?.[ENTITY_KIND];
  if (kind !== "BetterSQLitePreparedQuery" || !query.fields || query.customResultMapper) return undefined;
  const keys: string[] = [];
  const decoders: Decoder[] = [];
  for (const { path, field } of query.fields) {
    const decoder = decoderOf(field);
    if (path.length !== 1 || !decoder) return undefined;
    keys.push(path[0]!);
    decoders.push(decoder);
  }
  const objectOf = (cells: unknown[]): Record<string, unknown> => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const cell = cells[i];
      row[keys[i]!] = cell === null ? null : decoders[i]!.mapFromDriverValue(cell);
    }
    return row;
  };
  if (rows === "one") {
    // Stepped once, as drizzle's `get` does (`values` steps to the statement's end: ~1.4 µs more
    // for a lookup by primary key), and logged as drizzle logs it.
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

/** The shape of an insert or update (which columns it sets), the key its prepared statement is cached by. */
import { is, SQL, sql, type Column } from "drizzle-orm";

/**
 * The values of one insert or update as a statement prepared for its shape binds them. Two writes
 * of one `key` render the same SQL: `placeholders()` stand where drizzle would put each value
 * (made only when the statement is prepared), and `values` holds them by placeholder name in the
 * driver's form, as drizzle would bind them (null as null, anything else through the column's encoder).
 */
export interface WriteShape {
  readonly key: string;
  placeholders(): Record<string, SQL>;
  readonly values: Record<string, unknown>;
}

/** Never a condition's (`v0`, see `valueName`) nor `limit` or `offset`. */
function placeholderName(key: string): string {
  return `w:${key}`;
}

/** A table's columns with their placeholder names, listed once per table instead of once per write (no array per call). */
const entriesOf = new WeakMap<Record<string, Column>, readonly (readonly [string, Column, string])[]>();

export function columnEntries(columns: Record<string, Column>): readonly (readonly [string, Column, string])[] {
  let entries = entriesOf.get(columns);
  if (!entries) {
    entries = Object.entries(columns).map(([key, column]) => [key, column, placeholderName(key)] as const);
    entriesOf.set(columns, entries);
  }
  return entries;
}

/** What drizzle itself writes into a column a statement leaves out: a function's value each time, if any. */
type Filler = (column: Column) => (() => unknown) | undefined;

/**
 * The key of each set of columns a write binds, by the bits of their places in the table (up to
 * 31 columns): the same string each time, so a write does not join its column names again and the
 * statement cache finds it by a string whose hash is known. Wider tables join the names.
 */
const keysByMask = new WeakMap<Record<string, Column>, Map<number, string>>();

function keyOf(columns: Record<string, Column>, mask: number, keys: readonly string[], prefix: string): string {
  if (mask < 0) return prefix + keys.join(",");
  let byMask = keysByMask.get(columns);
  if (!byMask) keysByMask.set(columns, (byMask = new Map()));
  // The prefix is one of two constants (insert or update): it joins the mask's key.
  const id = prefix === INSERT ? mask : -mask - 1;
  let key = byMask.get(id);
  if (key === undefined) byMask.set(id, (key = prefix + keys.join(",")));
  return key;
}

const INSERT = "insert\u0001";
const UPDATE = "";

/**
 * `values` with the columns drizzle fills in per statement (`$defaultFn`, `$onUpdate`) added:
 * those functions run for each write, so their values must be bound, not prepared once. A
 * constant default or `null` is the same every time and stays in the statement's text. Null when
 * a value is SQL (the caller's, or what a function returned): each such write is its own shape.
 */
function writeShape(
  columns: Record<string, Column>,
  values: Record<string, unknown>,
  filler: Filler,
  prefix: string,
  writable: ((column: Column) => boolean) | undefined,
): WriteShape | null {
  const keys: string[] = [];
  const bound: Record<string, unknown> = {};
  const entries = columnEntries(columns);
  // -1: too many columns for the bits of a number (see `keyOf`).
  let mask = entries.length > 31 ? -1 : 0;
  for (let index = 0; index < entries.length; index++) {
    const [key, column, name] = entries[index]!;
    let value = values[key];
    // A value for a column no write sets (generated, an identity ALWAYS) is left out, as if absent.
    if (value !== undefined && writable !== undefined && !writable(column)) value = undefined;
    if (value === undefined) {
      const fill = filler(column);
      if (fill === undefined) continue;
      value = fill();
    }
    if (is(value, SQL)) return null;
    keys.push(key);
    if (mask >= 0) mask |= 1 << index;
    bound[name] = value === null ? null : column.mapToDriverValue(value);
  }
  // Wrapped in SQL, so that drizzle binds each value as given instead of encoding it again.
  const placeholders = () =>
    Object.fromEntries(keys.map((key) => [key, sql`${sql.placeholder(placeholderName(key))}`]));
  return { key: keyOf(columns, mask, keys, prefix), placeholders, values: bound };
}

/**
 * An insert's shape: drizzle fills a missing column with its constant default, else `$defaultFn`,
 * else `$onUpdate`. Its key starts with `insert` (a statement cache's key as it is). With
 * `writable`, `values` may be the object to create as given: a column it rejects is left out.
 */
export function insertShape(
  columns: Record<string, Column>,
  values: Record<string, unknown>,
  writable?: (column: Column) => boolean,
): WriteShape | null {
  return writeShape(
    columns,
    values,
    (column) => {
      // A generated column is never inserted (drizzle's `shouldDisableInsert`).
      if (column.generated !== undefined && column.generated.type !== "byDefault") return undefined;
      if (column.default !== null && column.default !== undefined) return undefined;
      return column.defaultFn ?? column.onUpdateFn;
    },
    INSERT,
    writable,
  );
}

/** An update's shape: drizzle sets each `$onUpdate` column the update leaves out. */
export function updateShape(columns: Record<string, Column>, set: Record<string, unknown>): WriteShape | null {
  return writeShape(columns, set, (column) => column.onUpdateFn, UPDATE, undefined);
}

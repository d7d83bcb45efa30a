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
 * A kind of write (insert or update): the prefix of its keys, and its keys by the set of columns
 * they bind, as the bits of the columns' places in the table (up to 31 columns). The same string
 * each time: a write neither joins its column names again nor makes the statement cache hash a new
 * string. Wider tables join the names each time.
 */
interface WriteKind {
  readonly prefix: string;
  readonly keys: WeakMap<Record<string, Column>, Map<number, string>>;
}

const INSERT: WriteKind = { prefix: "insert\u0001", keys: new WeakMap() };
const UPDATE: WriteKind = { prefix: "", keys: new WeakMap() };

function keyOf(kind: WriteKind, columns: Record<string, Column>, mask: number, keys: readonly string[]): string {
  if (mask < 0) return kind.prefix + keys.join(",");
  let byMask = kind.keys.get(columns);
  if (!byMask) kind.keys.set(columns, (byMask = new Map()));
  let key = byMask.get(mask);
  if (key === undefined) byMask.set(mask, (key = kind.prefix + keys.join(",")));
  return key;
}

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
  kind: WriteKind,
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
  return { key: keyOf(kind, columns, mask, keys), placeholders, values: bound };
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

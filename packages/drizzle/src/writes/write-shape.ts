/** The shape of an insert or update (which columns it sets), the key its prepared statement is cached by. */
import { makeRecordOf } from "@viewsets/core/internals";
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

/** A table's columns, listed once per table instead of once per write (no array per call). */
const entriesOf = new WeakMap<Record<string, Column>, readonly (readonly [string, Column])[]>();

export function columnEntries(columns: Record<string, Column>): readonly (readonly [string, Column])[] {
  let entries = entriesOf.get(columns);
  if (!entries) {
    entries = Object.entries(columns);
    entriesOf.set(columns, entries);
  }
  return entries;
}

/** What drizzle itself writes into a column a statement leaves out: a function's value each time, if any. */
type Filler = (column: Column) => (() => unknown) | undefined;

/** What a kind of write keeps per set of columns: its statement key and how its bound values are made. */
interface Made {
  readonly key: string;
  /** The bound values by placeholder name from the list of them (see `makeRecordOf`); undefined: one by one. */
  readonly record: ((values: readonly unknown[]) => Record<string, unknown>) | undefined;
}

/**
 * A kind of write (insert or update): the prefix of its keys, and what it made per set of columns,
 * by the bits of the columns' places in the table (up to 31 columns). The same key string each
 * time: a write neither joins its column names again nor makes the statement cache hash a new
 * string. Wider tables join the names each time and bind their values one by one.
 */
interface WriteKind {
  readonly prefix: string;
  readonly made: WeakMap<Record<string, Column>, Map<number, Made>>;
}

const INSERT: WriteKind = { prefix: "insert\u0001", made: new WeakMap() };
const UPDATE: WriteKind = { prefix: "", made: new WeakMap() };

function madeFor(kind: WriteKind, columns: Record<string, Column>, mask: number, keys: readonly string[]): Made {
  if (mask < 0) return { key: kind.prefix + keys.join(","), record: undefined };
  let byMask = kind.made.get(columns);
  if (!byMask) kind.made.set(columns, (byMask = new Map()));
  let made = byMask.get(mask);
  if (made === undefined) {
    made = { key: kind.prefix + keys.join(","), record: makeRecordOf(keys.map(placeholderName)) };
    byMask.set(mask, made);
  }
  return made;
}

/** The bound values by placeholder name, one by one (a wide table, or no functions made from text). */
function boundOneByOne(keys: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const bound: Record<string, unknown> = {};
  for (let index = 0; index < keys.length; index++) bound[placeholderName(keys[index]!)] = values[index];
  return bound;
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
  const driverValues: unknown[] = [];
  const entries = columnEntries(columns);
  // -1: too many columns for the bits of a number (see `WriteKind`).
  let mask = entries.length > 31 ? -1 : 0;
  for (let index = 0; index < entries.length; index++) {
    const [key, column] = entries[index]!;
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
    driverValues.push(value === null ? null : column.mapToDriverValue(value));
  }
  const made = madeFor(kind, columns, mask, keys);
  // Wrapped in SQL, so that drizzle binds each value as given instead of encoding it again.
  const placeholders = () =>
    Object.fromEntries(keys.map((key) => [key, sql`${sql.placeholder(placeholderName(key))}`]));
  const bound = made.record ? made.record(driverValues) : boundOneByOne(keys, driverValues);
  return { key: made.key, placeholders, values: bound };
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

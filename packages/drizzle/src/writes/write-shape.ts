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
 * `values` with the columns drizzle fills in per statement (`$defaultFn`, `$onUpdate`) added:
 * those functions run for each write, so their values must be bound, not prepared once. A
 * constant default or `null` is the same every time and stays in the statement's text. Null when
 * a value is SQL (the caller's, or what a function returned): each such write is its own shape.
 */
function writeShape(
  columns: Record<string, Column>,
  values: Record<string, unknown>,
  filler: Filler,
): WriteShape | null {
  const keys: string[] = [];
  const bound: Record<string, unknown> = {};
  for (const [key, column, name] of columnEntries(columns)) {
    let value = values[key];
    if (value === undefined) {
      const fill = filler(column);
      if (fill === undefined) continue;
      value = fill();
    }
    if (is(value, SQL)) return null;
    keys.push(key);
    bound[name] = value === null ? null : column.mapToDriverValue(value);
  }
  // Wrapped in SQL, so that drizzle binds each value as given instead of encoding it again.
  const placeholders = () =>
    Object.fromEntries(keys.map((key) => [key, sql`${sql.placeholder(placeholderName(key))}`]));
  return { key: keys.join(","), placeholders, values: bound };
}

/** An insert's shape: drizzle fills a missing column with its constant default, else `$defaultFn`, else `$onUpdate`. */
export function insertShape(columns: Record<string, Column>, values: Record<string, unknown>): WriteShape | null {
  return writeShape(columns, values, (column) => {
    // A generated column is never inserted (drizzle's `shouldDisableInsert`).
    if (column.generated !== undefined && column.generated.type !== "byDefault") return undefined;
    if (column.default !== null && column.default !== undefined) return undefined;
    return column.defaultFn ?? column.onUpdateFn;
  });
}

/** An update's shape: drizzle sets each `$onUpdate` column the update leaves out. */
export function updateShape(columns: Record<string, Column>, set: Record<string, unknown>): WriteShape | null {
  return writeShape(columns, set, (column) => column.onUpdateFn);
}

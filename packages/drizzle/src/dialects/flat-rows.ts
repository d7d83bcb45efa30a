/** Rows of a flat selection made with the decoders drizzle would use, looked up once per statement. */
import { Column, SQL, is } from "drizzle-orm";

const ENTITY_KIND = Symbol.for("drizzle:entityKind");

/** The drizzle entity kind of an object's class (`"NodePgPreparedQuery"`), read without importing the class. */
export function entityKindOf(value: object): unknown {
  return (value.constructor as unknown as Record<symbol, unknown> | undefined)?.[ENTITY_KIND];
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** A field of a drizzle prepared query (drizzle internals): where it goes in a row, and what it selects. */
export interface SelectedField {
  readonly path: readonly string[];
  readonly field: unknown;
}

/** The decoder drizzle's `mapResultRow` uses for a field of a flat selection, or undefined for any other field. */
function decoderOf(field: unknown): Decoder | undefined {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  return undefined;
}

/**
 * What makes a row object from a row of cells (a driver's array row) for a flat selection of
 * columns and decoded SQL, with each field's decoder looked up once: the object drizzle's
 * `mapResultRow` makes (keys in the same order, null kept, every other value decoded), which asks
 * each field's kind on every cell of every row (~15 µs against ~5 on a page of 20 products).
 * Undefined for anything else (nested selections such as joins'): the caller keeps drizzle's
 * mapping. (A join's nulled-out table is found only in nested paths, so a flat selection never
 * needs it.)
 */
export function flatRowMaker(
  fields: readonly SelectedField[] | undefined,
): ((cells: readonly unknown[]) => Record<string, unknown>) | undefined {
  if (!fields) return undefined;
  const keys: string[] = [];
  const decoders: Decoder[] = [];
  for (const { path, field } of fields) {
    const decoder = decoderOf(field);
    if (path.length !== 1 || !decoder) return undefined;
    keys.push(path[0]!);
    decoders.push(decoder);
  }
  return (cells) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const cell = cells[i];
      row[keys[i]!] = cell === null ? null : decoders[i]!.mapFromDriverValue(cell);
    }
    return row;
  };
}

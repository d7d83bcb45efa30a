import { Column, is, isSQLWrapper, Name, Param, Placeholder, SQL, StringChunk, Table, sql } from "drizzle-orm";

/**
 * A condition's shape: the text it renders to with every value left out, and those values in the
 * order they bind. Two conditions of one shape render the same SQL, so a statement prepared for
 * one serves the other with its own values.
 */
export interface SqlShape {
  readonly key: string;
  /** Driver values, as drizzle would bind them (each Param mapped by its column). */
  readonly values: unknown[];
}

/** Columns and tables by identity: the same object always renders the same name. */
const identities = new WeakMap<object, number>();
let nextIdentity = 0;

function identityOf(entity: object): number {
  let id = identities.get(entity);
  if (id === undefined) {
    id = ++nextIdentity;
    identities.set(entity, id);
  }
  return id;
}

/** Whether a chunk is a plain value drizzle binds as it is (not one of its own objects). */
function isPlainValue(chunk: unknown): boolean {
  if (chunk === null || typeof chunk !== "object") return typeof chunk !== "function";
  const kind = (chunk.constructor as unknown as Record<symbol, unknown> | undefined)?.[ENTITY_KIND];
  return !isSQLWrapper(chunk) && kind === undefined;
}

const ENTITY_KIND = Symbol.for("drizzle:entityKind");

/** Placeholder names never collide with the query's own (`limit`, `offset`). */
export function valueName(index: number): string {
  return `v${index}`;
}

/**
 * Walks `chunks` as drizzle renders them (sql.js, buildQueryFromSourceParams), appending the
 * shape's text to `parts` and the values to `values`. Returns false for anything it does not
 * know to render the same way every time (inlined params, subqueries, placeholders of the
 * caller's, encoders that return SQL): such a query is not cached.
 */
function walk(chunks: readonly unknown[], parts: string[], values: unknown[]): boolean {
  for (const chunk of chunks) {
    if (chunk === undefined) continue;
    if (is(chunk, StringChunk)) parts.push(chunk.value.join(""));
    else if (is(chunk, Param)) {
      if (is(chunk.value, Placeholder)) return false;
      const mapped = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (is(mapped, SQL)) return false;
      parts.push("?");
      values.push(mapped);
    } else if (is(chunk, SQL)) {
      // `.inlineParams()` writes values into the text: each value is its own shape.
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
      if (!walk(chunk.queryChunks, parts, values)) return false;
    } else if (is(chunk, Column) || is(chunk, Table)) parts.push(`#${identityOf(chunk)}`);
    else if (is(chunk, Name)) parts.push(`"${chunk.value}"`);
    else if (Array.isArray(chunk)) {
      parts.push("(");
      if (!walk(chunk, parts, values)) return false;
      parts.push(")");
    } else if (isPlainValue(chunk)) {
      parts.push("?");
      values.push(chunk);
    } else return false;
    // A separator no chunk's text can forge: keeps `a` `b` apart from `ab`.
    parts.push("\u0000");
  }
  return true;
}

/** The shape of a condition (undefined: no condition), or null when it cannot be cached. */
export function shapeOf(condition: SQL | undefined): SqlShape | null {
  if (condition === undefined) return { key: "", values: [] };
  const parts: string[] = [];
  const values: unknown[] = [];
  return walk([condition], parts, values) ? { key: parts.join(""), values } : null;
}

/** The same chunks with each value replaced by a placeholder, numbered in the order `shapeOf` found them. */
function replaced(chunks: readonly unknown[], counter: { next: number }): unknown[] {
  return chunks.map((chunk) => {
    if (chunk === undefined || is(chunk, StringChunk) || is(chunk, Column) || is(chunk, Table) || is(chunk, Name))
      return chunk;
    if (is(chunk, Param)) return sql.placeholder(valueName(counter.next++));
    if (is(chunk, SQL)) return new SQL(replaced(chunk.queryChunks, counter) as SQL["queryChunks"]);
    if (Array.isArray(chunk)) return replaced(chunk, counter);
    return sql.placeholder(valueName(counter.next++));
  });
}

/** A condition of a cacheable shape with placeholders `v0`, `v1`, ... where its values were. */
export function parameterized(condition: SQL | undefined): SQL | undefined {
  if (condition === undefined) return undefined;
  return new SQL(replaced([condition], { next: 0 }) as SQL["queryChunks"]);
}

/** `{ v0: ..., v1: ... }` for a prepared statement made by `parameterized`. */
export function placeholderValues(
  values: readonly unknown[],
  extra?: Record<string, unknown>,
): Record<string, unknown> {
  const named: Record<string, unknown> = { ...extra };
  for (let i = 0; i < values.length; i++) named[valueName(i)] = values[i];
  return named;
}

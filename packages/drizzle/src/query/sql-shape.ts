/** A query condition's shape (its SQL without values), the key prepared statements are cached by. */
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

const ENTITY_KIND = Symbol.for("drizzle:entityKind");

/** What a chunk of drizzle's SQL is, for the walk below. */
type ChunkKind = "text" | "param" | "sql" | "entity" | "name" | "list" | "value" | "unknown";

/**
 * The kind of a chunk. drizzle's own chunk classes are told by the kind their class declares, read
 * once: asking `is(chunk, X)` for each X in turn walks the chunk's class chain on every miss, and a
 * condition's walk was mostly that. Anything else (columns, tables, subclasses) is asked in turn.
 */
function kindOf(chunk: unknown): ChunkKind {
  if (Array.isArray(chunk)) return "list";
  if (chunk === null || typeof chunk !== "object") return typeof chunk === "function" ? "unknown" : "value";
  const kind = (chunk.constructor as unknown as Record<symbol, unknown> | undefined)?.[ENTITY_KIND];
  switch (kind) {
    case "StringChunk":
      return "text";
    case "Param":
      return "param";
    case "SQL":
      return "sql";
    case "Name":
      return "name";
  }
  if (is(chunk, Column) || is(chunk, Table)) return "entity";
  if (is(chunk, StringChunk)) return "text";
  if (is(chunk, Param)) return "param";
  if (is(chunk, SQL)) return "sql";
  if (is(chunk, Name)) return "name";
  // A plain value drizzle binds as it is (not one of its own objects).
  return !isSQLWrapper(chunk) && kind === undefined ? "value" : "unknown";
}

/** `v0`, `v1`, ...: made once each, as a key made anew would be looked up (internalized) on every use. */
const valueNames: string[] = [];

/** Placeholder names never collide with the query's own (`limit`, `offset`). */
export function valueName(index: number): string {
  for (let next = valueNames.length; next <= index; next++) valueNames.push(`v${next}`);
  return valueNames[index]!;
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
    switch (kindOf(chunk)) {
      case "text":
        parts.push((chunk as StringChunk).value.join(""));
        break;
      case "param": {
        const param = chunk as Param;
        if (is(param.value, Placeholder)) return false;
        const mapped = param.value === null ? null : param.encoder.mapToDriverValue(param.value);
        if (is(mapped, SQL)) return false;
        parts.push("?");
        values.push(mapped);
        break;
      }
      case "sql":
        // `.inlineParams()` writes values into the text: each value is its own shape.
        if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
        if (!walk((chunk as SQL).queryChunks, parts, values)) return false;
        break;
      case "entity":
        parts.push(`#${identityOf(chunk as object)}`);
        break;
      case "name":
        parts.push(`"${(chunk as Name).value}"`);
        break;
      case "list":
        parts.push("(");
        if (!walk(chunk as unknown[], parts, values)) return false;
        parts.push(")");
        break;
      case "value":
        parts.push("?");
        values.push(chunk);
        break;
      default:
        return false;
    }
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
  // Copied key by key: a spread of `extra` and keys added after it cost ~0.8 µs here, this ~0.1.
  const named: Record<string, unknown> = {};
  for (const key in extra) named[key] = extra[key];
  for (let i = 0; i < values.length; i++) named[valueName(i)] = values[i];
  return named;
}

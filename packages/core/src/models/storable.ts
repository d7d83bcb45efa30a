/**
 * What text and JSON both databases can store as sent. PostgreSQL refuses a NUL character in
 * text and `\u0000` or an unpaired surrogate in jsonb; SQLite's pattern matching stops at a NUL
 * (so `contains` would match every row), and UTF-8 has no unpaired surrogate, so either
 * database would store a replacement character instead. Such input is a 400, before any SQL.
 */

export const NULL_CHARACTER_MESSAGE = "Null characters are not allowed.";
export const SURROGATE_MESSAGE = "Unpaired surrogate characters are not allowed.";

/** JSON values nested deeper than this are refused: PostgreSQL refuses far shallower ones than JSON.parse. */
export const MAX_JSON_DEPTH = 128;
export const JSON_DEPTH_MESSAGE = `Ensure that JSON is nested no more than ${MAX_JSON_DEPTH} levels deep.`;

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * `textProblem` as a JSON Schema pattern (ECMA-262 with the `u` flag, as ajv reads patterns): no
 * NUL and no surrogate code point, which with `u` is only ever an unpaired one. The OpenAPI
 * document gives it to every text field and parameter, so that a client can check it first.
 */
export const STORABLE_TEXT_PATTERN = "^[^\\u0000\\uD800-\\uDFFF]*$";
/** The same for a text field that may not be blank (`allowBlank: false`): some character other than white space. */
export const NOT_BLANK_TEXT_PATTERN = "^(?=[\\s\\S]*\\S)[^\\u0000\\uD800-\\uDFFF]*$";
export const BLANK_MESSAGE = "This field may not be blank.";

/** Why a string cannot be stored as sent, or null when it can. */
export function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return NULL_CHARACTER_MESSAGE;
  if (UNPAIRED_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/**
 * Why a request value cannot be stored as sent (a string, or any string or key inside JSON, or
 * JSON nested too deep), or null when it can. Iterative, so no input can exhaust the stack.
 */
export function valueProblem(value: unknown): string | null {
  // Most values are a string or a primitive: answered without the walk's arrays.
  if (typeof value === "string") return textProblem(value);
  if (typeof value !== "object" || value === null) return null;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item === "string") {
      const problem = textProblem(item);
      if (problem) return problem;
      continue;
    }
    if (typeof item !== "object" || item === null) continue;
    if (depth >= MAX_JSON_DEPTH) return JSON_DEPTH_MESSAGE;
    if (Array.isArray(item)) {
      for (const child of item) pending.push([child, depth + 1]);
      continue;
    }
    if (item instanceof Date) continue;
    for (const [key, child] of Object.entries(item)) {
      const problem = textProblem(key);
      if (problem) return problem;
      pending.push([child, depth + 1]);
    }
  }
  return null;
}

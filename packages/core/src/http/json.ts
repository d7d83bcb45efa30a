/**
 * JSON out. A 64-bit id past 2^53 arrives as a `bigint`; JSON.stringify cannot write one, and a
 * string would change its type, so it is written as the exact digits of a JSON number.
 */

// A per-process marker that no client can guess, so a string value can never be mistaken for it.
const MARK = `\u0000bigint${Math.random().toString(36).slice(2)}:`;
const MARK_PATTERN = new RegExp(`"${JSON.stringify(MARK).slice(1, -1).replace(/\\/g, "\\\\")}(-?\\d+)"`, "g");

function replaceBigInt(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? MARK + value.toString() : value;
}

export function toJSON(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error;
    return JSON.stringify(value, replaceBigInt).replace(MARK_PATTERN, "$1");
  }
}

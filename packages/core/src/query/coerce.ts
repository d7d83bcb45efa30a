import { DECIMAL_PATTERN, decimalLimitProblem } from "../models/decimal.js";
import type { FieldDef } from "../models/fields.js";
import type { FilterValue } from "./expression.js";
import { parseTimeFilter } from "./time-text.js";

const INT_PATTERN = /^[+-]?\d{1,20}$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** Thrown by `coerceValue`; the caller names the parameter. */
export class CoercionError extends Error {}

/** A 64-bit integer from text: a number up to 2^53, a bigint past it, null outside int64. */
export function parseInt64(text: string): number | bigint | null {
  if (!INT_PATTERN.test(text)) return null;
  // Up to 15 characters (a sign and digits) is below 2^53: exact as a number, without a BigInt
  // (`+ 0` makes "-0" the 0 it was before).
  if (text.length <= 15) return Number(text) + 0;
  const big = BigInt(text);
  if (big < INT64_MIN || big > INT64_MAX) return null;
  const small = Number(big);
  return Number.isSafeInteger(small) ? small : big;
}

/** `true`, `false`, `1` or `0`, as the document declares them (not `True` or `yes`). */
export function parseBoolean(text: string): boolean | null {
  switch (text) {
    case "true":
    case "1":
      return true;
    case "false":
    case "0":
      return false;
    default:
      return null;
  }
}

// The years both databases store and every client reads back, as Python's datetime (1 to 9999):
// PostgreSQL refuses year 0, and 5-digit years have no ISO 8601 spelling without a sign.
export const MIN_YEAR = 1;
export const MAX_YEAR = 9999;

/** Whether an instant lies in the years 1 to 9999 (UTC), so both databases can store it. */
export function isStorableTime(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= MIN_YEAR && year <= MAX_YEAR;
}

/** A real calendar date in `YYYY-MM-DD` form (no 2024-02-30), in the years 1 to 9999. */
export function isValidDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_YEAR) return false;
  // Not Date.UTC: it reads years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Whether a date-time text starts with a real calendar day: `Date` rolls 2024-02-30T10:00Z over to
 * 1 March, and valibot's ISO checks allow day 30 in any month.
 */
export function hasValidDay(text: string): boolean {
  return isValidDate(text.slice(0, 10));
}

/** Turns a query-string value into the field's type, or throws `CoercionError`. */
export function coerceValue(field: FieldDef, text: string): FilterValue {
  switch (field.type) {
    case "bool": {
      const value = parseBoolean(text);
      if (value === null) throw new CoercionError("Enter true, false, 1 or 0.");
      return value;
    }
    case "int":
    case "foreignKey": {
      const value = parseInt64(text.trim());
      if (value === null) throw new CoercionError("Enter a whole number.");
      return value;
    }
    case "decimal": {
      const value = text.trim();
      // A bound on length keeps a hostile value from reaching the database as a 10,000-digit literal.
      if (value.length > 80 || !DECIMAL_PATTERN.test(value)) throw new CoercionError("Enter a number.");
      // The field's digits, as for a body: a value the column cannot hold is a 400, not a match on a rounded one.
      const problem = decimalLimitProblem(value, field);
      if (problem) throw new CoercionError(problem);
      return value;
    }
    case "time": {
      const value = text.trim();
      // A date or an RFC 3339 date-time with its offset: the grammar the document states, on a real calendar day.
      const date = hasValidDay(value) ? parseTimeFilter(value) : null;
      if (date === null) {
        throw new CoercionError("Enter a date (YYYY-MM-DD) or a date-time with its offset (ISO 8601).");
      }
      if (!isStorableTime(date)) throw new CoercionError("Enter a date/time in the years 1 to 9999.");
      return date;
    }
    case "date": {
      const value = text.trim();
      if (!isValidDate(value)) throw new CoercionError("Enter a valid date (YYYY-MM-DD).");
      return value;
    }
    case "string":
    case "text":
    case "json":
      return text;
  }
}

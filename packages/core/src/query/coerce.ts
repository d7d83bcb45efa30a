/** Query and path text turned into a field's type: integers, ids, booleans, decimals, dates. */
import { DECIMAL_PATTERN, decimalLimitProblem } from "../models/decimal.js";
import type { FieldDef } from "../models/fields.js";
import type { FilterValue } from "./filter-expression.js";
import { hasValidDay, isStorableTime, isValidDate } from "../models/dates.js";
import { parseTimeFilter } from "./time-text.js";

const INT_PATTERN = /^[+-]?\d{1,20}$/;
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

// One spelling per id: no sign but a minus, no leading zeros, no "-0". Aliases such as "+5" or
// "007" would let one object live at many URLs (caches, permissions keyed by path), and DRF
// answers 404 for a pk that is not the pk as written.
const CANONICAL_ID = /^(?:0|-?[1-9]\d{0,18})$/;

/** The `{id}` of a route: a 64-bit integer in canonical form (a bigint past 2^53), or null (404). */
export function parseId(text: string): number | bigint | null {
  if (!CANONICAL_ID.test(text)) return null;
  return parseInt64(text);
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

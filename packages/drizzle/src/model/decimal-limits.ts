/** The digits and places a decimal column holds, declared or read from its SQL type. */
import type { Column } from "drizzle-orm";
import type { DecimalLimits } from "@viewsets/core/internals";
import { isDecimalStringColumn } from "./columns.js";

// SQLite stores numeric text with a fraction or past int64 as a REAL, keeping the first 15
// significant digits, and better-sqlite3 reads its integers as doubles: past 15 digits a value
// would come back rounded (a 400-digit one as "Infinity").
const SQLITE_DIGITS = 15;
// PostgreSQL's numeric without a precision: up to 131,072 digits before the point and 16,383 after.
const PG_WHOLE_DIGITS = 131_072;
const PG_PLACES = 16_383;

/** DRF's `max_digits` and `decimal_places`, both given: what an app declares for a numeric column. */
export interface DeclaredDecimal {
  readonly maxDigits: number;
  readonly decimalPlaces: number;
}

/** The precision and scale a numeric column declares (drizzle's pg-core has them; sqlite-core has none). */
function declaredOf(column: Column): Partial<DeclaredDecimal> {
  const { precision, scale } = column as Column & { precision?: number; scale?: number };
  // numeric(p) is numeric(p, 0): a fraction would be rounded away.
  const decimalPlaces = precision !== undefined ? (scale ?? 0) : scale;
  return { maxDigits: precision, decimalPlaces };
}

/**
 * DRF's `max_digits` and `decimal_places` of a numeric column: what the app declared for it, else
 * its precision and scale where the table declares them, else what the database stores without
 * rounding (for request bodies: a value past them is a 400, not a rounded row). Undefined for
 * other columns.
 */
export function decimalLimitsOf(column: Column, declared?: DeclaredDecimal): DecimalLimits | undefined {
  if (!isDecimalStringColumn(column)) return undefined;
  if (declared) return declared;
  const { maxDigits, decimalPlaces } = declaredOf(column);
  if (column.columnType === "SQLiteNumeric") {
    return { maxDigits: Math.min(maxDigits ?? SQLITE_DIGITS, SQLITE_DIGITS), decimalPlaces };
  }
  if (maxDigits !== undefined) return { maxDigits, decimalPlaces };
  return { maxDigits: PG_WHOLE_DIGITS + PG_PLACES, decimalPlaces: PG_PLACES };
}

/**
 * The places a numeric column's values are shown with, as DRF quantizes a DecimalField: the
 * declared ones (the app's, or the column's scale). A PostgreSQL numeric without a precision
 * keeps each value's own places, so it has none.
 */
export function shownPlacesOf(column: Column, declared?: DeclaredDecimal): number | undefined {
  if (!isDecimalStringColumn(column)) return undefined;
  return declared?.decimalPlaces ?? declaredOf(column).decimalPlaces;
}

/**
 * Why an app's `decimals` entry does not fit its column, or null: positive whole digits, places
 * within them, and never more than the column holds without rounding (SQLite's 15 significant
 * digits; a PostgreSQL numeric(p, s)'s whole digits and places).
 */
export function declaredDecimalProblem(column: Column, declared: DeclaredDecimal): string | null {
  if (!isDecimalStringColumn(column)) return `column ${column.name} is not a numeric column that reads as text`;
  const { maxDigits, decimalPlaces } = declared;
  if (!Number.isSafeInteger(maxDigits) || maxDigits < 1) return "maxDigits must be a whole number of at least 1";
  if (!Number.isSafeInteger(decimalPlaces) || decimalPlaces < 0 || decimalPlaces > maxDigits) {
    return "decimalPlaces must be a whole number from 0 to maxDigits";
  }
  const limits = decimalLimitsOf(column)!;
  if (limits.maxDigits !== undefined && maxDigits > limits.maxDigits) {
    return `maxDigits ${maxDigits} is more than the column keeps (${limits.maxDigits})`;
  }
  if (limits.decimalPlaces !== undefined && limits.maxDigits !== undefined) {
    if (decimalPlaces > limits.decimalPlaces) {
      return `decimalPlaces ${decimalPlaces} is more than the column keeps (${limits.decimalPlaces})`;
    }
    if (maxDigits - decimalPlaces > limits.maxDigits - limits.decimalPlaces) {
      return `${maxDigits - decimalPlaces} digits before the point are more than the column keeps (${limits.maxDigits - limits.decimalPlaces})`;
    }
  }
  return null;
}

// A PostgreSQL real holds magnitudes up to about 3.4e38; past that the database refuses the value.
const REAL_MAX = 3.4028234663852886e38;

/** Whether a number fits a float column as a finite value of its type. */
export function fitsFloatColumn(column: Column, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  return column.columnType !== "PgReal" || Math.abs(value) <= REAL_MAX;
}

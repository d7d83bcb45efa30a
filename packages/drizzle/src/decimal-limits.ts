import type { Column } from "drizzle-orm";
import type { DecimalLimits } from "@viewsets/core";
import { isDecimalStringColumn } from "./columns.js";

// SQLite stores numeric text with a fraction or past int64 as a REAL, keeping the first 15
// significant digits, and better-sqlite3 reads its integers as doubles: past 15 digits a value
// would come back rounded (a 400-digit one as "Infinity").
const SQLITE_DIGITS = 15;
// PostgreSQL's numeric without a precision: up to 131,072 digits before the point and 16,383 after.
const PG_WHOLE_DIGITS = 131_072;
const PG_PLACES = 16_383;

/**
 * DRF's `max_digits` and `decimal_places` of a numeric column: its precision and scale where the
 * table declares them, else what the database stores without rounding. Undefined for other columns.
 */
export function decimalLimitsOf(column: Column): DecimalLimits | undefined {
  if (!isDecimalStringColumn(column)) return undefined;
  const { precision, scale } = column as Column & { precision?: number; scale?: number };
  // numeric(p) is numeric(p, 0): a fraction would be rounded away.
  const decimalPlaces = precision !== undefined ? (scale ?? 0) : scale;
  if (column.columnType === "SQLiteNumeric") {
    return { maxDigits: Math.min(precision ?? SQLITE_DIGITS, SQLITE_DIGITS), decimalPlaces };
  }
  if (precision !== undefined) return { maxDigits: precision, decimalPlaces };
  return { maxDigits: PG_WHOLE_DIGITS + PG_PLACES, decimalPlaces: PG_PLACES };
}

// A PostgreSQL real holds magnitudes up to about 3.4e38; past that the database refuses the value.
const REAL_MAX = 3.4028234663852886e38;

/** Whether a number fits a float column as a finite value of its type. */
export function fitsFloatColumn(column: Column, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  return column.columnType !== "PgReal" || Math.abs(value) <= REAL_MAX;
}

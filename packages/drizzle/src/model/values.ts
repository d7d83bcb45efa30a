/** Filter values as the column's own JavaScript type, text or number, and where an integer lies against its range. */
import type { Column } from "drizzle-orm";
import type { FilterValue } from "@viewsets/core";
import { isDecimalStringColumn, isFloatColumn } from "./columns.js";

/** A signed integer type's inclusive bounds, as bigints and as numbers (2^n is exact as a double). */
interface IntegerRange {
  readonly min: bigint;
  readonly max: bigint;
  readonly minNumber: number;
  readonly maxNumber: number;
}

function signedRange(bits: number): IntegerRange {
  const max = 2n ** BigInt(bits - 1) - 1n;
  return Object.freeze({ min: -max - 1n, max, minNumber: -(2 ** (bits - 1)), maxNumber: 2 ** (bits - 1) - 1 });
}

// Made once: every lookup by id asks (built per call, the bounds were a measured allocation).
const INT16 = signedRange(16);
const INT32 = signedRange(32);
const INT64 = signedRange(64);

/** The inclusive range of an integer column, or undefined when it is not one. */
function integerRangeOf(column: Column): IntegerRange | undefined {
  switch (column.columnType) {
    case "PgSmallInt":
    case "PgSmallSerial":
      return INT16;
    case "PgInteger":
    case "PgSerial":
      return INT32;
    case "PgBigSerial53":
    case "PgBigSerial64":
    case "PgBigInt53":
    case "PgBigInt64":
    case "SQLiteInteger":
    case "SQLiteBigInt":
    case "PgNumericBigInt":
    case "SQLiteNumericBigInt":
      return INT64;
    default:
      return undefined;
  }
}

/** Where an integer lies against a column's range: -1 below, 0 inside, 1 above. */
export function rangePosition(column: Column, value: number | bigint): -1 | 0 | 1 {
  const range = integerRangeOf(column);
  if (!range) return 0;
  // A fraction, or a safe integer (most ids): compared as numbers, exact for both. INT64's
  // number bounds round up to ±2^63, but no safe integer comes near them.
  if (typeof value === "number" && (!Number.isInteger(value) || Number.isSafeInteger(value))) {
    return value < range.minNumber ? -1 : value > range.maxNumber ? 1 : 0;
  }
  const big = typeof value === "bigint" ? value : BigInt(value);
  return big < range.min ? -1 : big > range.max ? 1 : 0;
}

function toDate(value: FilterValue, column: Column): Date {
  if (value instanceof Date) return value;
  const text = String(value);
  // A date column in date mode: the day at midnight UTC, as drizzle writes it.
  if (column.columnType === "PgDate" && /^\d{4}-\d{2}-\d{2}$/.test(text)) return new Date(`${text}T00:00:00Z`);
  return new Date(typeof value === "number" ? value : text);
}

function toNumber(value: FilterValue): number | bigint {
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  const text = value.trim();
  if (/^[+-]?\d+$/.test(text)) {
    const big = BigInt(text);
    return Number.isSafeInteger(Number(big)) ? Number(big) : big;
  }
  return Number(text);
}

/**
 * A filter value in the JavaScript type of the column, so that drizzle's own encoder turns it
 * into the driver value (a Date into epoch seconds on SQLite, a boolean into 0/1, ...).
 */
export function columnValue(column: Column, value: FilterValue): unknown {
  switch (column.dataType) {
    case "date":
      return toDate(value, column);
    case "number":
      return isFloatColumn(column) ? Number(toNumber(value)) : toNumber(value);
    case "bigint": {
      const number = toNumber(value);
      return typeof number === "bigint" ? number : BigInt(Math.trunc(number));
    }
    case "boolean":
      return typeof value === "string" ? value === "true" || value === "1" : Boolean(value);
    case "string":
      if (isDecimalStringColumn(column)) return String(value);
      return value instanceof Date ? value.toISOString() : String(value);
    default:
      return value;
  }
}

/** The numeric form of a value for a range check, or undefined when it is not a number. */
export function numericValue(value: unknown): number | bigint | undefined {
  if (typeof value === "number" || typeof value === "bigint") return value;
  return undefined;
}

/** The text a value has in a pattern lookup. */
export function textValue(value: FilterValue): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

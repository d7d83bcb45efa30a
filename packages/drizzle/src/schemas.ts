import * as v from "valibot";
import type { Column } from "drizzle-orm";
import { DECIMAL_PATTERN, INT64_MAX, INT64_MIN, isValidDate } from "@viewsets/core";
import { enumValuesOf, fieldTypeOf, isDecimalStringColumn, isFloatColumn } from "./columns.js";

/**
 * Request-body schemas for the columns whose drizzle-valibot schema does not fit JSON:
 * JSON has no Date and no bigint, and decimals travel as strings.
 */

type AnySchema = v.GenericSchema<unknown, unknown>;

const INTEGER_PATTERN = /^[+-]?\d+$/;
// A date and time without a zone ("2024-05-01T10:00" or with seconds): read as UTC, so the
// result never depends on the server's time zone.
const ZONELESS_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;

function parseTimestamp(text: string): Date {
  return new Date(ZONELESS_DATE_TIME.test(text) ? `${text}Z` : text);
}

const timestampText = v.pipe(
  v.string(),
  v.check(
    (text) =>
      (v.is(v.pipe(v.string(), v.isoTimestamp()), text) || ZONELESS_DATE_TIME.test(text)) &&
      !Number.isNaN(parseTimestamp(text).getTime()),
    "Invalid date/time: expected ISO 8601, such as 2024-05-01T10:00:00Z",
  ),
);

const validDate = v.custom<Date>(
  (value) => value instanceof Date && !Number.isNaN(value.getTime()),
  "Invalid date/time",
);

/** ISO 8601 text (or a Date) → Date. */
export const timestampSchema: AnySchema = v.union([validDate, v.pipe(timestampText, v.transform(parseTimestamp))]);

/** ISO 8601 text kept as text (timestamp columns in string mode). */
export const timestampStringSchema: AnySchema = timestampText;

const dateText = v.pipe(v.string(), v.check(isValidDate, "Invalid date: expected YYYY-MM-DD"));

export const dateStringSchema: AnySchema = dateText;

/** `YYYY-MM-DD` (or a Date) → Date at midnight UTC (date columns in date mode). */
export const dateSchema: AnySchema = v.union([
  validDate,
  v.pipe(
    dateText,
    v.transform((text) => new Date(`${text}T00:00:00Z`)),
  ),
]);

function digitsCheck(precision: number | undefined, scale: number | undefined) {
  return v.check(
    (text: string) => {
      const [whole = "", fraction = ""] = text.replace(/^[+-]/, "").split(".");
      const wholeDigits = whole.replace(/^0+/, "").length;
      if (scale !== undefined && fraction.replace(/0+$/, "").length > scale) return false;
      if (precision !== undefined && wholeDigits > precision - (scale ?? 0)) return false;
      return true;
    },
    `Ensure that there are no more than ${precision ?? "the allowed"} digits in total${scale !== undefined ? ` and ${scale} decimal places` : ""}.`,
  );
}

/** A number or numeric text → text, so that no digit is lost on the way to a numeric column. */
export function decimalStringSchema(precision?: number, scale?: number): AnySchema {
  return v.pipe(
    v.union([v.pipe(v.number(), v.finite(), v.transform(String)), v.pipe(v.string(), v.trim())]),
    v.regex(DECIMAL_PATTERN, "Invalid decimal: expected a number such as 12.50"),
    digitsCheck(precision, scale),
  );
}

/** A number or numeric text → number (real and double columns). */
export const floatSchema: AnySchema = v.union([
  v.pipe(v.number(), v.finite()),
  v.pipe(v.string(), v.trim(), v.regex(DECIMAL_PATTERN, "Invalid number"), v.transform(Number)),
]);

/** A 64-bit integer as a safe number, digits, or a bigint → bigint (bigint-mode columns). */
export const int64Schema: AnySchema = v.pipe(
  v.union([
    v.bigint(),
    v.pipe(
      v.number(),
      v.safeInteger("Invalid integer: past 2^53 send the digits as a string"),
      v.transform((n: number) => BigInt(n)),
    ),
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(INTEGER_PATTERN, "Invalid integer"),
      v.transform((text: string) => BigInt(text)),
    ),
  ]),
  v.check((value: bigint) => value >= INT64_MIN && value <= INT64_MAX, "Invalid integer: outside the 64-bit range"),
);

/** The schema drizzle-valibot's own should be replaced with for a column, if any. */
function replacementFor(column: Column): AnySchema | undefined {
  const type = column.columnType;
  if (column.dataType === "date") return fieldTypeOf(column) === "date" ? dateSchema : timestampSchema;
  if (type === "PgTimestampString") return timestampStringSchema;
  if (type === "PgDateString") return dateStringSchema;
  if (isDecimalStringColumn(column)) {
    const { precision, scale } = column as Column & { precision?: number; scale?: number };
    return decimalStringSchema(precision, scale);
  }
  if (isFloatColumn(column)) return floatSchema;
  if (column.dataType === "bigint") return int64Schema;
  return undefined;
}

/**
 * A drizzle-valibot refinement for a column, or undefined to keep its schema. A function, so
 * that drizzle-valibot still wraps the result in nullable/optional as the column requires.
 */
export function refinementFor(
  column: Column,
  choices: readonly (string | number)[] | undefined,
): ((schema: AnySchema) => AnySchema) | undefined {
  const replacement = replacementFor(column);
  const extraChoices = choices && !enumValuesOf(column) ? choices : undefined;
  if (!replacement && !extraChoices) return undefined;
  return (schema) => {
    const base = replacement ?? schema;
    if (!extraChoices) return base;
    return v.pipe(
      base,
      v.check(
        (value) => extraChoices.includes(value as string | number),
        `Expected one of: ${extraChoices.join(", ")}`,
      ),
    );
  };
}

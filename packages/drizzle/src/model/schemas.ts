/** The valibot schemas a model's fields validate values with, per column kind. */
import * as v from "valibot";
import type { Column } from "drizzle-orm";
import {
  DECIMAL_PATTERN,
  type DecimalLimits,
  INT64_MAX,
  INT64_MIN,
  decimalLimitProblem,
  hasValidDay,
  isStorableTime,
  isValidDate,
} from "@viewsets/core/internals";
import { enumValuesOf, fieldTypeOf, isFloatColumn, maxLengthOf } from "./columns.js";
import { isDateTextColumn } from "./date-text.js";
import { type DeclaredDecimal, decimalLimitsOf, fitsFloatColumn } from "./decimal-limits.js";

/**
 * Request-body schemas for the columns whose drizzle-valibot schema does not fit JSON:
 * JSON has no Date and no bigint, and decimals travel as strings. Their type checks carry no
 * messages: the viewset words each failure by the field's type, in the router's `messages`.
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
      // A real calendar day: `new Date` would read 2024-02-30 as 1 March.
      hasValidDay(text) &&
      !Number.isNaN(parseTimestamp(text).getTime()),
  ),
  // Years 1 to 9999: PostgreSQL refuses year 0, and both databases must read back what was sent.
  v.check((text) => {
    const date = parseTimestamp(text);
    return Number.isNaN(date.getTime()) || isStorableTime(date);
  }, "Enter a date in the years 1 to 9999."),
);

const validDate = v.custom<Date>((value) => value instanceof Date && isStorableTime(value));

/** ISO 8601 text (or a Date) → Date. */
export const timestampSchema: AnySchema = v.union([validDate, v.pipe(timestampText, v.transform(parseTimestamp))]);

/**
 * A PostgreSQL timestamp in date mode: drizzle reads it back through `new Date("0001-01-01 00:00:00+00")`,
 * which takes the years 1 to 99 for 1950 to 2049. Such a value would not come back as sent.
 */
const pgTimestampSchema: AnySchema = v.pipe(
  timestampSchema,
  v.check((date) => (date as Date).getUTCFullYear() >= 100, "Enter a date in the years 100 to 9999."),
);

/** ISO 8601 text kept as text (timestamp columns in string mode). */
export const timestampStringSchema: AnySchema = timestampText;

const dateText = v.pipe(v.string(), v.check(isValidDate));

export const dateStringSchema: AnySchema = dateText;

/** `YYYY-MM-DD` (or a Date) → Date at midnight UTC (date columns in date mode). */
export const dateSchema: AnySchema = v.union([
  validDate,
  v.pipe(
    dateText,
    v.transform((text) => new Date(`${text}T00:00:00Z`)),
  ),
]);

/**
 * A number or numeric text → text within the column's digits, so that none is lost on the way.
 * Text with white space around it (`" 7 "`) is refused, as the document's pattern says, not
 * trimmed: a client that compiles against the document never sends it.
 */
export function decimalStringSchema(limits: DecimalLimits): AnySchema {
  return v.pipe(
    v.union([v.pipe(v.number(), v.finite(), v.transform(String)), v.string()]),
    v.regex(DECIMAL_PATTERN),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || !DECIMAL_PATTERN.test(dataset.value as string)) return;
      const problem = decimalLimitProblem(dataset.value as string, limits);
      if (problem) addIssue({ message: problem });
    }),
  );
}

/** A number or numeric text → a number the float column holds (never Infinity from 400 digits). */
export function floatSchema(column: Column): AnySchema {
  return v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(DECIMAL_PATTERN), v.transform(Number))]),
    v.check((value: number) => fitsFloatColumn(column, value), "Ensure that the number is within the column's range."),
  );
}

/** A 64-bit integer as a safe number, digits, or a bigint → bigint (bigint-mode columns). */
export const int64Schema: AnySchema = v.pipe(
  v.union([
    v.bigint(),
    v.pipe(
      v.number(),
      v.safeInteger(),
      v.transform((n: number) => BigInt(n)),
    ),
    v.pipe(
      v.string(),
      v.regex(INTEGER_PATTERN),
      v.transform((text: string) => BigInt(text)),
    ),
  ]),
  v.check((value: bigint) => value >= INT64_MIN && value <= INT64_MAX),
);

/** The schema drizzle-valibot's own should be replaced with for a column, if any. */
function replacementFor(column: Column, decimals: DeclaredDecimal | undefined): AnySchema | undefined {
  const type = column.columnType;
  if (column.dataType === "date") {
    if (fieldTypeOf(column) === "date") return dateSchema;
    return column.columnType === "PgTimestamp" ? pgTimestampSchema : timestampSchema;
  }
  if (type === "PgTimestampString") return timestampStringSchema;
  if (type === "PgDateString" || isDateTextColumn(column)) return dateStringSchema;
  const limits = decimalLimitsOf(column, decimals);
  if (limits) return decimalStringSchema(limits);
  if (isFloatColumn(column)) return floatSchema(column);
  if (column.dataType === "bigint") return int64Schema;
  return boundedTextSchema(column);
}

/**
 * A varchar's limit in characters (code points), as PostgreSQL's `varchar(n)` and JSON Schema's
 * `maxLength` count them: drizzle-valibot's `maxLength` counts UTF-16 units, so 51 emoji would
 * not fit in 100.
 */
function boundedTextSchema(column: Column): AnySchema | undefined {
  if (column.columnType !== "PgVarchar" && column.columnType !== "SQLiteText") return undefined;
  const max = maxLengthOf(column);
  if (max === undefined || enumValuesOf(column)) return undefined;
  return v.pipe(v.string(), v.maxCodePoints(max));
}

/**
 * A drizzle-valibot refinement for a column, or undefined to keep its schema. A function, so
 * that drizzle-valibot still wraps the result in nullable/optional as the column requires.
 * `json` is the app's schema of a JSON column's value, which replaces "any JSON".
 */
export function refinementFor(
  column: Column,
  choices: readonly (string | number)[] | undefined,
  json?: AnySchema,
  decimals?: DeclaredDecimal,
): ((schema: AnySchema) => AnySchema) | undefined {
  const replacement = json ?? replacementFor(column, decimals);
  const extraChoices = choices && !enumValuesOf(column) ? choices : undefined;
  if (!replacement && !extraChoices) return undefined;
  return (schema) => {
    const base = replacement ?? schema;
    if (!extraChoices) return base;
    return v.pipe(
      base,
      v.check((value) => extraChoices.includes(value as string | number)),
    );
  };
}

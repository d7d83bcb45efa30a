/**
 * The text a date-time filter takes (`?createdAt__gte=`), as one regular expression that the
 * filter parser and the OpenAPI document share: a date (its midnight, UTC) or an RFC 3339 date-time
 * with its offset. No offset (whose meaning would be the server's time zone), no `24:00`, no leap
 * second (JavaScript has no 60th second), no year 0.
 */
const DATE = String.raw`(?!0000)\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])`;
const TIME = String.raw`(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,9})?`;
const OFFSET = String.raw`(?:[Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d)`;

export const TIME_FILTER_PATTERN = `^${DATE}(?:[Tt]${TIME}${OFFSET})?$`;
const TIME_FILTER = new RegExp(TIME_FILTER_PATTERN);

/**
 * A date-time in a request body or a response: RFC 3339 (`format: date-time`), but for a leap
 * second and year 0, which the server refuses (JavaScript has no 60th second; PostgreSQL no year 0).
 */
export const TIME_VALUE_PATTERN = String.raw`^(?!0000)(?![\s\S]*[Tt ]\d\d:\d\d:60)`;
/** A date: `format: date`, but for year 0. */
export const DATE_VALUE_PATTERN = "^(?!0000)";

/** The instant a filter's text names, or null when it is not one of the accepted forms. */
export function parseTimeFilter(text: string): Date | null {
  if (!TIME_FILTER.test(text)) return null;
  const date = new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
  return Number.isNaN(date.getTime()) ? null : date;
}

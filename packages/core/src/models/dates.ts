/** The calendar both databases store: years 1 to 9999 and real days, as Python's datetime. */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

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

/**
 * Values as a response object holds them: what JSON writes, made once by the serializer. A Date
 * is its ISO text (`toJSON`'s), as DRF's serializers give `isoformat()` text; other values as
 * they are. Written here rather than by `JSON.stringify`, which asks each Date for `toJSON` through
 * the engine's generic call and formats it with printf: ~0.6 µs more per Date, formatting here
 * included, about half of a product's JSON (two dates per row, 40 on a page of 20).
 */

/** The type of a value as a response object holds it. */
export type Represented<V> = V extends Date ? string : V;

/** An object's fields as a response object holds them. */
export type RepresentedFields<T> = { [K in keyof T]: Represented<T[K]> };

// Two digits and three digits, by number: a lookup instead of padding.
const TWO = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : `${n}`));
// The time of day in three pieces: "HH:MM:" by minute of the day, "SS." by second, "mmmZ" by millisecond.
const MINUTES = Array.from({ length: 24 * 60 }, (_, n) => `${TWO[(n / 60) | 0]}:${TWO[n % 60]}:`);
const SECONDS = TWO.slice(0, 60).map((two) => `${two}.`);
const MILLISECONDS = Array.from({ length: 1000 }, (_, n) => `${`${n}`.padStart(3, "0")}Z`);

// Years 0000 to 9999; outside them `toJSON` writes signed six-digit years.
const FIRST_MS = Date.parse("0000-01-01T00:00:00.000Z");
const END_MS = Date.parse("+010000-01-01T00:00:00.000Z");
const DAY_MS = 86_400_000;

/**
 * "YYYY-MM-DDT" of a day counted from 1970-01-01, by integer arithmetic on the proleptic Gregorian
 * calendar (the civil-from-days algorithm: 400-year eras of 146,097 days, years starting in March
 * so that the leap day ends them). The last day asked for is kept: the rows of a page are often
 * of one day.
 */
let lastDay = Number.NaN;
let lastDayText = "";

function dayText(day: number): string {
  if (day === lastDay) return lastDayText;
  const shifted = day + 719_468; // days from 0000-03-01
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const date = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  lastDay = day;
  lastDayText = `${TWO[(year / 100) | 0]}${TWO[year % 100]}-${TWO[month]}-${TWO[date]}T`;
  return lastDayText;
}

const nativeToJSON = Date.prototype.toJSON;

/**
 * `date.toJSON()`, the same text (null for an invalid date), from its time value alone: the
 * `getUTC*` methods each call into the engine's date cache, ~1,300 machine instructions per
 * response of two dates where this takes integer arithmetic and three joins.
 */
export function isoText(date: Date): string | null {
  const ms = date.getTime();
  if (!(ms >= FIRST_MS && ms < END_MS)) return date.toJSON();
  const day = Math.floor(ms / DAY_MS);
  const inDay = ms - day * DAY_MS;
  const second = Math.floor(inDay / 1000);
  return (
    dayText(day) + MINUTES[Math.floor(second / 60)]! + SECONDS[second % 60]! + MILLISECONDS[inDay - second * 1000]!
  );
}

/** A value as a response object holds it. */
export function representedValue(value: unknown): unknown {
  // A Date whose `toJSON` is not the engine's (a subclass's, one set on it) is left to JSON.
  return value instanceof Date && value.toJSON === nativeToJSON ? isoText(value) : value;
}

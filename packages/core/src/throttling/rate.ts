/** Throttle rates as DRF writes them (`"100/hour"`), parsed once. */
/** A parsed throttle rate: `count` requests per `seconds`. */
export interface Rate {
  readonly count: number;
  readonly seconds: number;
}

// A Map, not an object literal: "100/constructor" must not find Object.prototype.constructor.
const UNIT_SECONDS: ReadonlyMap<string, number> = new Map([
  ["s", 1],
  ["sec", 1],
  ["secs", 1],
  ["second", 1],
  ["seconds", 1],
  ["m", 60],
  ["min", 60],
  ["mins", 60],
  ["minute", 60],
  ["minutes", 60],
  ["h", 3600],
  ["hour", 3600],
  ["hours", 3600],
  ["d", 86_400],
  ["day", 86_400],
  ["days", 86_400],
]);

// <count>/<unit>, or <count>/<multiplier><unit> such as "10/5m". No spaces, no signs, no
// leading zeros: a rate is configuration, and anything loose is more likely a typo than intent.
const RATE_PATTERN = /^([1-9][0-9]*)\/([1-9][0-9]*)?([a-z]+)$/;

function invalidRate(rate: unknown, reason: string): TypeError {
  const shown =
    typeof rate === "string" ? JSON.stringify(rate.length > 100 ? `${rate.slice(0, 100)}…` : rate) : String(rate);
  return new TypeError(
    `invalid throttle rate ${shown}: ${reason}; expected <count>/<unit> such as "100/min", where count is a positive ` +
      `integer and unit is one of s, sec, second, m, min, minute, h, hour, d, day (or a plural), optionally with a ` +
      `multiplier such as "10/5min"`,
  );
}

/**
 * Parses `"100/min"` into `{ count: 100, seconds: 60 }`. Units: s, sec, second, m, min, minute,
 * h, hour, d, day and their plurals; a multiplier is allowed (`"10/5min"` is 10 per 300 s).
 * Throws a `TypeError` naming the text for anything else, so a typo fails at startup.
 */
export function parseRate(rate: string): Rate {
  if (typeof rate !== "string") throw invalidRate(rate, "not a string");
  const match = RATE_PATTERN.exec(rate);
  if (!match) throw invalidRate(rate, "not of the form <count>/<unit>");
  const [, countText = "", multiplierText, unit = ""] = match;
  const unitSeconds = UNIT_SECONDS.get(unit);
  if (unitSeconds === undefined) throw invalidRate(rate, `unknown unit "${unit.slice(0, 20)}"`);
  const count = Number(countText);
  const multiplier = multiplierText === undefined ? 1 : Number(multiplierText);
  const seconds = multiplier * unitSeconds;
  if (!Number.isSafeInteger(count)) throw invalidRate(rate, "the count is too large");
  if (!Number.isSafeInteger(seconds * 1000)) throw invalidRate(rate, "the period is too long");
  return { count, seconds };
}

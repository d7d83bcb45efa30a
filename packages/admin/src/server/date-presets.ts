/** The date preset tokens of ADMIN.md, resolved when a query runs. */
export const DATE_PRESETS = [
  "today",
  "yesterday",
  "last_7_days",
  "last_30_days",
  "this_month",
  "last_month",
  "this_year",
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** A token that is not a preset. */
export class PresetError extends Error {}

/** A calendar day, month counted from 0 as `Date.UTC` does (it normalizes overflowing days and months). */
interface Day {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    if (formatters.size > 500) formatters.clear();
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall clock in `zone` at `instant`, as if it were UTC (milliseconds). */
function wallClock(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

function dayOf(instant: number, zone: string): Day {
  const wall = new Date(wallClock(instant, zone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth(), day: wall.getUTCDate() };
}

/**
 * The first instant of a calendar day in `zone`: usually its midnight; where the clocks skip
 * midnight, the first moment after the gap. Found among the offsets the zone has around that day.
 */
function startOfDay(day: Day, zone: string): number {
  const midnight = Date.UTC(day.year, day.month, day.day);
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((shift) => wallClock(midnight + shift, zone) - (midnight + shift)));
  const candidates = [...offsets]
    .map((offset) => midnight - offset)
    .filter((instant) => {
      const wall = wallClock(instant, zone);
      return wall >= midnight && wall < midnight + DAY_MS;
    });
  // Inside a gap no candidate lands on midnight itself; the earliest one in the day starts it.
  return candidates.length > 0 ? Math.min(...candidates) : midnight - (wallClock(midnight, zone) - midnight);
}

const shift = (day: Day, days: number, months = 0): Day => {
  const date = new Date(Date.UTC(day.year, day.month + months, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() };
};

/** The days [from, to) a preset names, counted from `today`. */
function daysOf(preset: DatePreset, today: Day): [Day, Day] {
  const tomorrow = shift(today, 1);
  const firstOfMonth = { ...today, day: 1 };
  switch (preset) {
    case "today":
      return [today, tomorrow];
    case "yesterday":
      return [shift(today, -1), today];
    case "last_7_days":
      return [shift(today, -6), tomorrow];
    case "last_30_days":
      return [shift(today, -29), tomorrow];
    case "this_month":
      return [firstOfMonth, shift(firstOfMonth, 0, 1)];
    case "last_month":
      return [shift(firstOfMonth, 0, -1), firstOfMonth];
    case "this_year":
      return [
        { year: today.year, month: 0, day: 1 },
        { year: today.year + 1, month: 0, day: 1 },
      ];
  }
}

const isoDay = (day: Day) => new Date(Date.UTC(day.year, day.month, day.day)).toISOString().slice(0, 10);

/**
 * A preset as a half-open range [gte, lt) in the time zone `zone` at `now`: instants (ISO 8601)
 * for a time field, calendar days (YYYY-MM-DD) for a date field.
 */
export function resolveDatePreset(
  token: string,
  zone: string,
  now: Date,
  kind: "time" | "date",
): { gte: string; lt: string } {
  if (!(DATE_PRESETS as readonly string[]).includes(token)) {
    throw new PresetError(`Unknown date preset; use one of ${DATE_PRESETS.join(", ")}.`);
  }
  const [from, to] = daysOf(token as DatePreset, dayOf(now.getTime(), zone));
  if (kind === "date") return { gte: isoDay(from), lt: isoDay(to) };
  return {
    gte: new Date(startOfDay(from, zone)).toISOString(),
    lt: new Date(startOfDay(to, zone)).toISOString(),
  };
}

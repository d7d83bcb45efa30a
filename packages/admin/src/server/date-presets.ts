/** The server's half of the date presets: a token resolved in a time zone, as instants or days. */
import { type CalendarDay, DATE_PRESETS, isDatePreset, presetDays } from "../shared/date-presets.js";

/** A token that is not a preset. */
export class PresetError extends Error {}

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

function dayOf(instant: number, zone: string): CalendarDay {
  const wall = new Date(wallClock(instant, zone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth(), day: wall.getUTCDate() };
}

/**
 * The first instant of a calendar day in `zone`: usually its midnight; where the clocks skip
 * midnight, the first moment after the gap. Found among the offsets the zone has around that day.
 */
function startOfDay(day: CalendarDay, zone: string): number {
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

const isoDay = (day: CalendarDay) => new Date(Date.UTC(day.year, day.month, day.day)).toISOString().slice(0, 10);

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
  if (!isDatePreset(token)) {
    throw new PresetError(`Unknown date preset; use one of ${DATE_PRESETS.join(", ")}.`);
  }
  const [from, to] = presetDays(token, dayOf(now.getTime(), zone));
  if (kind === "date") return { gte: isoDay(from), lt: isoDay(to) };
  return {
    gte: new Date(startOfDay(from, zone)).toISOString(),
    lt: new Date(startOfDay(to, zone)).toISOString(),
  };
}

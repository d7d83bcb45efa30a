/**
 * ADMIN.md's date presets and the calendar days each one names, written once for the server that
 * resolves them in `?tz=` and the UI that shows the days beside the buttons.
 */
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

export function isDatePreset(token: string): token is DatePreset {
  return (DATE_PRESETS as readonly string[]).includes(token);
}

/** A calendar day, month counted from 0 as `Date.UTC` does (it normalizes overflowing days and months). */
export interface CalendarDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The day `days` days and `months` months after `day`. */
export function shiftDay(day: CalendarDay, days: number, months = 0): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month + months, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() };
}

/** The days [from, to) a preset names, counted from `today`: `to` is the first day after the range. */
export function presetDays(preset: DatePreset, today: CalendarDay): [CalendarDay, CalendarDay] {
  const tomorrow = shiftDay(today, 1);
  const firstOfMonth = { ...today, day: 1 };
  switch (preset) {
    case "today":
      return [today, tomorrow];
    case "yesterday":
      return [shiftDay(today, -1), today];
    case "last_7_days":
      return [shiftDay(today, -6), tomorrow];
    case "last_30_days":
      return [shiftDay(today, -29), tomorrow];
    case "this_month":
      return [firstOfMonth, shiftDay(firstOfMonth, 0, 1)];
    case "last_month":
      return [shiftDay(firstOfMonth, 0, -1), firstOfMonth];
    case "this_year":
      return [
        { year: today.year, month: 0, day: 1 },
        { year: today.year + 1, month: 0, day: 1 },
      ];
  }
}

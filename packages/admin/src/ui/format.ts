/** How the UI writes numbers, dates and calendar days for people, in the browser's locale and zone. */
import type { FieldMeta } from "../shared/wire.js";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const numbers = new Intl.NumberFormat();

export function formatCount(count: number): string {
  return numbers.format(count);
}

/** A local calendar date as `YYYY-MM-DD` (what date inputs hold). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `YYYY-MM-DD` as local midnight. */
export function dayStart(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export function formatDay(date: Date): string {
  return dateOnly.format(date);
}

/** A range of days for people, in the browser's time zone: "23 Mar 2026 – 29 Mar 2026". */
export function formatDays(from: Date, to: Date): string {
  return from.getTime() === to.getTime() ? dateOnly.format(from) : dateOnly.formatRange(from, to);
}

/** A choice as people read it: its label where the model gives one, else the value (DRF's `display_name`). */
export function choiceText(field: FieldMeta | undefined, value: unknown): string {
  return field?.choiceLabels?.[String(value)] ?? String(value);
}

/** A value of a field as the table shows it. */
export function formatValue(field: FieldMeta | undefined, value: unknown): string {
  if (value === null || value === undefined) return "—";
  switch (field?.type) {
    case "bool":
      return value ? "Yes" : "No";
    case "time": {
      const date = new Date(String(value));
      return Number.isNaN(date.getTime()) ? String(value) : dateTime.format(date);
    }
    case "date": {
      const day = dayStart(String(value));
      return day ? dateOnly.format(day) : String(value);
    }
    case "json":
      return JSON.stringify(value);
    default:
      return field?.choices ? choiceText(field, value) : String(value);
  }
}

/** How the UI writes numbers, dates and calendar days for people, in the UI's locale and the browser's zone. */
import type { FieldMeta } from "../shared/wire.js";
import { locale, t } from "./i18n/t.js";

const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });
const numbers = new Intl.NumberFormat(locale);

export function formatCount(count: number): string {
  return numbers.format(count);
}

const DECIMAL = /^-?\d+(?:\.(\d+))?$/;

/**
 * A number as people read it in the UI's locale: "1234.50" → "1,234.50" or "1.234,50". A decimal's
 * wire text keeps its places and every digit (Intl formats a numeric string exactly); anything
 * else is shown as it came.
 */
export function formatNumber(value: unknown, useGrouping = true): string {
  const text = String(value);
  const match = DECIMAL.exec(text);
  if (!match) return text;
  const places = match[1]?.length ?? 0;
  const options = { minimumFractionDigits: places, maximumFractionDigits: places, useGrouping };
  return new Intl.NumberFormat(locale, options).format(text as unknown as number);
}

/** A decimal as an input holds it: the locale's decimal mark, no grouping ("1234,50"); `wireDecimal` reads it back. */
export function inputDecimal(value: unknown): string {
  return formatNumber(value, false);
}

/**
 * A decimal typed the locale's way ("1.234,50" in German, "1,234.50" in English) in the API's wire
 * form ("1234.50"). Text already in wire form, or that is no number of the locale, stays as typed:
 * the server's 400 then says what is wrong with it.
 */
export function wireDecimal(text: string): string {
  if (DECIMAL.test(text)) return text;
  const parts = numbers.formatToParts(12345.6);
  const group = parts.find((part) => part.type === "group")?.value ?? ",";
  const point = parts.find((part) => part.type === "decimal")?.value ?? ".";
  const plain = text.replaceAll(/\s/g, "").replaceAll(group, "").replace(point, ".");
  return DECIMAL.test(plain) ? plain : text;
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

/** A value of a field as the table shows it; a primary key (`isKey`) is an identifier, never grouped ("1234", not "1,234"). */
export function formatValue(field: FieldMeta | undefined, value: unknown, isKey = false): string {
  if (value === null || value === undefined) return "—";
  switch (field?.type) {
    case "bool":
      return value ? t("common.yes") : t("common.no");
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
    case "int":
    case "decimal":
      if (field.choices) return choiceText(field, value);
      return isKey ? String(value) : formatNumber(value);
    default:
      return field?.choices ? choiceText(field, value) : String(value);
  }
}

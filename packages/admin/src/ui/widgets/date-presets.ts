/** The date presets as the UI shows them: their names for people and the local days each one covers. */
import { DATE_PRESETS, type DatePreset, isDatePreset, presetDays as presetRange } from "../../shared/date-presets.js";
import { addDays } from "../format.js";

const LABELS: Readonly<Record<DatePreset, string>> = {
  today: "Today",
  yesterday: "Yesterday",
  last_7_days: "Last 7 days",
  last_30_days: "Last 30 days",
  this_month: "This month",
  last_month: "Last month",
  this_year: "This year",
};

/** ADMIN.md's date preset tokens, with the names people see. */
export const PRESETS = DATE_PRESETS.map((token) => ({ token, label: LABELS[token] }));

export function presetLabel(token: string): string {
  return isDatePreset(token) ? LABELS[token] : token;
}

/**
 * The first and last day a preset names, in the browser's time zone (the server resolves the
 * token with the same calendar, in the `tz` the UI sends): what the widget shows beside the buttons.
 */
export function localPresetDays(token: string, now = new Date()): [Date, Date] | null {
  if (!isDatePreset(token)) return null;
  const [from, to] = presetRange(token, { year: now.getFullYear(), month: now.getMonth(), day: now.getDate() });
  return [new Date(from.year, from.month, from.day), addDays(new Date(to.year, to.month, to.day), -1)];
}

/** The date presets as the UI shows them: their names for people and the local days each one covers. */
import { t } from "../i18n/t.js";
import { DATE_PRESETS, type DatePreset, isDatePreset, presetDays as presetRange } from "../../shared/date-presets.js";
import { addDays } from "../format.js";

const LABELS: Readonly<Record<DatePreset, string>> = {
  today: t("preset.today"),
  yesterday: t("preset.yesterday"),
  last_7_days: t("preset.last_7_days"),
  last_30_days: t("preset.last_30_days"),
  this_month: t("preset.this_month"),
  last_month: t("preset.last_month"),
  this_year: t("preset.this_year"),
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

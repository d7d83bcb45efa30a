import { addDays } from "../format.js";

/** ADMIN.md's date preset tokens, with the names people see. */
export const PRESETS = [
  { token: "today", label: "Today" },
  { token: "yesterday", label: "Yesterday" },
  { token: "last_7_days", label: "Last 7 days" },
  { token: "last_30_days", label: "Last 30 days" },
  { token: "this_month", label: "This month" },
  { token: "last_month", label: "Last month" },
  { token: "this_year", label: "This year" },
] as const;

export function presetLabel(token: string): string {
  return PRESETS.find((preset) => preset.token === token)?.label ?? token;
}

/**
 * The first and last day a preset names, in the browser's time zone (the server resolves the
 * token the same way, in the `tz` the UI sends): what the widget shows beside the buttons.
 */
export function presetDays(token: string, now = new Date()): [Date, Date] | null {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const firstOfMonth = new Date(today.getFullYear(), today.getMonth(), 1);
  switch (token) {
    case "today":
      return [today, today];
    case "yesterday":
      return [addDays(today, -1), addDays(today, -1)];
    case "last_7_days":
      return [addDays(today, -6), today];
    case "last_30_days":
      return [addDays(today, -29), today];
    case "this_month":
      return [firstOfMonth, addDays(new Date(today.getFullYear(), today.getMonth() + 1, 1), -1)];
    case "last_month":
      return [new Date(today.getFullYear(), today.getMonth() - 1, 1), addDays(firstOfMonth, -1)];
    case "this_year":
      return [new Date(today.getFullYear(), 0, 1), new Date(today.getFullYear(), 11, 31)];
    default:
      return null;
  }
}

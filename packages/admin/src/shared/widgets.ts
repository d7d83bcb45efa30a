/**
 * The filter widgets of ADMIN.md's table, by their `widget` value: one list for the server that
 * checks and describes them and the UI that draws them (this file imports nothing, so both builds
 * can read it).
 */
export const FILTER_WIDGETS = [
  "tristate",
  "dateRange",
  "checkboxes",
  "multiSelect",
  "chips",
  "combobox",
  "entityDropdown",
  "numericRange",
] as const;

export type Widget = (typeof FILTER_WIDGETS)[number];

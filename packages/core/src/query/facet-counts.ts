/** Counts of rows per value and ranges of values in memory, for managers that cannot count in SQL. */
import type { ValueCount } from "./manager.js";
import { isDecimalText } from "../models/decimal.js";
import { compareRows } from "./evaluate.js";

const byValue = compareRows(["value"]);

/** Counts rows per value of `field` in memory: the facet fallback for managers that cannot count in SQL. */
export function countRowsBy(rows: readonly object[], field: string, limit?: number): ValueCount[] {
  const counts = new Map<unknown, { value: unknown; count: number }>();
  for (const row of rows) {
    const raw = (row as Record<string, unknown>)[field];
    const value = raw === undefined ? null : raw;
    // Dates and bigints count by what they hold, not by identity.
    const key = value instanceof Date ? value.getTime() : typeof value === "bigint" ? `${value}n` : value;
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { value, count: 1 });
  }
  const sorted = [...counts.values()].sort((a, b) => b.count - a.count || byValue(a, b));
  return limit === undefined ? sorted : sorted.slice(0, limit);
}

/** Decimals travel as text: "100" is more than "15.50". */
function compareValues(a: { value: unknown }, b: { value: unknown }): number {
  if (typeof a.value === "string" && typeof b.value === "string" && isDecimalText(a.value) && isDecimalText(b.value)) {
    return Number(a.value) - Number(b.value);
  }
  return byValue(a, b);
}

/** The smallest and largest non-null value of `field` in memory. */
export function rangeOfRows(rows: readonly object[], field: string): { min: unknown; max: unknown } {
  const values = rows
    .map((row) => ({ value: (row as Record<string, unknown>)[field] }))
    .filter((entry) => entry.value !== null && entry.value !== undefined)
    .sort(compareValues);
  return { min: values[0]?.value ?? null, max: values.at(-1)?.value ?? null };
}

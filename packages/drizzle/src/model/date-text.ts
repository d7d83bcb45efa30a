/** `dateText`: a date-only column for SQLite, stored as `YYYY-MM-DD` text, a `date` field as PostgreSQL's `date` is. */
import type { Column } from "drizzle-orm";
import { customType } from "drizzle-orm/sqlite-core";

/** The column's own conversion to the driver: its identity is how `tableModel` knows the column. */
function dateToDriver(value: string): string {
  return value;
}

/**
 * A date without a time on SQLite, which has no date type: `publishedOn: dateText("published_on")`
 * is a TEXT column holding `YYYY-MM-DD` (so that text order is date order). `tableModel` makes it
 * a `date` field, as PostgreSQL's `date("...", { mode: "string" })`: a body must send a real
 * calendar day, filters take days (`?publishedOn__gte=2024-05-01`, `range`, `in`), the OpenAPI
 * document says `format: date`, and the admin shows a date input.
 */
export const dateText = customType<{ data: string; driverData: string }>({
  dataType: () => "text",
  toDriver: dateToDriver,
});

/** Whether a column was declared with `dateText`. */
export function isDateTextColumn(column: Column): boolean {
  return (column as Column & { mapTo?: unknown }).mapTo === dateToDriver;
}

/** The cells of an export: a row's values as the list shows them (choice and foreign-key labels), CSV lines made safe for spreadsheets. */
import type { FieldDef, FilterValue, RequestContext } from "@viewsets/core";
import { representedField } from "@viewsets/core/internals";
import { labelsOf } from "./labels.js";
import type { AdminViewSet } from "./rows.js";

/** One exported column: its field (none for a computed column), its heading, and the model its foreign key names. */
export interface ExportColumn {
  readonly name: string;
  readonly label: string;
  readonly field: FieldDef | undefined;
  readonly target: AdminViewSet<object> | undefined;
}

/** A cell's text as the list shows it: a choice's label, a foreign key's record's label, "Yes"/"No", ISO dates. */
function shown(column: ExportColumn, value: unknown, labels: Map<string, string>): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  const { field } = column;
  if (field === undefined)
    return typeof value === "object" ? JSON.stringify(value) : (value as string | number | boolean);
  if (field.type === "foreignKey") return labels.get(String(value)) ?? String(value);
  if (field.choices && field.choiceLabels) return field.choiceLabels[String(value)] ?? String(value);
  const represented = representedField(field, value);
  if (typeof represented === "string" || typeof represented === "number" || typeof represented === "boolean") {
    return represented;
  }
  return represented === null || represented === undefined ? null : JSON.stringify(represented);
}

/** The labels of the foreign keys one batch of rows holds, per column, in one query each. */
async function foreignLabels(
  columns: readonly ExportColumn[],
  rows: readonly Record<string, unknown>[],
  ctx: RequestContext,
): Promise<Map<string, Map<string, string>>> {
  const found = new Map<string, Map<string, string>>();
  for (const column of columns) {
    if (column.field?.type !== "foreignKey" || !column.target) continue;
    const ids = [...new Set(rows.map((row) => row[column.name]).filter((id) => id !== null && id !== undefined))];
    const labels = await labelsOf(column.target, ctx, ids as FilterValue[]);
    found.set(column.name, new Map([...labels].map(([id, entry]) => [id, entry.label])));
  }
  return found;
}

/** Each row of a batch as its cells, in the columns' order. */
export async function cellsOf(
  columns: readonly ExportColumn[],
  rows: readonly Record<string, unknown>[],
  ctx: RequestContext,
): Promise<(string | number | boolean | null)[][]> {
  const labels = await foreignLabels(columns, rows, ctx);
  const none = new Map<string, string>();
  return rows.map((row) => columns.map((column) => shown(column, row[column.name], labels.get(column.name) ?? none)));
}

/**
 * A text cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, or a tab or carriage
 * return before one) starts with an apostrophe instead (OWASP's CSV injection advice). Numbers
 * are left as they are: "-5.00" is a number, not a formula.
 */
export function formulaSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const NUMERIC = new Set(["int", "decimal"]);

/** One CSV line (RFC 4180: quoted when it holds a comma, a quote or a line break; CRLF ends it). */
export function csvLine(columns: readonly ExportColumn[] | null, cells: readonly unknown[]): string {
  const texts = cells.map((cell, index) => {
    if (cell === null || cell === undefined) return "";
    if (typeof cell === "boolean") return cell ? "Yes" : "No";
    const text = String(cell);
    const column = columns?.[index];
    // A computed column's number is a number however it reads ("-5"): never a formula.
    const numeric = column?.field
      ? NUMERIC.has(column.field.type) && column.field.choices === undefined
      : column !== undefined && typeof cell === "number";
    const safe = numeric ? text : formulaSafe(text);
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  });
  return `${texts.join(",")}\r\n`;
}

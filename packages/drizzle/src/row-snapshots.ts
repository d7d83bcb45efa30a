import { objectSlot } from "@viewsets/core";

// The values each row had when a manager returned it, so that `update` writes only the fields a
// request changed. Shared by all managers: a viewset may build a new manager per request. Kept on
// the row (hidden), not in a WeakMap keyed by it: see `objectSlot`.
const snapshots = objectSlot<object, Record<string, unknown>>("viewsets.snapshot");

/** A comparable form of a value, to see which fields an update changed. */
function fingerprint(value: unknown): unknown {
  if (value instanceof Date) return `date:${value.getTime()}`;
  if (typeof value === "bigint") return `bigint:${value}`;
  if (value !== null && typeof value === "object") return `json:${JSON.stringify(value)}`;
  return value;
}

/** Notes the values of a row a manager returns. */
export function rememberRow(row: Record<string, unknown>): void {
  // A plain object without a prototype: the cheapest copy for a row read on every get and write.
  const snapshot: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(row)) snapshot[key] = fingerprint(row[key]);
  snapshots.set(row, snapshot);
}

/**
 * Whether a field of the row now differs from when a manager returned it: every field of a row
 * no manager returned counts as changed.
 */
export function changedFieldsOf(row: Record<string, unknown>): (key: string) => boolean {
  const before = snapshots.get(row);
  return (key) => !before || before[key] !== fingerprint(row[key]);
}

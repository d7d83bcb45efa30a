// The values each row had when a manager returned it, so that `update` writes only the fields a
// request changed. Shared by all managers: a viewset may build a new manager per request.
const snapshots = new WeakMap<object, Map<string, unknown>>();

/** A comparable form of a value, to see which fields an update changed. */
function fingerprint(value: unknown): unknown {
  if (value instanceof Date) return `date:${value.getTime()}`;
  if (typeof value === "bigint") return `bigint:${value}`;
  if (value !== null && typeof value === "object") return `json:${JSON.stringify(value)}`;
  return value;
}

/** Notes the values of a row a manager returns. */
export function rememberRow(row: Record<string, unknown>): void {
  snapshots.set(row, new Map(Object.entries(row).map(([key, value]) => [key, fingerprint(value)])));
}

/**
 * Whether a field of the row now differs from when a manager returned it: every field of a row
 * no manager returned counts as changed.
 */
export function changedFieldsOf(row: Record<string, unknown>): (key: string) => boolean {
  const before = snapshots.get(row);
  return (key) => !before || before.get(key) !== fingerprint(row[key]);
}

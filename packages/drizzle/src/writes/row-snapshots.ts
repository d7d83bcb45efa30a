/** The values a row had when a manager returned it, so an update writes only what changed. */
import { objectSlot } from "@viewsets/core/internals";

// The values each row had when a manager returned it, so that `update` writes only the fields a
// request changed. Shared by all managers: a viewset may build a new manager per request. Kept on
// the row (hidden), not in a WeakMap keyed by it: see `objectSlot`.
const snapshots = objectSlot<object, Record<string, unknown>>("viewsets.snapshot");

/** A JSON value (an object or array) as it was: its text. */
class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A value as it was, beyond later changes made in place: primitives (bigint included) as they are,
 * a Date as a copy, an object or array as its JSON text.
 */
function keptValue(value: object): unknown {
  return value instanceof Date ? new Date(value.getTime()) : new JsonText(JSON.stringify(value));
}

function sameValue(before: unknown, now: unknown): boolean {
  if (before instanceof Date) return now instanceof Date && Object.is(now.getTime(), before.getTime());
  if (before instanceof JsonText)
    return typeof now === "object" && now !== null && !(now instanceof Date) && JSON.stringify(now) === before.text;
  return before === now;
}

/** Notes the values of a row a manager returns. */
export function rememberRow(row: Record<string, unknown>): void {
  // A spread: one step for a row of primitives (most of it), where adding its keys one by one to
  // a new object, or to a dictionary (`Object.create(null)`), cost ~0.5 µs per row read.
  const snapshot: Record<string, unknown> = { ...row };
  for (const key in snapshot) {
    const value = snapshot[key];
    if (typeof value === "object" && value !== null) snapshot[key] = keptValue(value);
  }
  snapshots.set(row, snapshot);
}

/**
 * Whether a field of the row now differs from when a manager returned it: every field of a row
 * no manager returned counts as changed.
 */
export function changedFieldsOf(row: Record<string, unknown>): (key: string) => boolean {
  const before = snapshots.get(row);
  return (key) => !before || !Object.hasOwn(before, key) || !sameValue(before[key], row[key]);
}

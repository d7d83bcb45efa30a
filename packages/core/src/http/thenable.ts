/** Promises whose value is already known (`settledWith`), so an answer need not wait a turn for it. */
import { objectSlot } from "./slot.js";

/** Whether a value is a promise, native or another library's (anything `await` would adopt). */
export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === "function";
}

/** Stands for `undefined` in the slot, whose own `undefined` means "not known". */
const UNDEFINED = Symbol("undefined");
const values = objectSlot<Promise<unknown>, unknown>("settledValue");

/**
 * A promise already fulfilled with `value`, as `Promise.resolve(value)`, that also says so: a
 * caller that knows (`settledValue`) may use the value at once instead of waiting a turn of the
 * microtask queue for it, the way React's `use()` reads a thenable's recorded status. For
 * managers whose database answers synchronously (better-sqlite3): their methods still return a
 * promise, as the manager contract says, and the framework's own read paths need not wait for it.
 */
export function settledWith<T>(value: T): Promise<T> {
  const promise = Promise.resolve(value);
  values.set(promise, value === undefined ? UNDEFINED : value);
  return promise;
}

/** What `settledValue` answers for a promise it cannot read at once. */
export const UNSETTLED: unique symbol = Symbol("unsettled");

/**
 * What a promise made by `settledWith` holds; `UNSETTLED` for any other promise or thenable. A
 * value that is no promise is its own (as `await` takes it).
 */
export function settledValue<T>(promise: PromiseLike<T> | T): T | typeof UNSETTLED {
  if (!(promise instanceof Promise)) return isThenable(promise) ? UNSETTLED : promise;
  const value = values.get(promise);
  if (value === undefined) return UNSETTLED;
  return (value === UNDEFINED ? undefined : value) as T;
}

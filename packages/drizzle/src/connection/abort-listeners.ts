/**
 * One `abort` listener per request's signal, however many of its queries wait on it at once: the
 * admin's facets run one query per filter together, and Node warns (MaxListenersExceededWarning)
 * past ten listeners on one signal.
 */
const waiting = new WeakMap<AbortSignal, Set<() => void>>();

/** Calls `callback` when `signal` aborts, unless the returned function was called first. */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  let callbacks = waiting.get(signal);
  if (callbacks === undefined) {
    const set = new Set<() => void>();
    callbacks = set;
    waiting.set(signal, set);
    signal.addEventListener(
      "abort",
      () => {
        waiting.delete(signal);
        for (const waiter of set) waiter();
        set.clear();
      },
      { once: true },
    );
  }
  const registered = callbacks;
  // A wrapper of its own, so one callback registered twice is two waiters.
  const waiter = () => callback();
  registered.add(waiter);
  return () => {
    registered.delete(waiter);
  };
}

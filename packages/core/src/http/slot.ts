/**
 * A value remembered on an object, such as something derived from a request or a row once per
 * request. It is kept on the object itself under a hidden key (a non-enumerable symbol: not in
 * `Object.keys`, JSON or a `{ ...spread }` copy), not in a `WeakMap`.
 *
 * Why not a WeakMap: V8's young-generation collector keeps an entry's value alive while its key is
 * young, dead or not. A request or row lives for one request, so every collection copied the
 * values of recent requests and promoted them to the old generation. On the bench's retrieve that
 * was ~3 MB per collection, ~90% of what it copied, and full collections every few thousand
 * requests (BENCHMARKS.md, finding 7). A property dies with its object.
 */
export interface ObjectSlot<K extends object, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
}

/** A slot of its own (`name` only shows in a debugger); frozen objects fall back to a WeakMap. */
export function objectSlot<K extends object, V>(name: string): ObjectSlot<K, V> {
  const key = Symbol(name);
  const fallback = new WeakMap<K, V>();
  return {
    get(target) {
      const value = (target as Record<symbol, V | undefined>)[key];
      return value !== undefined ? value : fallback.get(target);
    },
    set(target, value) {
      if (Object.hasOwn(target, key)) (target as Record<symbol, V>)[key] = value;
      else if (Object.isExtensible(target))
        Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: false });
      else fallback.set(target, value);
    },
  };
}

/**
 * A value remembered on an object, such as something derived from a request or a row once per
 * request. It is kept on the object itself as a private field (not in `Object.keys`, its symbols,
 * JSON, a `{ ...spread }` copy or a test's `toEqual`), not in a `WeakMap`.
 *
 * Why not a WeakMap: V8's young-generation collector keeps an entry's value alive while its key is
 * young, dead or not. A request or row lives for one request, so every collection copied the
 * values of recent requests and promoted them to the old generation. On the bench's retrieve that
 * was ~3 MB per collection, ~90% of what it copied, and full collections every few thousand
 * requests (BENCHMARKS.md, finding 7). A property dies with its object.
 *
 * Why a private field, not a hidden symbol property: `Object.defineProperty` (to make a symbol
 * non-enumerable) takes V8's slow path, ~165 ns per object, where a private field added by a
 * class constructor is an inline-cached store, ~15 ns (BENCHMARKS.md, finding 14).
 */
export interface ObjectSlot<K extends object, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
}

/**
 * A constructor that returns the object it is given instead of a new one, so that a subclass's
 * field initializers install its private fields on that object (the "return override" of
 * class constructors).
 */
class Stamped {
  constructor(target: object) {
    // biome-ignore lint/correctness/noConstructorReturn: the override is the point: see above.
    return target;
  }
}

/** A slot of its own (`name` only shows in a debugger); frozen objects fall back to a WeakMap. */
export function objectSlot<K extends object, V>(name: string): ObjectSlot<K, V> {
  const fallback = new WeakMap<K, V>();
  // A class per slot: each has its own private name, so two slots never share a field.
  class Slot extends Stamped {
    #value: V;
    constructor(target: K, value: V) {
      super(target);
      this.#value = value;
    }
    static get(target: K): V | undefined {
      return #value in target ? (target as unknown as Slot).#value : fallback.get(target);
    }
    static set(target: K, value: V): void {
      if (#value in target) (target as unknown as Slot).#value = value;
      // A field may not be added to an object that is not extensible in newer JavaScript.
      else if (Object.isExtensible(target)) new Slot(target, value);
      else fallback.set(target, value);
    }
  }
  Object.defineProperty(Slot, "name", { value: name });
  return Slot;
}

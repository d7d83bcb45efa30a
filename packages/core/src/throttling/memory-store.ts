import type { ThrottleHit, ThrottleStore } from "./store.js";

export interface MemoryThrottleStoreOptions {
  /** Most buckets (client × throttle) kept; the least recently used go first. Default 100 000. */
  maxKeys?: number;
  /** Most request timestamps kept over all buckets; the least recently used buckets go first. Default 1 000 000. */
  maxEntries?: number;
}

/** One bucket's sliding-window log (ascending timestamps, the live ones from `head` on), in a recency list. */
interface Bucket {
  readonly key: string;
  times: number[];
  head: number;
  /** When the newest timestamp leaves the window: after that the bucket is empty. */
  expiresAt: number;
  older: Bucket | undefined;
  newer: Bucket | undefined;
}

/**
 * An in-process store. Memory stays bounded whatever the traffic: at most `maxKeys` buckets and
 * `maxEntries` timestamps (8 bytes each). Past either bound, the least recently used buckets are
 * dropped, so a flood of distinct clients (spoofed IPs, random tokens) can make throttling more
 * lenient for clients nobody has seen for a while, but never grow the process.
 *
 * Each process has its own counts: behind a load balancer with several processes, use a shared
 * store such as `RedisThrottleStore` from `@viewsets/redis`.
 */
export class MemoryThrottleStore implements ThrottleStore {
  readonly maxKeys: number;
  readonly maxEntries: number;
  readonly #buckets = new Map<string, Bucket>();
  // A doubly linked list from least to most recently used. (Re-inserting into the Map and taking
  // its first key would be shorter, but V8 skips the deleted slots at the front of a Map on every
  // iteration: under a flood of new keys that is quadratic.)
  #oldest: Bucket | undefined;
  #newest: Bucket | undefined;
  #entries = 0;

  constructor(options: MemoryThrottleStoreOptions = {}) {
    this.maxKeys = positiveInteger(options.maxKeys ?? 100_000, "maxKeys");
    this.maxEntries = positiveInteger(options.maxEntries ?? 1_000_000, "maxEntries");
  }

  /** Buckets held now. */
  get size(): number {
    return this.#buckets.size;
  }

  /** Timestamps held now, over all buckets. */
  get entries(): number {
    return this.#entries;
  }

  clear(): void {
    this.#buckets.clear();
    this.#oldest = this.#newest = undefined;
    this.#entries = 0;
  }

  hit(key: string, limit: number, windowMs: number, now: number): ThrottleHit {
    let bucket = this.#buckets.get(key);
    if (bucket) {
      this.#unlink(bucket);
    } else {
      bucket = { key, times: [], head: 0, expiresAt: now, older: undefined, newer: undefined };
      this.#buckets.set(key, bucket);
    }
    this.#append(bucket);
    this.#forget(bucket, now - windowMs);
    const { times } = bucket;
    const counted = times.length - bucket.head;
    const allowed = counted < limit;
    if (allowed) {
      insertSorted(times, bucket.head, now);
      this.#entries++;
    }
    const count = allowed ? counted + 1 : counted;
    const newest = times[times.length - 1] ?? now;
    bucket.expiresAt = newest + windowMs;
    // When refused, the request that must leave before one more fits is the (count - limit + 1)th oldest.
    const blocking = allowed ? now : (times[bucket.head + count - limit] ?? newest) + windowMs;
    this.#evict(now);
    return {
      allowed,
      count,
      retryAfterMs: allowed ? 0 : Math.max(0, blocking - now),
      resetMs: Math.max(0, newest + windowMs - now),
    };
  }

  /** Drops the timestamps at or before `cutoff` from the front of the log. */
  #forget(bucket: Bucket, cutoff: number): void {
    const { times } = bucket;
    let head = bucket.head;
    while (head < times.length && (times[head] as number) <= cutoff) head++;
    this.#entries -= head - bucket.head;
    // Compact once the dead prefix is at least half the array: amortized O(1) per timestamp.
    if (head > 0 && head * 2 >= times.length) {
      times.splice(0, head);
      head = 0;
    }
    bucket.head = head;
  }

  #evict(now: number): void {
    while ((this.#buckets.size > this.maxKeys || this.#entries > this.maxEntries) && this.#oldest) {
      this.#drop(this.#oldest);
    }
    // Also drop an expired bucket or two from the cold end on each hit, so memory shrinks back
    // when traffic falls instead of waiting for the bounds.
    for (let i = 0; i < 2 && this.#oldest && this.#oldest.expiresAt <= now; i++) this.#drop(this.#oldest);
  }

  #drop(bucket: Bucket): void {
    this.#unlink(bucket);
    this.#buckets.delete(bucket.key);
    this.#entries -= bucket.times.length - bucket.head;
  }

  #unlink(bucket: Bucket): void {
    if (bucket.older) bucket.older.newer = bucket.newer;
    else this.#oldest = bucket.newer;
    if (bucket.newer) bucket.newer.older = bucket.older;
    else this.#newest = bucket.older;
    bucket.older = bucket.newer = undefined;
  }

  #append(bucket: Bucket): void {
    bucket.older = this.#newest;
    if (this.#newest) this.#newest.newer = bucket;
    else this.#oldest = bucket;
    this.#newest = bucket;
  }
}

/** Appends `value`, keeping `times[head..]` ascending even if a clock stepped backwards. */
function insertSorted(times: number[], head: number, value: number): void {
  const last = times[times.length - 1];
  if (last === undefined || last <= value || times.length === head) {
    times.push(value);
    return;
  }
  let low = head;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((times[mid] as number) <= value) low = mid + 1;
    else high = mid;
  }
  times.splice(low, 0, value);
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`MemoryThrottleStore: ${name} must be a positive integer, got ${String(value)}`);
  }
  return value;
}

let shared: MemoryThrottleStore | undefined;

/** The one in-memory store that throttles share by default in this process. */
export function defaultThrottleStore(): MemoryThrottleStore {
  shared ??= new MemoryThrottleStore();
  return shared;
}

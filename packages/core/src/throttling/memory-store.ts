/** The in-memory throttle store: a sliding-window log per bucket, the least recently used dropped first. */
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
  /** Until when the bucket refuses its client's next request (0: it does not). */
  limitedUntil: number;
  /** When it was last hit: which of two buckets was used least recently. */
  usedAt: number;
  list: RecencyList | undefined;
  older: Bucket | undefined;
  newer: Bucket | undefined;
}

/**
 * A doubly linked list from least to most recently used. (Re-inserting into a Map and taking its
 * first key would be shorter, but V8 skips the deleted slots at the front of a Map on every
 * iteration: under a flood of new keys that is quadratic.)
 */
class RecencyList {
  oldest: Bucket | undefined;
  newest: Bucket | undefined;

  append(bucket: Bucket): void {
    bucket.list = this;
    bucket.older = this.newest;
    if (this.newest) this.newest.newer = bucket;
    else this.oldest = bucket;
    this.newest = bucket;
  }

  unlink(bucket: Bucket): void {
    if (bucket.older) bucket.older.newer = bucket.newer;
    else this.oldest = bucket.newer;
    if (bucket.newer) bucket.newer.older = bucket.older;
    else this.newest = bucket.older;
    bucket.older = bucket.newer = bucket.list = undefined;
  }
}

// How many limiting buckets one eviction looks at for one that has stopped limiting: a bound, so
// that a store full of refused clients costs a hit O(1), not a walk over every bucket.
const LIMITING_SCAN = 16;

/**
 * An in-process store. Memory stays bounded whatever the traffic: at most `maxKeys` buckets and
 * `maxEntries` timestamps (8 bytes each). Past either bound, buckets go in this order: expired
 * ones, then the least recently used of those that limit nobody. A bucket that is refusing its
 * client is never evicted for room, so a flood of distinct clients (spoofed IPs, random tokens)
 * cannot free a client the throttle is holding back; when every other bucket is refusing, the
 * newcomer's own bucket is the one that goes (its request was allowed; it is merely not counted).
 *
 * Each process has its own counts: behind a load balancer with several processes, use a shared
 * store such as `RedisThrottleStore` from `@viewsets/redis`.
 */
export class MemoryThrottleStore implements ThrottleStore {
  readonly maxKeys: number;
  readonly maxEntries: number;
  readonly #buckets = new Map<string, Bucket>();
  /**
   * Buckets whose client may still send a request now, least recently used first, one list per
   * window length: within one, the least recently used bucket is also the first to expire.
   */
  readonly #open = new Map<number, RecencyList>();
  /** Buckets refusing their client's next request, least recently used first. */
  readonly #limiting = new RecencyList();
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
    this.#open.clear();
    this.#limiting.oldest = this.#limiting.newest = undefined;
    this.#entries = 0;
  }

  hit(key: string, limit: number, windowMs: number, now: number): ThrottleHit {
    let bucket = this.#buckets.get(key);
    if (bucket) {
      bucket.list?.unlink(bucket);
    } else {
      bucket = {
        key,
        times: [],
        head: 0,
        expiresAt: now,
        limitedUntil: 0,
        usedAt: now,
        list: undefined,
        older: undefined,
        newer: undefined,
      };
      this.#buckets.set(key, bucket);
    }
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
    // The next request fits once the (count - limit + 1)th oldest counted request has left.
    bucket.limitedUntil = count >= limit ? (times[bucket.head + count - limit] ?? newest) + windowMs : 0;
    bucket.usedAt = now;
    (bucket.limitedUntil > now ? this.#limiting : this.#openList(windowMs)).append(bucket);
    this.#evict(now, bucket);
    return {
      allowed,
      count,
      retryAfterMs: allowed ? 0 : Math.max(0, bucket.limitedUntil - now),
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

  #openList(windowMs: number): RecencyList {
    let list = this.#open.get(windowMs);
    if (!list) this.#open.set(windowMs, (list = new RecencyList()));
    return list;
  }

  #evict(now: number, current: Bucket): void {
    while (this.#buckets.size > this.maxKeys || this.#entries > this.maxEntries) {
      const victim = this.#victim(now) ?? (this.#buckets.get(current.key) === current ? current : undefined);
      if (!victim) break;
      this.#drop(victim);
    }
    // Also drop an expired bucket or two from the cold ends on each hit, so memory shrinks back
    // when traffic falls instead of waiting for the bounds.
    for (const list of this.#open.values()) this.#dropExpired(list, now);
    this.#dropExpired(this.#limiting, now);
  }

  #dropExpired(list: RecencyList, now: number): void {
    for (let i = 0; i < 2 && list.oldest && list.oldest.expiresAt <= now; i++) this.#drop(list.oldest);
  }

  /** The bucket to make room with: expired first, then one that limits nobody; never a refusing one. */
  #victim(now: number): Bucket | undefined {
    let leastRecent: Bucket | undefined;
    for (const list of this.#open.values()) {
      const oldest = list.oldest;
      if (!oldest) continue;
      if (oldest.expiresAt <= now) return oldest;
      if (!leastRecent || oldest.usedAt < leastRecent.usedAt) leastRecent = oldest;
    }
    const limiting = this.#limiting.oldest;
    if (limiting && limiting.limitedUntil <= now) return limiting;
    if (leastRecent) return leastRecent;
    // Every bucket was limiting when last used; some may have stopped since. Look at a few,
    // moving those still limiting to the back so the next look sees others.
    for (let i = 0; i < LIMITING_SCAN && this.#limiting.oldest; i++) {
      const bucket = this.#limiting.oldest;
      if (bucket.limitedUntil <= now) return bucket;
      this.#limiting.unlink(bucket);
      this.#limiting.append(bucket);
    }
    return undefined;
  }

  #drop(bucket: Bucket): void {
    bucket.list?.unlink(bucket);
    this.#buckets.delete(bucket.key);
    this.#entries -= bucket.times.length - bucket.head;
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

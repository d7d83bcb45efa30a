/** The Redis throttle store: one Lua script per check; while Redis is unreachable it serves, or with `failClosed` refuses. */
import { randomBytes } from "node:crypto";
import { type ThrottleHit, type ThrottleStore, ThrottleUnavailable } from "@viewsets/core/throttling";
import { type Cluster, Redis } from "ioredis";
import { HIT_SCRIPT } from "./hit-script.js";

/** Where the store reports an outage and its end, once each. `console` is one. */
export interface ThrottleStoreLogger {
  error(message: string): void;
  info(message: string): void;
}

export interface RedisThrottleStoreOptions {
  /** An ioredis client (`Redis` or `Cluster`) to share; the store never closes it. */
  client?: Redis | Cluster;
  /** Or a Redis URL: the store connects with outage-friendly settings and `close()` disconnects. */
  url?: string;
  /** Put before every key. Default "viewsets:throttle:". */
  prefix?: string;
  /**
   * When Redis cannot be reached: false (default) serves requests without a rate limit (fail
   * open); true refuses them with 503 and `Retry-After` (fail closed).
   */
  failClosed?: boolean;
  /** The longest a check waits for Redis, the first connection included. Default 500 ms. */
  timeoutMs?: number;
  /** Told once when Redis becomes unreachable and once when it is back. Default `console`. */
  logger?: ThrottleStoreLogger;
  /**
   * Whose clock timestamps requests: "redis" (default; the Redis server's TIME, one clock for every
   * process) or "caller" (the `now` each throttle passes; for tests with an injected clock).
   */
  clock?: "redis" | "caller";
}

const COMMAND = "viewsetsThrottleHit";
type HitCommand = (key: string, limit: number, windowMs: number, now: number | "", member: string) => Promise<unknown>;
type Client = Redis | Cluster;

/**
 * A throttle store in Redis: one sorted set per bucket, checked and updated by one Lua script,
 * so every process behind a load balancer enforces one combined limit. Keys expire with their
 * window. An outage never hangs requests: checks give up after `timeoutMs`, or at once while
 * the connection is known to be down.
 */
export class RedisThrottleStore implements ThrottleStore {
  readonly prefix: string;
  readonly failClosed: boolean;
  readonly timeoutMs: number;
  readonly #client: Client;
  readonly #owned: boolean;
  readonly #logger: ThrottleStoreLogger;
  readonly #useCallerClock: boolean;
  // Members must be unique per request; a short random prefix per store keeps them small enough
  // for Redis's compact sorted-set encoding.
  readonly #member = randomBytes(9).toString("base64url");
  #sequence = 0;
  #healthy = true;
  #everReady = false;
  #firstConnection: Promise<void> | undefined;
  #probing = false;

  constructor(options: RedisThrottleStoreOptions) {
    if (!options.client && !options.url) {
      throw new TypeError("RedisThrottleStore: pass `client` (an ioredis client) or `url`");
    }
    this.prefix = options.prefix ?? "viewsets:throttle:";
    this.failClosed = options.failClosed === true;
    this.timeoutMs = options.timeoutMs ?? 500;
    this.#logger = options.logger ?? console;
    this.#useCallerClock = options.clock === "caller";
    this.#owned = !options.client;
    this.#client = options.client ?? connect(options.url as string, this.timeoutMs);
    if (this.#client.status === "ready") this.#everReady = true;
    this.#client.on("ready", () => {
      this.#everReady = true;
    });
    if (typeof (this.#client as unknown as Record<string, unknown>)[COMMAND] !== "function") {
      // defineCommand sends EVALSHA and falls back to EVAL when Redis does not know the script yet.
      this.#client.defineCommand(COMMAND, { numberOfKeys: 1, lua: HIT_SCRIPT });
    }
  }

  /** False while Redis is known to be unreachable. */
  get available(): boolean {
    return this.#healthy;
  }

  async hit(key: string, limit: number, windowMs: number, now: number): Promise<ThrottleHit | null> {
    // During an outage one check at a time probes Redis; the others give up at once instead of
    // each waiting `timeoutMs` (a Redis that accepts connections but never answers).
    if (!this.#healthy && this.#probing) return this.#unavailable();
    const probing = !this.#healthy;
    if (probing) this.#probing = true;
    let hit: ThrottleHit;
    try {
      await this.#connected();
      const command = (this.#client as unknown as Record<string, HitCommand>)[COMMAND] as HitCommand;
      const member = `${this.#member}:${(this.#sequence = (this.#sequence + 1) % Number.MAX_SAFE_INTEGER)}`;
      const pending = command.call(
        this.#client,
        this.prefix + key,
        limit,
        windowMs,
        this.#useCallerClock ? now : "",
        member,
      );
      hit = parseReply(await withTimeout(pending, this.timeoutMs));
    } catch (error) {
      this.#failed(error);
      return this.#unavailable();
    } finally {
      if (probing) this.#probing = false;
    }
    this.#recovered();
    return hit;
  }

  /**
   * Resolves when Redis answers a PING within `timeoutMs`, rejects when it does not; `available`
   * follows, and an outage (or its end) found this way is logged once, as a check's is. What
   * `throttleStoreCheck(store)` asks for a readiness route.
   */
  async ping(): Promise<void> {
    try {
      await this.#connected();
      await withTimeout(this.#client.ping(), this.timeoutMs);
    } catch (error) {
      this.#failed(error);
      throw new Error("Redis is unreachable");
    }
    this.#recovered();
  }

  /** Disconnects the client the store opened from `url`; a client passed in is left open. */
  async close(): Promise<void> {
    if (!this.#owned) return;
    try {
      await withTimeout(this.#client.quit(), this.timeoutMs);
    } catch {
      this.#client.disconnect();
    }
  }

  /**
   * Waits (up to `timeoutMs`) for the first connection, so the first requests after a start are
   * not counted as an outage; afterwards a connection that is not ready fails at once.
   */
  async #connected(): Promise<void> {
    const client = this.#client;
    if (client.status === "ready") return;
    if (this.#everReady || !this.#healthy || client.status === "end" || client.status === "close") {
      throw new Error(`the connection is ${client.status}`);
    }
    this.#firstConnection ??= new Promise<void>((resolve) => {
      client.once("ready", () => resolve());
      if (client.status === "wait") client.connect().catch(() => {});
    });
    await withTimeout(this.#firstConnection, this.timeoutMs, `could not connect within ${this.timeoutMs} ms`);
  }

  /** Fail open (null: the throttle does not apply) or closed (503). */
  #unavailable(): null {
    if (this.failClosed) throw new ThrottleUnavailable();
    return null;
  }

  #failed(error: unknown): void {
    if (!this.#healthy) return;
    this.#healthy = false;
    const reason = error instanceof Error ? error.message : String(error);
    const consequence = this.failClosed
      ? "requests that are throttled are refused with 503"
      : "requests are served without rate limits";
    this.#logger.error(`@viewsets/redis: Redis is unreachable (${reason}); ${consequence} until it is back.`);
  }

  #recovered(): void {
    if (this.#healthy) return;
    this.#healthy = true;
    this.#logger.info("@viewsets/redis: Redis is reachable again; rate limits apply again.");
  }
}

function connect(url: string, timeoutMs: number): Redis {
  const client = new Redis(url, {
    // During an outage a check must fail at once, not wait in a queue for a reconnection.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: timeoutMs,
    connectTimeout: Math.max(1000, timeoutMs),
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  // The store logs outages itself, once; without a listener ioredis prints every failed reconnect.
  client.on("error", () => {});
  return client;
}

function parseReply(reply: unknown): ThrottleHit {
  if (!Array.isArray(reply) || reply.length !== 4) throw new TypeError("unexpected reply from the throttle script");
  const [allowed, count, retryAfterMs, resetMs] = reply.map(Number) as [number, number, number, number];
  return { allowed: allowed === 1, count, retryAfterMs, resetMs };
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message = `timed out after ${ms} ms`): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref?.();
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A throttle store with a policy of its own for when its backend cannot decide: refuse, or count in this process. */
import { ThrottleUnavailable } from "./errors.js";
import { MemoryThrottleStore } from "./memory-store.js";
import type { ThrottleHit, ThrottleStore } from "./store.js";

/** Where the policy says it took over, and that it handed back, once each. `console` is one. */
export interface OutagePolicyLogger {
  error(message: string): void;
  info(message: string): void;
}

export interface OutagePolicyOptions {
  /**
   * While the store cannot decide (it fails open and answers null, or fails closed and throws
   * `ThrottleUnavailable`): "fail-closed" refuses with 503 and `Retry-After`; "local-limit"
   * counts in this process's memory instead, the same limits over this process's requests only.
   */
  readonly whenDown: "fail-closed" | "local-limit";
  /** What the log calls the throttles this guards, e.g. "admin sign-in". */
  readonly name: string;
  /** Default `console`. */
  readonly logger?: OutagePolicyLogger;
}

/**
 * `store`, unless it cannot decide: then `options.whenDown` applies, logged once when it takes over
 * and once when the store decides again. For throttles that must not fail open with the rest of
 * an app's (brute-force protection on a sign-in), over a store the API's throttles share.
 */
export function withOutagePolicy(store: ThrottleStore, options: OutagePolicyOptions): ThrottleStore {
  const logger = options.logger ?? console;
  const local = options.whenDown === "local-limit" ? new MemoryThrottleStore({ maxKeys: 10_000 }) : undefined;
  let down = false;
  const consequence = local
    ? "attempts are counted in this process only (a local limit)"
    : "attempts are refused with 503";
  return {
    async hit(key, limit, windowMs, now): Promise<ThrottleHit> {
      let hit: ThrottleHit | null;
      try {
        hit = await store.hit(key, limit, windowMs, now);
      } catch (error) {
        if (!(error instanceof ThrottleUnavailable)) throw error;
        hit = null;
      }
      if (hit !== null) {
        if (down) {
          down = false;
          logger.info(`viewsets ${options.name}: the throttle store answers again; its limits apply again.`);
        }
        return hit;
      }
      if (!down) {
        down = true;
        logger.error(`viewsets ${options.name}: the throttle store cannot count; ${consequence} until it answers.`);
      }
      if (!local) throw new ThrottleUnavailable();
      return local.hit(key, limit, windowMs, now);
    },
  };
}

/** DRF's throttles: anonymous, user, scoped and per-IP rates over a store. */
import { isThenable } from "../http/thenable.js";
import { ipBucket } from "./ip-bucket.js";
import { defaultThrottleStore } from "./memory-store.js";
import { type Rate, parseRate } from "./rate.js";
import type { ThrottleHit, ThrottleStore } from "./store.js";
import type { Throttle, ThrottleDecision, ThrottleSubject } from "./throttle.js";

export interface ThrottleOptions {
  /** Where the counts live. Default: one in-memory store shared by every throttle of the process. */
  store?: ThrottleStore;
  /** The clock in milliseconds (default `Date.now`); tests inject their own. */
  now?: () => number;
  /** IPv6 clients are counted per network of this many leading bits (default 64; 128 counts single addresses). */
  ipv6Subnet?: number;
}

export interface RateThrottleConfig extends ThrottleOptions {
  /** The bucket's name: throttles with the same scope and rate share their counts. */
  scope: string;
  /** `<count>/<unit>`, see `parseRate`. */
  rate: string;
  /** The client's identity within the scope, or null when the throttle does not apply to the request. */
  identify(subject: ThrottleSubject): string | null;
}

/** A throttle built from a rate: `rate` and `scope` are there for docs and diagnostics. */
export interface RateThrottle extends Throttle {
  readonly scope: string;
  readonly rate: Rate;
  allow(subject: ThrottleSubject): Promise<ThrottleDecision | null> | ThrottleDecision | null;
}

/**
 * The building block of the throttles below: a sliding-window log of each client's requests
 * in `store`, under the key `<scope>:<count>/<seconds>s:<identity>`. The rate is part of the key
 * because a log is only meaningful for one window length.
 */
export function rateThrottle(config: RateThrottleConfig): RateThrottle {
  const rate = parseRate(config.rate);
  const scope = config.scope;
  if (typeof scope !== "string" || scope === "") {
    throw new TypeError(`throttle scope must be a non-empty string, got ${JSON.stringify(scope)}`);
  }
  const store = config.store ?? defaultThrottleStore();
  const now = config.now ?? Date.now;
  const windowMs = rate.seconds * 1000;
  const prefix = `${scope}:${rate.count}/${rate.seconds}s:`;
  const decide = (hit: ThrottleHit | null) => decision(hit, rate.count);
  return {
    scope,
    rate,
    allow(subject) {
      const identity = config.identify(subject);
      if (identity === null) return null;
      const hit = store.hit(prefix + identity, rate.count, windowMs, now());
      return isThenable(hit) ? Promise.resolve(hit).then(decide) : decide(hit);
    },
  };
}

/**
 * Per signed-in user (by `userIdOf`), and per IP for anonymous requests and for users without an
 * id, as DRF's UserRateThrottle. Every `userRateThrottle` with the same rate shares one bucket per
 * user across viewsets; pass `scope` to give some viewsets a budget of their own.
 */
export function userRateThrottle(rate: string, options: ThrottleOptions & { scope?: string } = {}): RateThrottle {
  return rateThrottle({ ...options, scope: options.scope ?? "user", rate, identify: (s) => userOrIp(s, options) });
}

/** Anonymous requests only, per IP; signed-in users pass untouched (the throttle answers null). */
export function anonRateThrottle(rate: string, options: ThrottleOptions = {}): RateThrottle {
  return rateThrottle({
    ...options,
    scope: "anon",
    rate,
    identify: (s) => (s.user === undefined || s.user === null ? ipOf(s, options) : null),
  });
}

/** Every request, per client IP, signed in or not. */
export function ipRateThrottle(rate: string, options: ThrottleOptions = {}): RateThrottle {
  return rateThrottle({ ...options, scope: "ip", rate, identify: (s) => ipOf(s, options) });
}

/**
 * A named bucket that several viewsets share (DRF's ScopedRateThrottle): per user, or per IP when
 * anonymous. `scopedRateThrottle("uploads", "20/hour")` on two viewsets gives each user 20 uploads
 * an hour over both.
 */
export function scopedRateThrottle(scope: string, rate: string, options: ThrottleOptions = {}): RateThrottle {
  if (typeof scope !== "string" || scope === "") {
    throw new TypeError(`scopedRateThrottle: scope must be a non-empty string, got ${JSON.stringify(scope)}`);
  }
  return rateThrottle({ ...options, scope: `scope:${scope}`, rate, identify: (s) => userOrIp(s, options) });
}

function userOrIp(subject: ThrottleSubject, options: ThrottleOptions): string {
  return subject.userId === undefined ? ipOf(subject, options) : `user:${subject.userId}`;
}

function ipOf(subject: ThrottleSubject, options: ThrottleOptions): string {
  return `ip:${ipBucket(subject.ip, options.ipv6Subnet)}`;
}

function decision(hit: ThrottleHit | null, limit: number): ThrottleDecision | null {
  if (!hit) return null;
  return {
    allowed: hit.allowed,
    limit,
    remaining: Math.max(0, limit - hit.count),
    reset: Math.ceil(hit.resetMs / 1000),
    // Whole seconds, rounded up: a client that waits exactly this long is let in.
    retryAfter: hit.allowed ? 0 : Math.max(1, Math.ceil(hit.retryAfterMs / 1000)),
  };
}

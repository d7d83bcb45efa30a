/** The interface of a throttle store: one hit against a bucket, answered with what is left. */
/** What a store answers for one request against one bucket. */
export interface ThrottleHit {
  readonly allowed: boolean;
  /** Requests counted in the window after this one (this one included when allowed). */
  readonly count: number;
  /** Milliseconds until a request would be allowed again; 0 when this one was allowed. */
  readonly retryAfterMs: number;
  /** Milliseconds until every counted request has left the window. */
  readonly resetMs: number;
}

/**
 * Where throttles keep their sliding-window logs. `hit` is the only operation and it is atomic:
 * forget the requests at or before `now - windowMs`, then record this request at `now` if fewer
 * than `limit` remain, all as one step, so concurrent requests can never overshoot the limit.
 * Refused requests are not recorded: a client that keeps retrying while refused is let in again
 * as soon as its oldest counted request leaves the window.
 *
 * Returns null when the store cannot decide (its backend is down and it fails open); the
 * throttle then does not apply to the request. A store that fails closed throws instead.
 */
export interface ThrottleStore {
  hit(key: string, limit: number, windowMs: number, now: number): ThrottleHit | null | Promise<ThrottleHit | null>;
}

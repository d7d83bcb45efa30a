/** The 503 of a throttle store that fails closed. */
import { ApiError } from "../http/errors.js";

/**
 * 503: a store that fails closed could not check the rate (its backend is unreachable). Not a
 * 429: the client did nothing wrong, and a 429 would tell it to slow down and tell monitoring
 * that clients misbehave, while the fault is ours and a retry shortly after may well succeed.
 */
export class ThrottleUnavailable extends ApiError {
  constructor(retryAfter = 5) {
    const wait = Math.max(1, Math.ceil(retryAfter));
    super(503, "The rate limit could not be checked. Try again later.", { "Retry-After": String(wait) });
  }
}

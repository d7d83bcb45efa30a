/** The interface of a throttle: what it is told of a request, and its decision. */
import type { ApiRequest } from "../http/request.js";

/** Who is asking, as a throttle sees it. */
export interface ThrottleSubject {
  readonly request: ApiRequest;
  /** The client IP (the socket address, or the right-most untrusted X-Forwarded-For hop). */
  readonly ip: string;
  /** The authenticated user, or undefined for an anonymous request. */
  readonly user: unknown;
  /** A stable id of the user for keys (see `userIdOf`), or undefined when anonymous. */
  readonly userId: string | undefined;
}

/** One throttle's answer for one request. */
export interface ThrottleDecision {
  readonly allowed: boolean;
  /** Requests allowed per window. */
  readonly limit: number;
  /** Requests left in the window after this one. */
  readonly remaining: number;
  /** Seconds until the window has fully refilled. */
  readonly reset: number;
  /** Seconds to wait before a retry can succeed (0 when allowed). */
  readonly retryAfter: number;
}

export interface Throttle {
  /** Decides for one request; returns null when the throttle does not apply to it. */
  allow(subject: ThrottleSubject): Promise<ThrottleDecision | null> | ThrottleDecision | null;
}

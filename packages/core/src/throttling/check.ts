import { Throttled } from "../http/errors.js";
import type { Throttle, ThrottleDecision, ThrottleSubject } from "./throttle.js";

function rateLimitHeaders(decision: ThrottleDecision): Record<string, string> {
  return {
    "RateLimit-Limit": String(decision.limit),
    "RateLimit-Remaining": String(Math.max(0, decision.remaining)),
    "RateLimit-Reset": String(Math.max(0, Math.ceil(decision.reset))),
  };
}

/**
 * Runs every throttle (all of them, so each counts the request) and returns the `RateLimit-*`
 * headers of the tightest one. Throws `Throttled` with the longest wait when any refuses.
 */
export async function checkThrottles(
  throttles: readonly Throttle[],
  subject: ThrottleSubject,
): Promise<Record<string, string>> {
  if (throttles.length === 0) return {};
  const decisions = await Promise.all(throttles.map((throttle) => throttle.allow(subject)));
  let tightest: ThrottleDecision | undefined;
  let refused: ThrottleDecision | undefined;
  for (const decision of decisions) {
    if (!decision) continue;
    if (!decision.allowed && (!refused || decision.retryAfter > refused.retryAfter)) refused = decision;
    if (!tightest || decision.remaining < tightest.remaining) tightest = decision;
  }
  if (refused) throw new Throttled(refused.retryAfter, rateLimitHeaders(refused));
  return tightest ? rateLimitHeaders(tightest) : {};
}

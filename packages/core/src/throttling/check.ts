import { Throttled } from "../http/errors.js";
import type { Throttle, ThrottleDecision, ThrottleSubject } from "./throttle.js";

function rateLimitHeaders(decision: ThrottleDecision): Record<string, string> {
  return {
    "RateLimit-Limit": String(decision.limit),
    "RateLimit-Remaining": String(Math.max(0, decision.remaining)),
    "RateLimit-Reset": String(Math.max(0, Math.ceil(decision.reset))),
  };
}

/** The decision a client should hear about: fewest requests left, then the longest reset. */
function tighter(a: ThrottleDecision, b: ThrottleDecision): boolean {
  return a.remaining < b.remaining || (a.remaining === b.remaining && a.reset > b.reset);
}

/**
 * Runs every throttle (all of them, so each counts the request, as DRF does) and returns the
 * `RateLimit-*` headers of the tightest one. Throws `Throttled` (429) with the longest wait when
 * any refuses. A throttle that throws (a store failing closed) is rethrown only when no other
 * throttle refused: a definite "too many requests" is the more useful answer.
 */
export async function checkThrottles(
  throttles: readonly Throttle[],
  subject: ThrottleSubject,
): Promise<Record<string, string>> {
  if (throttles.length === 0) return {};
  const outcomes = await Promise.allSettled(throttles.map(async (throttle) => throttle.allow(subject)));
  let tightest: ThrottleDecision | undefined;
  let refused: ThrottleDecision | undefined;
  let failure: PromiseRejectedResult | undefined;
  for (const outcome of outcomes) {
    if (outcome.status === "rejected") {
      failure ??= outcome;
      continue;
    }
    const decision = outcome.value;
    if (!decision) continue;
    if (!decision.allowed && (!refused || decision.retryAfter > refused.retryAfter)) refused = decision;
    if (!tightest || tighter(decision, tightest)) tightest = decision;
  }
  if (refused) throw new Throttled(refused.retryAfter, rateLimitHeaders(refused));
  if (failure) throw failure.reason;
  return tightest ? rateLimitHeaders(tightest) : {};
}

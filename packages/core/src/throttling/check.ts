/** Running a viewset's throttles on a request: a 429 with Retry-After, or the rate headers of the answer. */
import { Throttled } from "../http/errors.js";
import { isThenable } from "../http/thenable.js";
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

/** One throttle's answer: its decision (null: it does not apply), or what it threw or rejected with. */
type Outcome = { readonly failed: false; readonly decision: ThrottleDecision | null } | FailedOutcome;
interface FailedOutcome {
  readonly failed: true;
  readonly error: unknown;
}

const failedWith = (error: unknown): FailedOutcome => ({ failed: true, error });
const decided = (decision: ThrottleDecision | null): Outcome => ({ failed: false, decision });

/** The headers of the tightest decision; throws the refusal with the longest wait, else a failure. */
function verdict(outcomes: readonly Outcome[]): Record<string, string> {
  let tightest: ThrottleDecision | undefined;
  let refused: ThrottleDecision | undefined;
  let failure: FailedOutcome | undefined;
  for (const outcome of outcomes) {
    if (outcome.failed) {
      failure ??= outcome;
      continue;
    }
    const { decision } = outcome;
    if (!decision) continue;
    if (!decision.allowed && (!refused || decision.retryAfter > refused.retryAfter)) refused = decision;
    if (!tightest || tighter(decision, tightest)) tightest = decision;
  }
  if (refused) throw new Throttled(refused.retryAfter, rateLimitHeaders(refused));
  if (failure) throw failure.error;
  return tightest ? rateLimitHeaders(tightest) : {};
}

/**
 * `checkThrottles`, answered at once when every throttle answered at once (the memory store):
 * no promise to follow then, so no turns of the microtask queue on every throttled request. A
 * refusal or a failure is thrown at once in that case; with any throttle waiting (Redis), the
 * promise rejects with it instead.
 */
export function throttleHeaders(
  throttles: readonly Throttle[],
  subject: ThrottleSubject,
): Record<string, string> | Promise<Record<string, string>> {
  if (throttles.length === 0) return {};
  const outcomes: (Outcome | Promise<Outcome>)[] = [];
  let waiting = false;
  // Every throttle is asked, even after one refused or threw, so each counts the request (as DRF).
  for (const throttle of throttles) {
    try {
      const answer = throttle.allow(subject);
      if (isThenable(answer)) {
        waiting = true;
        outcomes.push(Promise.resolve(answer).then(decided, failedWith));
      } else outcomes.push(decided(answer));
    } catch (error) {
      outcomes.push(failedWith(error));
    }
  }
  if (!waiting) return verdict(outcomes as Outcome[]);
  return Promise.all(outcomes).then(verdict);
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
  return throttleHeaders(throttles, subject);
}

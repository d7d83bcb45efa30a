/** The Redis throttle store as a readiness check: whether Redis answers, and which policy is in force while it does not. */
import type { ReadinessCheck } from "@viewsets/core/node";
import type { RedisThrottleStore } from "./redis-store.js";

/**
 * A check for `healthRoutes({ checks })` from `@viewsets/core/node`: "throttleStore" is "ok" when
 * Redis answers a PING, "down" when not, and always names its `policy`. A store that fails closed
 * is required (readiness answers 503 while Redis is down: throttled requests would be refused);
 * one that fails open is not (readiness stays 200, "degraded": requests are served without rate
 * limits, and taking every instance out of rotation would refuse them all). `required` overrides.
 */
export function throttleStoreCheck(
  store: RedisThrottleStore,
  options: { readonly name?: string; readonly required?: boolean } = {},
): ReadinessCheck {
  return {
    name: options.name ?? "throttleStore",
    required: options.required ?? store.failClosed,
    details: { policy: store.failClosed ? "fail-closed" : "fail-open" },
    check: () => store.ping(),
  };
}

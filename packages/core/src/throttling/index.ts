/** `@viewsets/core/throttling`: throttles, their stores and the rates they read. */
export type { Throttle, ThrottleDecision, ThrottleSubject } from "./throttle.js";
export type { ThrottleHit, ThrottleStore } from "./store.js";
export { type Rate, parseRate } from "./rate.js";
export { MemoryThrottleStore, type MemoryThrottleStoreOptions, defaultThrottleStore } from "./memory-store.js";
export {
  type RateThrottle,
  type RateThrottleConfig,
  type ThrottleOptions,
  anonRateThrottle,
  ipRateThrottle,
  rateThrottle,
  scopedRateThrottle,
  userRateThrottle,
} from "./throttles.js";
export { checkThrottles } from "./check.js";
export { clientIp, userIdOf } from "./client-ip.js";
export { ipBucket } from "./ip-bucket.js";
export { ThrottleUnavailable } from "./errors.js";
export {
  type OutagePolicyLogger,
  type OutagePolicyOptions,
  withOutagePolicy,
} from "./outage-policy.js";

/** `@viewsets/redis`: a throttle store shared by every instance of an app. */
export { RedisThrottleStore, type RedisThrottleStoreOptions, type ThrottleStoreLogger } from "./redis-store.js";
export { throttleStoreCheck } from "./readiness.js";

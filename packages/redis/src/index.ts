export { RedisThrottleStore, type RedisThrottleStoreOptions, type ThrottleStoreLogger } from "./redis-store.js";

/** The test suites' shared helpers that need a framework, a database client or root. */
export { FRAMEWORKS, type Framework, type Served, serve } from "./serve.js";
export {
  PG_URL,
  postgresSkipReason,
  postgresUnavailable,
  REDIS_URL,
  redisSkipReason,
  redisUnavailable,
} from "./services.js";
export { mountSmallDisk, type SmallDisk, smallDiskSkipReason } from "./small-disk.js";

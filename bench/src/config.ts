import type { Framework } from "./apps.js";

export type Implementation = "viewset" | "hand-written" | "cursor";
export type ThrottleVariant = "none" | "ip-memory" | "user-memory" | "ip-redis" | "user-redis";

/** What one benchmark server process serves (passed to it as JSON in `BENCH_SERVER`). */
export interface ServerConfig {
  framework: Framework;
  implementation: Implementation;
  database: string;
  readonly?: boolean;
  throttle?: ThrottleVariant;
  /** Sign requests in with `Authorization: Bearer bench` (user id 1). */
  auth?: boolean;
  redisPrefix?: string;
}

/** High enough never to refuse during a run: the cost of counting is what is measured. */
export const THROTTLE_RATE = "1000000/min";
export const BENCH_TOKEN = "bench";

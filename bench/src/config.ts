/** What a benchmark server is told to serve (`ServerConfig`), and the constants both ends of the bench share. */
import type { Framework } from "./apps.js";

/**
 * What a benchmark server serves: the viewset, the strongest hand-written handler, the simplest
 * one a user of the framework writes, the viewset paginated by cursor, or FeathersJS.
 */
export type Implementation = "viewset" | "hand-written" | "simplest" | "cursor" | "feathers";
export type ThrottleVariant = "none" | "ip-memory" | "user-memory" | "ip-redis" | "user-redis";

/** What one benchmark server process serves (passed to it as JSON in `BENCH_SERVER`). */
export interface ServerConfig {
  framework: Framework;
  implementation: Implementation;
  /** The SQLite file (also when `postgres` is set: unused then). */
  database: string;
  /** Serve PostgreSQL's products in this schema instead (127.0.0.1:5432, database `test`). */
  postgres?: string;
  readonly?: boolean;
  throttle?: ThrottleVariant;
  /** Sign requests in with `Authorization: Bearer bench` (user id 1). */
  auth?: boolean;
  redisPrefix?: string;
  /** cluster-server.ts: how many `node:cluster` workers serve it behind one port (server.ts ignores it). */
  workers?: number;
}

/** High enough never to refuse during a run: the cost of counting is what is measured. */
export const THROTTLE_RATE = "1000000/min";
export const BENCH_TOKEN = "bench";
/**
 * The host names the viewset servers answer for (the router's `allowedHosts`): the servers run with
 * NODE_ENV=production, where a router without them refuses to start, as a deployed app's would.
 */
export const BENCH_HOSTS = ["127.0.0.1", "localhost"];

export const PG_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The bench's 10,000 products on PostgreSQL, in a schema of their own (kept between runs). */
export const PG_SIZE = 10_000;
export const PG_SCHEMA = `viewsets_bench_products_${PG_SIZE}`;

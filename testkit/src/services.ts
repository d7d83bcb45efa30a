/** Probes of the database servers the suites talk to (PostgreSQL, Redis), and why a suite skips without one. */
import { skipOutsideCI } from "@viewsets/core/testing";
import { Redis } from "ioredis";
import pg from "pg";

/** The PostgreSQL the suites talk to (`DATABASE_URL`, or the local server's `test` database). */
export const PG_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** The Redis the suites talk to (`REDIS_URL`, or the local server). */
export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/** Why PostgreSQL at `url` cannot be used, or undefined when it answers a query. */
export async function postgresUnavailable(url = PG_URL): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return undefined;
  } catch (error) {
    const cause = (error as Error).message || (error as { code?: string }).code || "error";
    return `PostgreSQL at ${new URL(url).host} is unreachable (${cause})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Why Redis at `url` cannot be used, or undefined when it answers PING. */
export async function redisUnavailable(url = REDIS_URL): Promise<string | undefined> {
  const client = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return `no Redis at ${url} (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    client.disconnect();
  }
}

/** Why the PostgreSQL suites skip here, or undefined (it answers, or this is CI, where they then fail). */
export async function postgresSkipReason(): Promise<string | undefined> {
  return skipOutsideCI(await postgresUnavailable());
}

/** Why the Redis suites skip here, or undefined (it answers, or this is CI, where they then fail). */
export async function redisSkipReason(): Promise<string | undefined> {
  return skipOutsideCI(await redisUnavailable());
}

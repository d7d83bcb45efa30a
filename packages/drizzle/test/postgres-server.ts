import pg from "pg";

/** The PostgreSQL the suites talk to (`DATABASE_URL`, or the local server's `test` database). */
export const PG_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function unreachableReason(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return undefined;
  } catch (error) {
    const cause = (error as Error).message || (error as { code?: string }).code || "error";
    return `PostgreSQL at ${new URL(PG_URL).host} is unreachable (${cause})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const reason = await unreachableReason();

/**
 * Why the PostgreSQL suites cannot run here, or undefined. In CI a missing database is a failure,
 * never a silent skip, so this is always undefined there.
 */
export const postgresSkipReason = reason !== undefined && process.env.CI !== "true" ? reason : undefined;

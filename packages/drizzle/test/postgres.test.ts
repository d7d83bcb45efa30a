import { randomBytes } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type DialectSetup, runDataSuite } from "./data-suite.js";
import { runJsonColumnSuite } from "./json-column-suite.js";
import { pgTables } from "./pg-tables.js";

const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function unreachableReason(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return undefined;
  } catch (error) {
    return `PostgreSQL at ${new URL(url).host} is unreachable (${(error as Error).message || (error as { code?: string }).code})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const reason = await unreachableReason();
// In CI a missing database is a failure, never a silent skip.
const skipReason = reason !== undefined && process.env.CI !== "true" ? reason : undefined;
if (skipReason)
  console.warn(`Skipping the PostgreSQL data suite: ${skipReason}. Set DATABASE_URL or start PostgreSQL.`);

const setup: DialectSetup = {
  name: "PostgreSQL",
  skipReason,
  async connect() {
    const schemaName = `viewsets_test_${randomBytes(6).toString("hex")}`;
    const { categories, products, ledger, ddl, drop } = pgTables(schemaName);
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    for (const statement of ddl) await pool.query(statement);
    const db = drizzle(pool);
    return {
      dialect: "pg",
      db,
      products,
      categories,
      ledger,
      async reset() {
        await pool.query(
          `TRUNCATE "${schemaName}".products, "${schemaName}".categories, "${schemaName}".ledger RESTART IDENTITY`,
        );
      },
      async close() {
        await pool.query(drop);
        await pool.end();
      },
    };
  },
};

runDataSuite(setup);
runJsonColumnSuite(setup);

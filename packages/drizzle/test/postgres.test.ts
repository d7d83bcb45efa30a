import { randomBytes } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { runDataSuite } from "./data-suite.js";
import { runJsonColumnSuite } from "./json-column-suite.js";
import { type LoggedFixture, runRelatedSuite } from "./related-suite.js";
import { runRelationPathSuite } from "./relation-path-suite.js";
import { runWritesSuite } from "./writes-suite.js";
import { runStatementSuite, type StatementFixture } from "./statement-suite.js";
import { pgTables } from "./pg-tables.js";
import { PG_URL, postgresSkipReason } from "./postgres-server.js";

const skipReason = postgresSkipReason;
if (skipReason)
  console.warn(`Skipping the PostgreSQL data suite: ${skipReason}. Set DATABASE_URL or start PostgreSQL.`);

async function connect(): Promise<StatementFixture & LoggedFixture> {
  const schemaName = `viewsets_test_${randomBytes(6).toString("hex")}`;
  const { categories, products, priceChanges, ledger, ddl, drop } = pgTables(schemaName);
  const pool = new pg.Pool({ connectionString: PG_URL, max: 4 });
  for (const statement of ddl) await pool.query(statement);
  // A statement is parsed for every unnamed query, and once per connection for each name.
  let prepares = 0;
  const names = new Set<string>();
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const config = args[0] as { name?: string } | string;
    const name = typeof config === "object" ? config.name : undefined;
    if (name === undefined) prepares++;
    else if (!names.has(name)) {
      names.add(name);
      prepares++;
    }
    return query(...args);
  };
  // Every statement run, prepared or not (the related suite counts them).
  const queries: string[] = [];
  const db = drizzle(pool, { logger: { logQuery: (text) => queries.push(text) } });
  return {
    dialect: "pg",
    queries,
    prepares: () => prepares,
    db,
    products,
    categories,
    priceChanges,
    ledger,
    async reset() {
      await pool.query(
        `TRUNCATE "${schemaName}".price_changes, "${schemaName}".products, "${schemaName}".categories, "${schemaName}".ledger RESTART IDENTITY`,
      );
    },
    async close() {
      await pool.query(drop);
      await pool.end();
    },
  };
}

runDataSuite({ name: "PostgreSQL", skipReason, connect });
runStatementSuite({ name: "PostgreSQL", skipReason, connect });
runJsonColumnSuite({ name: "PostgreSQL", skipReason, connect });
runRelatedSuite({ name: "PostgreSQL", skipReason, connect });
runRelationPathSuite({ name: "PostgreSQL", skipReason, connect });
runWritesSuite({ name: "PostgreSQL", skipReason, connect });

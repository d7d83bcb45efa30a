import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { runDataSuite } from "./data-suite.js";
import { runJsonColumnSuite } from "./json-column-suite.js";
import { type LoggedFixture, runRelatedSuite } from "./related-suite.js";
import { runRelationPathSuite } from "./relation-path-suite.js";
import { runWritesSuite } from "./writes-suite.js";
import { runStatementSuite, type StatementFixture } from "./statement-suite.js";
import { DDL, categories, priceChanges, products } from "./sqlite-tables.js";

async function connect(): Promise<StatementFixture & LoggedFixture> {
  // A real file, as an app would use, in a directory of its own.
  const directory = mkdtempSync(join(tmpdir(), "viewsets-drizzle-"));
  const client = new Database(join(directory, "test.db"));
  client.pragma("journal_mode = WAL");
  // SQLite checks foreign keys only when asked to, per connection.
  client.pragma("foreign_keys = ON");
  for (const statement of DDL) client.exec(statement);
  let prepares = 0;
  const prepare = client.prepare.bind(client);
  client.prepare = ((source: string) => {
    prepares++;
    return prepare(source);
  }) as typeof client.prepare;
  // Every statement run, prepared or not (the related suite counts them).
  const queries: string[] = [];
  const db = drizzle(client, { logger: { logQuery: (text) => queries.push(text) } });
  return {
    dialect: "sqlite",
    queries,
    prepares: () => prepares,
    db,
    products,
    categories,
    priceChanges,
    async reset() {
      client.exec("DELETE FROM price_changes; DELETE FROM products; DELETE FROM categories;");
    },
    async close() {
      client.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

runDataSuite({ name: "SQLite", connect });
runStatementSuite({ name: "SQLite", connect });
runJsonColumnSuite({ name: "SQLite", connect });
runRelatedSuite({ name: "SQLite", connect });
runRelationPathSuite({ name: "SQLite", connect });
runWritesSuite({ name: "SQLite", connect });

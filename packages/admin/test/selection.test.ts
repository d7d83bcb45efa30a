import { skipOutsideCI } from "@viewsets/core/testing";
import { postgresDatabase, postgresUnavailable, sqliteDatabase } from "./fixture.js";
import { runSelectionContract } from "./selection-contract.js";
import { FRAMEWORKS } from "./serve.js";

// The selection routes on each adapter over a real SQLite file, and on PostgreSQL.
for (const framework of FRAMEWORKS) {
  runSelectionContract({ name: `${framework}, SQLite`, framework, database: () => sqliteDatabase() });
}

const unavailable = await postgresUnavailable();
// In CI a missing database is a failure, never a silent skip.
const skipReason = skipOutsideCI(unavailable);
runSelectionContract({
  name: "express, PostgreSQL",
  framework: "express",
  database: () => postgresDatabase(),
  skipReason,
});

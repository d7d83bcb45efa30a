import { runAdminContract } from "./admin-contract.js";
import { skipOutsideCI } from "@viewsets/core/testing";
import { postgresDatabase, postgresUnavailable, sqliteDatabase } from "./fixture.js";
import { FRAMEWORKS } from "./serve.js";

// The admin's API on each adapter over a real SQLite file, and on PostgreSQL.
for (const framework of FRAMEWORKS) {
  runAdminContract({ name: `${framework}, SQLite`, framework, database: () => sqliteDatabase() });
}

const unavailable = await postgresUnavailable();
// In CI a missing database is a failure, never a silent skip.
const skipReason = skipOutsideCI(unavailable);
if (skipReason) console.warn(`Skipping the admin contract on PostgreSQL: ${skipReason}.`);
runAdminContract({ name: "express, PostgreSQL", framework: "express", database: () => postgresDatabase(), skipReason });

import { skipOutsideCI } from "@viewsets/core/testing";
import { runActionsContract } from "./actions-contract.js";
import { runApiHistoryContract } from "./api-history-contract.js";
import { runColumnsContract } from "./columns-contract.js";
import { runExportContract } from "./export-contract.js";
import { runHistoryAtomicContract } from "./history-atomic-contract.js";
import { runHistoryContract } from "./history-contract.js";
import { postgresDatabase, postgresUnavailable, sqliteDatabase } from "./fixture.js";
import { runSelectionContract } from "./selection-contract.js";
import { FRAMEWORKS } from "./serve.js";

// The daily-work routes (selection, actions, delete preview, export) on each adapter over a real
// SQLite file, and on PostgreSQL.
for (const framework of FRAMEWORKS) {
  const options = { name: `${framework}, SQLite`, framework, database: () => sqliteDatabase() };
  runSelectionContract(options);
  runActionsContract(options);
  runExportContract(options);
  runHistoryContract(options);
  runHistoryAtomicContract(options);
  runApiHistoryContract(options);
  runColumnsContract(options);
}

const unavailable = await postgresUnavailable();
// In CI a missing database is a failure, never a silent skip.
const skipReason = skipOutsideCI(unavailable);
const pg = {
  name: "express, PostgreSQL",
  framework: "express" as const,
  database: () => postgresDatabase(),
  skipReason,
};
runSelectionContract(pg);
runActionsContract(pg);
runExportContract(pg);
runHistoryContract(pg);
runHistoryAtomicContract(pg);
runApiHistoryContract(pg);
runColumnsContract(pg);

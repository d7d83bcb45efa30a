// Opens the library's SQLite database and applies the migrations drizzle-kit wrote into drizzle/.
import { fileURLToPath } from "node:url";
import { openSqlite } from "@viewsets/drizzle/sqlite";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";

export type LibraryDatabase = BetterSQLite3Database;

const migrationsFolder = fileURLToPath(new URL("../drizzle", import.meta.url));

/** `file` is a path, or ":memory:" for a database that lives as long as the process. */
export function openDatabase(file = process.env.DATABASE_FILE ?? "library.sqlite"): LibraryDatabase {
  const db = drizzle(openSqlite(file)); // WAL, foreign keys on, a short busy timeout
  migrate(db, { migrationsFolder });
  return db;
}

/** `@viewsets/drizzle/sqlite`: a better-sqlite3 connection opened with the settings the managers expect. */
import Database from "better-sqlite3";

/** The busy timeout `openSqlite` sets unless told otherwise, in ms. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5;

export interface SqliteOptions extends Database.Options {
  /**
   * How long one statement waits, synchronously, for a lock another connection or process holds
   * (better-sqlite3's `timeout`, 5000 ms by default there). The whole process stands still
   * meanwhile, so keep it short: the managers of `@viewsets/drizzle` try again after yielding to
   * the event loop, for up to their `lockWaitMs`, and answer 503 after that. Default 5.
   */
  busyTimeoutMs?: number;
  /** Write-ahead logging, so that readers do not wait for a writer (default true; skipped when read-only). */
  wal?: boolean;
}

/**
 * A better-sqlite3 connection for `drizzle(client)`, set up for serving requests: a short busy
 * timeout, WAL, and foreign keys enforced (SQLite checks them only when asked, per connection).
 * Every `better-sqlite3` option passes through.
 */
export function openSqlite(file: string, options: SqliteOptions = {}): Database.Database {
  const { busyTimeoutMs = DEFAULT_BUSY_TIMEOUT_MS, wal = true, ...databaseOptions } = options;
  const client = new Database(file, { ...databaseOptions, timeout: busyTimeoutMs });
  if (wal && !client.readonly && !client.memory) client.pragma("journal_mode = WAL");
  client.pragma("foreign_keys = ON");
  return client;
}

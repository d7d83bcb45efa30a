import { is, type SQL, sql } from "drizzle-orm";
import { PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";

/** The app's drizzle database: SQLite (better-sqlite3, libsql) or PostgreSQL (node-postgres, postgres.js). */
export type AdminDatabase =
  | BaseSQLiteDatabase<"sync" | "async", unknown, Record<string, unknown>>
  | PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

export type Row = Record<string, unknown>;

/** The admin's statements on either database: rows of a query, and how many rows a write changed. */
export interface Statements {
  readonly dialect: "sqlite" | "pg";
  all(query: SQL): Promise<Row[]>;
  run(query: SQL): Promise<number>;
  /** Runs the statements in one transaction: all of them or none. */
  atomically(queries: readonly SQL[]): Promise<void>;
}

/**
 * The statements of `db`, looked at on first use: an admin can be built, registered and checked
 * before anything touches its database.
 */
export function lazyStatements(db: AdminDatabase): Omit<Statements, "dialect"> & { dialect(): "sqlite" | "pg" } {
  let opened: Statements | undefined;
  const open = () => (opened ??= statementsOf(db));
  return {
    dialect: () => open().dialect,
    all: (query) => open().all(query),
    run: (query) => open().run(query),
    atomically: (queries) => open().atomically(queries),
  };
}

export const SESSIONS = "viewsets_admin_sessions";
export const SAVED_VIEWS = "viewsets_admin_saved_views";

/** The two statement shapes over one drizzle database. */
export function statementsOf(db: AdminDatabase): Statements {
  if (is(db, PgDatabase)) {
    const pg = db as PgDatabase<PgQueryResultHKT, Record<string, unknown>>;
    return {
      dialect: "pg",
      all: async (query) => ((await pg.execute(query)) as unknown as { rows: Row[] }).rows,
      run: async (query) => ((await pg.execute(query)) as unknown as { rowCount: number | null }).rowCount ?? 0,
      atomically: (queries) =>
        pg.transaction(async (tx) => {
          for (const query of queries) await tx.execute(query);
        }),
    };
  }
  if (is(db, BaseSQLiteDatabase)) {
    const lite = db as BaseSQLiteDatabase<"sync" | "async", unknown, Record<string, unknown>>;
    return {
      dialect: "sqlite",
      all: async (query) => (await lite.all(query)) as Row[],
      run: async (query) => {
        const result = (await lite.run(query)) as { changes?: number; rowsAffected?: number };
        return result.changes ?? result.rowsAffected ?? 0;
      },
      // better-sqlite3 runs a transaction's body synchronously; async drivers (libsql) await it.
      // drizzle marks which one it is on the database (a field its types keep private).
      atomically: async (queries) => {
        if ((lite as unknown as { resultKind?: string }).resultKind !== "async") {
          lite.transaction((tx) => {
            for (const query of queries) tx.run(query);
          });
        } else {
          await lite.transaction(async (tx) => {
            for (const query of queries) await tx.run(query);
          });
        }
      },
    };
  }
  throw new TypeError("@viewsets/admin: db must be a drizzle SQLite or PostgreSQL database");
}

/**
 * The admin's tables. A session is stored by the SHA-256 of its token, never the token. A saved
 * view's name is unique per user and model by its trimmed lower-case key, and a partial unique
 * index lets each user have at most one default view per model.
 */
function ddl(dialect: "sqlite" | "pg"): string[] {
  const id = dialect === "pg" ? "BIGSERIAL PRIMARY KEY" : "INTEGER PRIMARY KEY AUTOINCREMENT";
  const bool = dialect === "pg" ? "BOOLEAN NOT NULL DEFAULT false" : "INTEGER NOT NULL DEFAULT 0";
  const isDefault = dialect === "pg" ? "is_default" : "is_default = 1";
  return [
    `CREATE TABLE IF NOT EXISTS ${SESSIONS} (
      token_hash TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      csrf_token TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS ${SESSIONS}_expires ON ${SESSIONS} (expires_at)`,
    `CREATE TABLE IF NOT EXISTS ${SAVED_VIEWS} (
      id ${id},
      user_id TEXT NOT NULL,
      model TEXT NOT NULL,
      name TEXT NOT NULL,
      name_key TEXT NOT NULL,
      search TEXT NOT NULL DEFAULT '',
      filters TEXT NOT NULL DEFAULT '{}',
      ordering TEXT NOT NULL DEFAULT '[]',
      is_default ${bool},
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS ${SAVED_VIEWS}_name ON ${SAVED_VIEWS} (user_id, model, name_key)`,
    `CREATE UNIQUE INDEX IF NOT EXISTS ${SAVED_VIEWS}_default ON ${SAVED_VIEWS} (user_id, model) WHERE ${isDefault}`,
  ];
}

/** Creates the admin's tables and indexes where they are missing; safe to run on every start. */
export async function ensureAdminTables(db: AdminDatabase): Promise<void> {
  const statements = statementsOf(db);
  for (const statement of ddl(statements.dialect)) await statements.run(sql.raw(statement));
}

/** Whether a driver error is a unique-constraint violation (SQLite and PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505") return true;
  }
  return false;
}

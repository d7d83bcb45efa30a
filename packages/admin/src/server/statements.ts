/** The admin's SQL statements on the app's drizzle database (SQLite or PostgreSQL), run for a request as a manager runs its own. */
import { is, type SQL } from "drizzle-orm";
import { PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { type ApiRequest, contextOf, type RequestContext } from "@viewsets/core";
import {
  atomic,
  outageOf,
  type PostgresDatabase,
  requestStatements,
  serviceUnavailable,
  type SQLiteDatabase,
} from "@viewsets/drizzle";

/** The app's drizzle database: SQLite (better-sqlite3, libsql) or PostgreSQL (node-postgres, postgres.js). */
export type AdminDatabase =
  | BaseSQLiteDatabase<"sync" | "async", unknown, Record<string, unknown>>
  | PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

export type Row = Record<string, unknown>;

/** The admin's statements on either database, each run for a request as a manager runs its own. */
export interface Statements {
  readonly dialect: "sqlite" | "pg";
  /** The rows of a query (a write with RETURNING says so with `kind`). */
  all(ctx: RequestContext, query: SQL, kind?: "read" | "write"): Promise<Row[]>;
  /** How many rows a write changed. */
  run(ctx: RequestContext, query: SQL): Promise<number>;
  /** Runs the statements in one transaction: all of them or none. */
  atomically(ctx: RequestContext, queries: readonly SQL[]): Promise<void>;
}

export interface StatementOptions {
  /** SQLite: how long a statement waits for another connection's lock before the 503 (default 2000 ms). */
  readonly lockWaitMs?: number;
}

/**
 * The statements of `db`, looked at on first use: an admin can be built, registered and checked
 * before anything touches its database.
 */
export function lazyStatements(
  db: AdminDatabase,
  options: StatementOptions = {},
): Omit<Statements, "dialect"> & { dialect(): "sqlite" | "pg" } {
  let opened: Statements | undefined;
  const open = () => (opened ??= statementsOf(db, options));
  return {
    dialect: () => open().dialect,
    all: (ctx, query, kind) => open().all(ctx, query, kind),
    run: (ctx, query) => open().run(ctx, query),
    atomically: (ctx, queries) => open().atomically(ctx, queries),
  };
}

/** An outage as the 503 a manager would answer; anything else as it was. */
function asOutage(error: unknown): unknown {
  const outage = outageOf(error);
  return outage ? serviceUnavailable(outage) : error;
}

/**
 * The statements of one drizzle database, run through `@viewsets/drizzle`'s `requestStatements`:
 * on SQLite they wait for the connection while a request's transaction holds it and wait out
 * another connection's lock without blocking the process; on PostgreSQL an abort cancels them;
 * an outage (unreachable, locked, disk full) is a 503 with `Retry-After`, as the REST API answers.
 */
export function statementsOf(db: AdminDatabase, options: StatementOptions = {}): Statements {
  if (is(db, PgDatabase)) {
    const pg = db as PgDatabase<PgQueryResultHKT, Record<string, unknown>>;
    const runner = requestStatements(pg, "pg", options);
    type PgResult = { rows: Row[]; rowCount: number | null };
    const execute = (ctx: RequestContext, runOn: { execute(query: SQL): PromiseLike<unknown> }, query: SQL) =>
      runner.run(ctx, "write", () => runOn.execute(query) as PromiseLike<PgResult>);
    return {
      dialect: "pg",
      all: async (ctx, query, kind = "read") =>
        (await runner.run(ctx, kind, () => pg.execute(query) as PromiseLike<PgResult>)).rows,
      run: async (ctx, query) => (await execute(ctx, pg, query)).rowCount ?? 0,
      atomically: (ctx, queries) =>
        atomic(pg as unknown as PostgresDatabase, async (tx) => {
          for (const query of queries) await execute(ctx, tx as unknown as typeof pg, query);
        }).catch((error: unknown) => {
          throw asOutage(error);
        }),
    };
  }
  if (is(db, BaseSQLiteDatabase)) {
    const lite = db as BaseSQLiteDatabase<"sync" | "async", unknown, Record<string, unknown>>;
    const runner = requestStatements(lite, "sqlite", options);
    type RunResult = { changes?: number; rowsAffected?: number };
    const write = (ctx: RequestContext, query: SQL) => runner.run(ctx, "write", () => lite.run(query) as RunResult);
    return {
      dialect: "sqlite",
      // `all` steps a statement to its end: a write's failing commit (a full disk) is seen.
      all: async (ctx, query, kind = "read") => (await runner.run(ctx, kind, () => lite.all(query))) as Row[],
      run: async (ctx, query) => {
        const result = await write(ctx, query);
        return result.changes ?? result.rowsAffected ?? 0;
      },
      // drizzle's `atomic` holds the one connection (BEGIN IMMEDIATE, waiting out another's lock):
      // the statements of other requests wait meanwhile, as they do for a manager's transaction.
      atomically: (ctx, queries) =>
        atomic(lite as unknown as SQLiteDatabase, async () => {
          for (const query of queries) await write(ctx, query);
        }).catch((error: unknown) => {
          throw asOutage(error);
        }),
    };
  }
  throw new TypeError("@viewsets/admin: db must be a drizzle SQLite or PostgreSQL database");
}

/** The request the admin's own work outside any request runs for (never aborted). */
const STARTUP: ApiRequest = {
  method: "GET",
  path: "/",
  rawQuery: "",
  headers: {},
  origin: "http://localhost",
  remoteAddress: undefined,
  body: { kind: "none" },
};

/** A context for the admin's work outside a request (creating its tables, a sign-out's delete retried later). */
export function backgroundContext(): RequestContext {
  return contextOf(STARTUP);
}

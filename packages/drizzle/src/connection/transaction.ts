/** Transactions a flow opens with `atomic`, and the one SQLite connection shared with requests outside them. */
import { AsyncLocalStorage } from "node:async_hooks";
import { sql, type SQL } from "drizzle-orm";
import { DEFAULT_LOCK_WAIT_MS, whileLocked } from "./lock-wait.js";
import type { PostgresDatabase, Runner, SQLiteDatabase } from "./runner.js";

/**
 * Transactions that async managers can share. A request's handler awaits between statements,
 * so "the current connection" cannot be a variable: it is carried by AsyncLocalStorage, which
 * follows the request's own promise chain and no other. Every manager over the same database
 * asks `runnerOf` which runner to use, and so joins the transaction its caller opened.
 *
 * - PostgreSQL (and async SQLite drivers such as libsql): drizzle's `db.transaction` checks out
 *   one pooled client for BEGIN ... COMMIT; the flow's statements go to that client.
 * - better-sqlite3: one synchronous connection serves every request, and its own transaction
 *   helper cannot wait for promises. The transaction is BEGIN IMMEDIATE ... COMMIT on that
 *   connection, and while it is open, statements of other requests wait (`enterOutside`) so that
 *   they neither see its uncommitted rows nor become part of it.
 */

type Database = SQLiteDatabase | PostgresDatabase;

/** The open transaction of each database in this flow, by the database's key. */
const open = new AsyncLocalStorage<ReadonlyMap<object, Runner>>();

/**
 * The one connection of a synchronous SQLite database: the transaction that holds it, and the
 * statements of other flows in flight on it (a transaction begins only once they are done).
 */
class ConnectionGate {
  private held = false;
  private inFlight = 0;
  private waiting: (() => void)[] = [];

  get busy(): boolean {
    return this.held;
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  private next(): Promise<void> {
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Holds the connection for a transaction, once no other holds it and no statement is in flight. */
  async acquire(): Promise<void> {
    while (this.held) await this.next();
    this.held = true;
    while (this.inFlight > 0) await this.next();
  }

  release(): void {
    this.held = false;
    this.wake();
  }

  /** A statement outside the transaction: waits while one holds the connection; returns its end. */
  async enter(): Promise<() => void> {
    while (this.held) await this.next();
    return this.enterNow();
  }

  /** The end of one statement in flight: one function per gate, not one per statement. */
  private readonly leave = (): void => {
    this.inFlight--;
    if (this.inFlight === 0) this.wake();
  };

  enterNow(): () => void {
    this.inFlight++;
    return this.leave;
  }
}

const gates = new WeakMap<object, ConnectionGate>();

/** What identifies one database: its driver client (two drizzle objects over one client are one). */
export function databaseKey(db: unknown): object {
  const client = (db as { $client?: unknown }).$client;
  return typeof client === "object" && client !== null ? client : (db as object);
}

function isSynchronousSQLite(db: Database): boolean {
  return (db as { resultKind?: string }).resultKind === "sync";
}

/** The runner a manager uses for `db` in the current flow: the open transaction's, or `db`. */
export function runnerOf(db: Runner, key: object): Runner {
  return open.getStore()?.get(key) ?? db;
}

/** Whether the current flow has a transaction open on the database of `key`. */
export function inTransaction(key: object): boolean {
  return open.getStore()?.has(key) === true;
}

/**
 * Before a statement outside any transaction of this flow (synchronous SQLite only): waits while
 * another request's transaction holds the connection, and counts the statement as in flight until
 * the returned function is called, so that no transaction begins under it. Undefined for other
 * databases and inside this flow's transaction. Synchronous when nothing has to wait.
 */
export function enterOutside(key: object): (() => void) | Promise<() => void> | undefined {
  if (inTransaction(key)) return undefined;
  let gate = gates.get(key);
  if (!gate) gates.set(key, (gate = new ConnectionGate()));
  return gate.busy ? gate.enter() : gate.enterNow();
}

function withRunner<T>(key: object, runner: Runner, run: () => Promise<T>): Promise<T> {
  const outer = open.getStore();
  const store = new Map(outer ?? []);
  store.set(key, runner);
  return open.run(store, run);
}

const NEVER_ABORTED = { signal: new AbortController().signal };

async function synchronousSQLiteTransaction<T>(db: SQLiteDatabase, key: object, run: () => Promise<T>): Promise<T> {
  let gate = gates.get(key);
  if (!gate) gates.set(key, (gate = new ConnectionGate()));
  await gate.acquire();
  try {
    const exec = (statement: SQL) => (db as unknown as { run(query: SQL): unknown }).run(statement);
    // Another process may hold the database's write lock: wait it out as any statement does.
    await whileLocked(key, "write", NEVER_ABORTED, DEFAULT_LOCK_WAIT_MS, async () => exec(sql`begin immediate`));
    try {
      const result = await withRunner(key, db as unknown as Runner, run);
      // Run to its end (drizzle's `run`): a commit that fails (a full disk) throws here.
      exec(sql`commit`);
      return result;
    } catch (error) {
      // SQLite may have rolled back already (a failed commit on a full disk does): a second
      // rollback would throw "no transaction is active" in place of the error that matters.
      if ((key as { inTransaction?: boolean }).inTransaction !== false) {
        try {
          exec(sql`rollback`);
        } catch {
          // The transaction is gone either way; the request's own error is the one to answer.
        }
      }
      throw error;
    }
  } finally {
    gate.release();
  }
}

/**
 * Runs `run` in one transaction of `db`: committed when it resolves, rolled back when it throws
 * (the error is thrown again). Every manager over `db` called from inside joins it; a nested call
 * joins the open transaction. `run` receives the runner to use for queries of your own.
 */
export function atomic<T>(db: Database, run: (tx: Database) => Promise<T>): Promise<T> {
  const key = databaseKey(db);
  const current = open.getStore()?.get(key);
  if (current) return run(current as unknown as Database);
  if (isSynchronousSQLite(db)) {
    return synchronousSQLiteTransaction(db as SQLiteDatabase, key, () => run(db));
  }
  const transactional = db as unknown as {
    transaction<R>(body: (tx: Runner) => Promise<R>): Promise<R>;
  };
  return transactional.transaction((tx) => withRunner(key, tx, () => run(tx as unknown as Database)));
}

/**
 * How one statement runs for a request, for a manager and for anything else that keeps rows in
 * the same database (the admin's sessions and saved views): on SQLite it waits for the connection
 * while another request's transaction holds it and waits out another connection's lock without
 * blocking the event loop; on PostgreSQL the pool of `@viewsets/drizzle/pg` cancels it when the
 * request is aborted. An outage becomes a 503 `ServiceUnavailable`.
 */
import type { RequestContext } from "@viewsets/core";
import { isAborted } from "@viewsets/core/internals";
import { DEFAULT_LOCK_WAIT_MS, isKnownLocked, whileLocked } from "./lock-wait.js";
import { isSqliteBusy, outageOf, serviceUnavailable } from "./outages.js";
import { inQueryScope, type QueryScope } from "./query-scope.js";
import { isThenable } from "./runner.js";
import { databaseKey, enterOutside } from "./transaction.js";

/** The database a statement runs on, as the runner needs to know it. */
export interface StatementTarget {
  /** The database's identity (`databaseKey`): its connection gate and lock state are found under it. */
  readonly key: object;
  readonly dialect: "sqlite" | "pg";
  /** SQLite: how long a statement waits for another connection's lock before the 503. */
  readonly lockWaitMs: number;
}

const neverAborted = new AbortController().signal;

/**
 * The scope of a request's PostgreSQL statement. Its signal is read only by a pool that cancels
 * on abort (`createPgPool`'s): any other pool (a plain `pg.Pool`) never asks, so the request
 * makes no AbortController (~3.5 µs, and it outlives young-generation collections on Node 20:
 * BENCHMARKS.md, finding 7). A class, not a literal with a getter (V8's slow path for those).
 */
class RequestQueryScope implements QueryScope {
  constructor(private readonly ctx: RequestContext) {}

  get signal(): AbortSignal {
    return this.ctx.signal ?? neverAborted;
  }
}

export function checkAborted(ctx: RequestContext): void {
  if (isAborted(ctx)) ctx.signal.throwIfAborted();
}

/** What a failed statement means for the request: its abort, a 503 for an outage, or the error. */
export function failureOf(error: unknown, ctx: RequestContext): unknown {
  if (isAborted(ctx)) return ctx.signal.reason;
  const outage = outageOf(error);
  return outage ? serviceUnavailable(outage) : error;
}

/**
 * Runs one statement for a request (see the file's comment). Once the request is aborted, any
 * failure is the signal's reason.
 *
 * When nothing has to wait (no transaction holds the connection, no lock is known) a statement
 * that answers synchronously (better-sqlite3's) is answered synchronously: the caller awaits
 * one promise instead of three nested ones. So it may also throw instead of rejecting: call it
 * from an async function.
 */
export function runStatement<R>(
  target: StatementTarget,
  ctx: RequestContext,
  kind: "read" | "write",
  statement: () => R | PromiseLike<R>,
): R | Promise<R> {
  // The signal itself is read only where something waits on it: the Node adapters make it then.
  checkAborted(ctx);
  if (target.dialect === "pg") return runPg(ctx, statement);
  // Outside this flow's transaction, a statement waits while another request's transaction
  // holds the (one, synchronous) connection, and that transaction waits for it to finish.
  const entry = enterOutside(target.key);
  if (entry instanceof Promise || isKnownLocked(target.key, kind))
    return runWaiting(target, ctx, kind, statement, entry);
  let result: R | PromiseLike<R>;
  try {
    result = statement();
  } catch (error) {
    // Locked by another connection: nothing was written, so waiting and trying again is safe.
    if (isSqliteBusy(error)) return runWaiting(target, ctx, kind, statement, entry, undefined, error);
    entry?.();
    throw failureOf(error, ctx);
  }
  if (isThenable(result)) return runWaiting(target, ctx, kind, statement, entry, result);
  entry?.();
  return result;
}

/** Not an async function: the statement's promise is followed with one step, not an await and the function's own promise. */
function runPg<R>(ctx: RequestContext, statement: () => R | PromiseLike<R>): Promise<R> {
  return inQueryScope(new RequestQueryScope(ctx), statement).catch((error: unknown) => {
    throw failureOf(error, ctx);
  });
}

/**
 * A SQLite statement that has to wait: for the connection (`entry` a promise), for another
 * connection's lock, or for its own driver (`pending`, the answer of its first try). The
 * connection is counted as in use until it is done.
 */
async function runWaiting<R>(
  target: StatementTarget,
  ctx: RequestContext,
  kind: "read" | "write",
  statement: () => R | PromiseLike<R>,
  entry: ReturnType<typeof enterOutside>,
  pending?: PromiseLike<R>,
  /** The error of the try the caller made: the next comes after a sleep, not at once. */
  busy?: unknown,
): Promise<R> {
  let leave: (() => void) | undefined;
  try {
    leave = entry instanceof Promise ? await entry : entry;
    if (pending) {
      try {
        return await pending;
      } catch (error) {
        if (!isSqliteBusy(error)) throw error;
        busy = error;
      }
    }
    return await whileLocked(target.key, kind, ctx, target.lockWaitMs, statement, busy);
  } catch (error) {
    throw failureOf(error, ctx);
  } finally {
    leave?.();
  }
}

/** A drizzle database (SQLite or PostgreSQL) as `runStatement` sees it. */
export interface RequestStatements {
  /** Runs one statement for a request, as a manager runs its own (always a promise). */
  run<R>(ctx: RequestContext, kind: "read" | "write", statement: () => R | PromiseLike<R>): Promise<R>;
}

/**
 * Statements over `db` that are not a manager's, run as a manager runs its own: waiting for
 * the connection and for locks on SQLite, cancelled on abort on PostgreSQL, an outage a 503.
 * `dialect` says which database `db` is; `lockWaitMs` as a manager's (default 2000).
 */
export function requestStatements(
  db: object,
  dialect: "sqlite" | "pg",
  options: { readonly lockWaitMs?: number } = {},
): RequestStatements {
  const target: StatementTarget = {
    key: databaseKey(db),
    dialect,
    lockWaitMs: options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS,
  };
  return {
    async run(ctx, kind, statement) {
      return await runStatement(target, ctx, kind, statement);
    },
  };
}

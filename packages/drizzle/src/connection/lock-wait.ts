/** Waiting out another SQLite connection's lock without blocking the event loop, up to a limit. */
import { setTimeout as sleep } from "node:timers/promises";
import { isSqliteBusy } from "./outages.js";

/** How long a SQLite statement waits for a lock another connection holds, by default. */
export const DEFAULT_LOCK_WAIT_MS = 2_000;

// The waits between attempts: short first (most locks are held for milliseconds), then steady.
const BACKOFF_MS = [5, 10, 20, 40, 80, 100];

/** Per connection and kind of statement: is it known to be locked, and is one request trying? */
interface LockState {
  locked: boolean;
  probing: boolean;
}

const states = new WeakMap<object, { read: LockState; write: LockState }>();

function stateOf(connection: object, kind: "read" | "write"): LockState {
  let entry = states.get(connection);
  if (!entry) {
    entry = { read: { locked: false, probing: false }, write: { locked: false, probing: false } };
    states.set(connection, entry);
  }
  return entry[kind];
}

/** Whether a statement of this kind on this connection last found it locked by another (and none has got through since). */
export function isKnownLocked(connection: object, kind: "read" | "write"): boolean {
  return states.get(connection)?.[kind].locked === true;
}

/**
 * Runs a SQLite statement; while another connection holds the lock it tries again, sleeping
 * between attempts so that the event loop serves other requests (better-sqlite3 waits for a lock
 * synchronously, blocking the whole process: keep the connection's busy timeout short). While a
 * connection is known to be locked only one request at a time tries; the others sleep. After
 * `waitMs` it throws the last "database is locked" error; an abort ends the wait at once.
 * A statement that failed with SQLITE_BUSY wrote nothing, so trying it again is safe.
 *
 * `busy` is the error of a try the caller already made: the first try here then comes after the
 * first sleep, not at once (each try blocks the process for the connection's busy timeout).
 */
export async function whileLocked<T>(
  connection: object,
  kind: "read" | "write",
  /** Whose request: its signal is read only when the statement has to wait. */
  ctx: { readonly signal: AbortSignal },
  waitMs: number,
  statement: () => T | PromiseLike<T>,
  busy?: unknown,
): Promise<T> {
  const state = stateOf(connection, kind);
  const deadline = Date.now() + waitMs;
  let lastError: unknown = busy;
  if (busy !== undefined) state.locked = true;
  for (let attempt = 0; ; attempt++) {
    if ((attempt > 0 || busy === undefined) && !(state.locked && state.probing)) {
      const probing = state.locked;
      if (probing) state.probing = true;
      try {
        const result = await statement();
        state.locked = false;
        return result;
      } catch (error) {
        if (!isSqliteBusy(error)) throw error;
        state.locked = true;
        lastError = error;
      } finally {
        if (probing) state.probing = false;
      }
    }
    const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
    if (Date.now() + wait > deadline) {
      if (lastError !== undefined) throw lastError;
      // Never tried (another request was probing the whole time): one last try of its own.
      return await statement();
    }
    await sleep(wait, undefined, { signal: ctx.signal });
  }
}

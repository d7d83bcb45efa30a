/** Which database errors are outages (unreachable, timed out, locked, disk full), answered as a 503. */
import { ServiceUnavailable } from "@viewsets/core";

/**
 * Why the database could not do what a request needed, when it is no fault of the request:
 * unreachable (refused, reset, shut down), too slow (a timeout), busy (locked, out of
 * connections) or out of space. Each is a 503 with `Retry-After`, never a 500.
 */
export type OutageKind = "unreachable" | "timeout" | "busy" | "full";

// Node's socket errors, as node-postgres passes them on.
const NETWORK_CODES: Record<string, OutageKind> = {
  ECONNREFUSED: "unreachable",
  ECONNRESET: "unreachable",
  ECONNABORTED: "unreachable",
  EPIPE: "unreachable",
  EHOSTUNREACH: "unreachable",
  EHOSTDOWN: "unreachable",
  ENETUNREACH: "unreachable",
  ENETDOWN: "unreachable",
  ENOTFOUND: "unreachable",
  EAI_AGAIN: "unreachable",
  ETIMEDOUT: "timeout",
};

// PostgreSQL's SQLSTATEs for the same (class 08 is "connection exception" as a whole).
const PG_STATES: Record<string, OutageKind> = {
  "57P01": "unreachable", // admin_shutdown: the server is stopping, or the backend was terminated
  "57P02": "unreachable", // crash_shutdown
  "57P03": "unreachable", // cannot_connect_now: starting up or in recovery
  "57014": "timeout", // query_canceled: statement_timeout (an abort is told apart by the caller)
  "53300": "busy", // too_many_connections
  "53200": "busy", // out_of_memory
  "55P03": "busy", // lock_not_available: lock_timeout
  "40P01": "busy", // deadlock_detected: the other transaction went on, this one may retry
  "53100": "full", // disk_full
};

// node-postgres reports a lost connection and its own timeouts without a code, and better-sqlite3
// a closed connection (the app closed it: shutting down, or reopening the file).
const DRIVER_MESSAGES: readonly [RegExp, OutageKind][] = [
  [/^Connection terminated/, "unreachable"],
  [/^Client has encountered a connection error/, "unreachable"],
  [/^timeout exceeded when trying to connect$/, "timeout"],
  [/^Query read timeout$/, "timeout"],
  [/^The database connection is not open$/, "unreachable"],
];

function kindOfCode(code: string): OutageKind | undefined {
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "busy";
  if (code === "SQLITE_FULL") return "full";
  if (code.startsWith("SQLITE_IOERR")) return "unreachable";
  if (/^08[0-9A-Z]{3}$/.test(code)) return "unreachable";
  return NETWORK_CODES[code] ?? PG_STATES[code];
}

/** The outage an error (or an error it wraps, as drizzle's DrizzleQueryError does) means, if any. */
export function outageOf(error: unknown): OutageKind | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    const kind =
      typeof code === "string"
        ? kindOfCode(code)
        : DRIVER_MESSAGES.find(([pattern]) => pattern.test(current instanceof Error ? current.message : ""))?.[1];
    if (kind) return kind;
    current = current.cause;
  }
  return undefined;
}

/** Whether the error is SQLite's "database is locked" (another connection holds the lock). */
export function isSqliteBusy(error: unknown): boolean {
  return outageOf(error) === "busy";
}

const ANSWERS: Record<OutageKind, { detail: string; retryAfter: number }> = {
  unreachable: { detail: "The database is unreachable. Try again later.", retryAfter: 5 },
  timeout: { detail: "The database did not answer in time. Try again later.", retryAfter: 5 },
  busy: { detail: "The database is busy. Try again shortly.", retryAfter: 1 },
  full: { detail: "The database is out of space. Try again later.", retryAfter: 30 },
};

/** The 503 a client gets for an outage: what kind, and when to try again; never SQL or values. */
export function serviceUnavailable(kind: OutageKind): ServiceUnavailable {
  const { detail, retryAfter } = ANSWERS[kind];
  return new ServiceUnavailable(detail, retryAfter);
}

/**
 * The router's `exceptionHandler` for apps that query the database in their own code (a token
 * check, a permission, an action): an outage there answers its 503 with `Retry-After`, as the
 * managers' own queries do, instead of a 500 logged on every request.
 * `new Router("/api", { exceptionHandler: databaseOutages })`.
 */
export function databaseOutages(error: unknown): ServiceUnavailable | undefined {
  const kind = outageOf(error);
  return kind ? serviceUnavailable(kind) : undefined;
}

/** `@viewsets/drizzle/pg`: a node-postgres pool that cancels a request's query when the request is aborted. */
import pg from "pg";
import { onAbort } from "./abort-listeners.js";
import { outageOf } from "./outages.js";
import { sendCancelRequest } from "./pg-cancel.js";
import { currentQueryScope } from "./query-scope.js";

/**
 * The timeouts `createPgPool` sets unless told otherwise, in ms: connecting (and waiting for a
 * free connection), a statement on the server, and the client's own wait for an answer (a
 * network partition, where the server's timeout cannot reach the client).
 */
export const PG_POOL_DEFAULTS = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 10_000,
  query_timeout: 12_000,
  keepAlive: true,
} as const satisfies pg.PoolConfig;

export interface PgPoolOptions extends pg.PoolConfig {
  /**
   * Told of each error of a pooled connection (PostgreSQL restarted, the connection was killed
   * or cut). The pool drops that connection and opens a new one when next needed; without a
   * listener node-postgres throws the error and the process exits. Default: one line on
   * `console.error` naming the error's code, at most once a minute.
   */
  onError?: (error: Error) => void;
}

/**
 * A node-postgres pool for `drizzle(pool)` that survives PostgreSQL going away and never lets a
 * request hang: an `error` listener on the pool, timeouts on connecting and on every query
 * (`PG_POOL_DEFAULTS`, each one overridable), and queries that the managers of
 * `@viewsets/drizzle` run for a request are cancelled on the server when the request is aborted.
 * Any `pg.PoolConfig` passes through.
 */
export function createPgPool(options: PgPoolOptions = {}): pg.Pool {
  const { onError, ...config } = options;
  const pool = new pg.Pool({ ...PG_POOL_DEFAULTS, ...config });
  pool.on("error", onError ?? poolErrorLog());
  const plainQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const scope = currentQueryScope();
    // Outside a manager's statement (the app's own queries, callbacks), pg-pool's own query.
    if (!scope || typeof args[args.length - 1] === "function") return plainQuery(...args);
    return abortableQuery(pool, scope.signal, args[0] as pg.QueryConfig, args[1] as unknown[] | undefined);
  }) as typeof pool.query;
  return pool;
}

/** pg-pool's `query`, plus: give up waiting for a connection on abort, and cancel the query. */
async function abortableQuery(
  pool: pg.Pool,
  signal: AbortSignal,
  config: pg.QueryConfig,
  values: unknown[] | undefined,
): Promise<pg.QueryResult> {
  signal.throwIfAborted();
  const client = await connectUnlessAborted(pool, signal);
  if (signal.aborted) {
    client.release();
    throw signal.reason;
  }
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    // As pg-pool does: a connection whose query failed is closed, not reused.
    client.release(error);
  };
  const onClientError = (error: Error) => release(error);
  const cancel = () => sendCancelRequest(client);
  client.once("error", onClientError);
  const stopWaiting = onAbort(signal, cancel);
  try {
    const result = await client.query(config, values);
    release();
    return result;
  } catch (error) {
    release(error instanceof Error ? error : new Error("query failed"));
    throw error;
  } finally {
    stopWaiting();
    client.removeListener("error", onClientError);
  }
}

/** A connection from the pool, or the abort's reason as soon as the request is aborted. */
function connectUnlessAborted(pool: pg.Pool, signal: AbortSignal): Promise<pg.PoolClient> {
  return new Promise((resolve, reject) => {
    const stopWaiting = onAbort(signal, () => reject(signal.reason));
    pool.connect().then(
      (client) => {
        stopWaiting();
        // Aborted while waiting: the connection goes back unused.
        if (signal.aborted) client.release();
        else resolve(client);
      },
      (error: unknown) => {
        stopWaiting();
        reject(error);
      },
    );
  });
}

const LOG_INTERVAL_MS = 60_000;

/** Logs pool errors by code only (their messages may quote the server), once a minute at most. */
function poolErrorLog(): (error: Error) => void {
  let lastLogged = Number.NEGATIVE_INFINITY;
  let quiet = 0;
  return (error) => {
    const now = Date.now();
    if (now - lastLogged < LOG_INTERVAL_MS) {
      quiet++;
      return;
    }
    const code = (error as { code?: unknown }).code;
    const reason = typeof code === "string" ? code : (outageOf(error) ?? "error");
    const more = quiet > 0 ? ` (${quiet} more since the last report)` : "";
    console.error(`@viewsets/drizzle: a PostgreSQL connection failed (${reason})${more}; the pool replaces it.`);
    lastLogged = now;
    quiet = 0;
  };
}

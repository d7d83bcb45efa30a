/** A database ping and a health check for an app's readiness route. */
import { sql } from "drizzle-orm";
import { type ApiRequest, type ApiResponse, MethodNotAllowed, type Mountable } from "@viewsets/core";
import { errorResponse, toJSON } from "@viewsets/core/internals";
import type { ReadinessCheck } from "@viewsets/core/node";
import { outageOf, serviceUnavailable } from "./outages.js";
import { inQueryScope } from "./query-scope.js";
import type { PostgresDatabase, SQLiteDatabase } from "./runner.js";

/** How long a ping may take before the database counts as down, by default. */
export const DEFAULT_PING_TIMEOUT_MS = 2_000;

export interface HealthCheckOptions {
  /** The path the check answers, GET and HEAD. Default "/healthz". */
  path?: string;
  /** The longest the database may take to answer before the check answers 503. Default 2000 ms. */
  timeoutMs?: number;
}

type Pingable =
  | { execute(query: ReturnType<typeof sql>): PromiseLike<unknown> }
  | { all(query: ReturnType<typeof sql>): unknown };

/**
 * Resolves when the database answers `select 1` within `timeoutMs`; otherwise rejects with a 503
 * `ServiceUnavailable` (its kind of outage in the detail, never the driver's message). A hook for
 * a readiness probe of your own. On a pool of `@viewsets/drizzle/pg` a ping that runs too long is
 * cancelled on the server as well.
 */
export async function pingDatabase(
  db: SQLiteDatabase | PostgresDatabase,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PING_TIMEOUT_MS;
  const database = db as unknown as Pingable;
  const signal = AbortSignal.timeout(timeoutMs);
  // The query itself, not an async function awaiting it: its `then` must run inside the scope.
  const ping = inQueryScope({ signal }, () =>
    "execute" in database ? database.execute(sql`select 1`) : Promise.resolve(database.all(sql`select 1`)),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(serviceUnavailable("timeout")), timeoutMs);
  });
  try {
    await Promise.race([ping, timeout]);
  } catch (error) {
    if (signal.aborted) throw serviceUnavailable("timeout");
    throw serviceUnavailable(outageOf(error) ?? "unreachable");
  } finally {
    clearTimeout(timer);
    ping.catch(() => undefined);
  }
}

/**
 * The database as a readiness check for `healthRoutes({ checks })` from `@viewsets/core/node`:
 * "database" is "ok" when it answers `select 1` within `timeoutMs` (2 s by default), "down" when
 * not; it is required (readiness answers 503 while it is down).
 */
export function databaseCheck(
  db: SQLiteDatabase | PostgresDatabase,
  options: { timeoutMs?: number } = {},
): ReadinessCheck {
  return { name: "database", check: () => pingDatabase(db, options) };
}

/**
 * A readiness route for `registerRoutes(healthCheck(db), app)`: `GET /healthz` answers 200
 * `{"status":"ok"}` when the database answers, and 503 problem+json with `Retry-After` when it
 * does not (down, unreachable, too slow). `healthRoutes` of `@viewsets/core/node` with
 * `databaseCheck(db)` adds liveness, the throttle store and the drain. Load balancers and orchestrators poll it to stop
 * sending traffic to an instance whose database is gone. Every other path is not its own.
 */
export function healthCheck(db: SQLiteDatabase | PostgresDatabase, options: HealthCheckOptions = {}): Mountable {
  const path = options.path ?? "/healthz";
  return {
    assertReady() {},
    async handle(request: ApiRequest): Promise<ApiResponse | null> {
      if (request.path !== path) return null;
      if (request.method !== "GET" && request.method !== "HEAD") {
        return errorResponse(new MethodNotAllowed(request.method, ["GET", "HEAD"]));
      }
      let response: ApiResponse;
      try {
        await pingDatabase(db, options);
        response = {
          status: 200,
          headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
          body: toJSON({ status: "ok" }),
        };
      } catch (error) {
        response = errorResponse(error);
        response.headers["Cache-Control"] = "no-store";
      }
      if (request.method === "HEAD") response.body = null;
      return response;
    },
  };
}

/**
 * Liveness and readiness routes for orchestrators and load balancers: liveness asks nothing but
 * the process, readiness asks every dependency (the database, the throttle store) and the drain.
 */
import { MethodNotAllowed } from "./errors.js";
import { PROBLEM_CONTENT_TYPE, errorResponse } from "./problem.js";
import type { ApiRequest, ApiResponse, Mountable } from "./request.js";
import { toJSON } from "./json.js";

/** What the readiness answer says of one dependency: "ok" or "down", and the check's `details`. */
export type DependencyState = { readonly status: "ok" | "down" } & Readonly<Record<string, string>>;

/**
 * One dependency the readiness route asks: `databaseCheck(db)` from `@viewsets/drizzle`,
 * `throttleStoreCheck(store)` from `@viewsets/redis`, or one of the app's own.
 */
export interface ReadinessCheck {
  /** Its key in the answer's `checks`: "database", "throttleStore". */
  readonly name: string;
  /**
   * False when the app still serves without it (a throttle store that fails open): readiness then
   * stays 200, its status "degraded". Default true: readiness answers 503 while it is down.
   */
  readonly required?: boolean;
  /** What the answer says of it besides its status, such as a throttle store's `policy` ("fail-open"). */
  readonly details?: Readonly<Record<string, string>>;
  /** Resolves when the dependency answers; rejects (or takes longer than the route's `timeoutMs`) when it is down. */
  check(signal: AbortSignal): Promise<unknown>;
}

export interface HealthRoutesOptions {
  /** The dependencies readiness asks, all at once. */
  readonly checks?: readonly ReadinessCheck[];
  /** The server's drain (`drainable(server)`): readiness answers 503 while it drains. */
  readonly drain?: { readonly draining: boolean };
  /** Default "/livez". */
  readonly livenessPath?: string;
  /** Default "/readyz". */
  readonly readinessPath?: string;
  /** The longest a check may take before it counts as down. Default 2000 ms. */
  readonly timeoutMs?: number;
}

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `GET /livez` (and HEAD) answers 200 while the process answers at all: point the liveness probe
 * here, never at the database (a database outage is no reason to restart every process).
 * `GET /readyz` answers 200 `{"status":"ok","checks":{...}}` when every check is ok ("degraded"
 * when only a dependency that is not required is down), and 503 problem+json naming each
 * check's state (with `Retry-After`) while a required one is down or the server drains: point
 * the readiness probe and the load balancer's health check here.
 */
export function healthRoutes(options: HealthRoutesOptions = {}): Mountable {
  const livenessPath = options.livenessPath ?? "/livez";
  const readinessPath = options.readinessPath ?? "/readyz";
  return {
    assertReady() {},
    async handle(request: ApiRequest): Promise<ApiResponse | null> {
      if (request.path !== livenessPath && request.path !== readinessPath) return null;
      if (request.method !== "GET" && request.method !== "HEAD") {
        return errorResponse(new MethodNotAllowed(request.method, ["GET", "HEAD"]));
      }
      const response =
        request.path === livenessPath
          ? {
              status: 200,
              headers: { "Content-Type": "application/json", ...NO_STORE },
              body: toJSON({ status: "ok" }),
            }
          : await readiness(options);
      return request.method === "HEAD" ? { ...response, body: null } : response;
    },
  };
}

async function readiness(options: HealthRoutesOptions): Promise<ApiResponse> {
  const list = options.checks ?? [];
  const states = await Promise.all(list.map((check) => stateOf(check, options.timeoutMs ?? 2_000)));
  const checks = Object.fromEntries(list.map((check, i) => [check.name, states[i]]));
  const down = list.filter((_, i) => states[i]?.status === "down");
  const draining = options.drain?.draining === true;
  const failing = down.filter((check) => check.required !== false).map((check) => check.name);
  if (!draining && failing.length === 0) {
    const status = down.length > 0 ? "degraded" : "ok";
    return {
      status: 200,
      headers: { "Content-Type": "application/json", ...NO_STORE },
      body: toJSON({ status, checks }),
    };
  }
  const detail = draining ? "The server is shutting down." : `Not ready: ${failing.join(", ")} down.`;
  return {
    status: 503,
    headers: { "Content-Type": PROBLEM_CONTENT_TYPE, "Retry-After": draining ? "30" : "5", ...NO_STORE },
    body: toJSON({
      type: "about:blank",
      title: "Service Unavailable",
      status: 503,
      detail,
      draining,
      checks,
    }),
  };
}

/** A check's state, down when it throws or takes longer than `timeoutMs`; the check's own words are kept out. */
async function stateOf(check: ReadinessCheck, timeoutMs: number): Promise<DependencyState> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error("timed out"));
    }, timeoutMs);
  });
  // A check that throws at once is down as one that rejects.
  const checking = Promise.resolve().then(() => check.check(controller.signal));
  try {
    await Promise.race([checking, timeout]);
    return { ...check.details, status: "ok" };
  } catch {
    return { ...check.details, status: "down" };
  } finally {
    checking.catch(() => undefined);
    clearTimeout(timer);
  }
}

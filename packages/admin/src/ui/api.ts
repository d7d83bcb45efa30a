/** The one fetch wrapper: same-origin cookie, CSRF header on writes, abort, problem+json. */
import { t } from "./i18n/t.js";

function readBase(): string {
  const content = document.querySelector<HTMLMetaElement>('meta[name="admin-base"]')?.content ?? "";
  // The placeholder survives only when the page was opened without the server: assume the default.
  return content === "" || content.includes("__ADMIN_BASE__") ? "/admin" : content.replace(/\/+$/, "");
}

/** Where the admin is mounted, e.g. `/admin`. */
export const base = readBase();

let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** An error answer of the API: its status, its detail, and its messages per field. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: Readonly<Record<string, readonly string[]>> = {},
  ) {
    super(detail);
  }
}

/** Told when the session is gone (401 outside the sign-in call). */
let onUnauthorized: () => void = () => {};

export function whenUnauthorized(callback: () => void): void {
  onUnauthorized = callback;
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface CallOptions {
  readonly method?: string;
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}

async function problemOf(response: Response): Promise<ApiProblem> {
  let body: { detail?: unknown; errors?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const detail = typeof body.detail === "string" ? body.detail : t("api.status", { status: String(response.status) });
  const errors = typeof body.errors === "object" && body.errors !== null ? body.errors : {};
  return new ApiProblem(response.status, detail, errors as Record<string, string[]>);
}

/**
 * GETs started before anyone asked (at start-up, beside the session check), each taken once by the
 * first call for the same path; unclaimed ones are dropped after a while.
 */
const early = new Map<string, Promise<unknown>>();
const EARLY_FOR_MS = 10_000;

/** Starts a GET of `path` now, for the first `api(path)` call to take; the answer is returned too, for a look. */
export function prefetch<T>(path: string): Promise<T> {
  const started = early.get(path);
  if (started) return started as Promise<T>;
  const answer = api<T>(path);
  early.set(path, answer);
  // A failure is seen by a call that already took it; later calls ask again (a 401 before signing in
  // must not answer the call made after it).
  answer.catch(() => {
    if (early.get(path) === answer) early.delete(path);
  });
  window.setTimeout(() => {
    if (early.get(path) === answer) early.delete(path);
  }, EARLY_FOR_MS);
  return answer;
}

/** A prefetched answer, abandoned (rejected as an abort) when the caller's signal aborts first. */
function taken<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DOMException("The call was aborted.", "AbortError"));
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/** Calls `{base}/api{path}`; resolves with the JSON answer (undefined for 204), rejects with an ApiProblem. */
export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const started = method === "GET" ? early.get(path) : undefined;
  if (started) {
    early.delete(path);
    return taken(started as Promise<T>, options.signal);
  }
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (WRITES.has(method) && csrfToken) headers["X-CSRF-Token"] = csrfToken;
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers,
    credentials: "same-origin",
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) {
    const problem = await problemOf(response);
    if (response.status === 401 && path !== "/session") onUnauthorized();
    throw problem;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** A message for people from anything a call threw. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiProblem) return error.detail;
  return t("api.unreachable");
}

/**
 * The admin's session routes over users, sign-in and sessions kept by an auth library
 * (better-auth, through `@viewsets/admin/better-auth`) instead of the admin's own session table:
 * the same answers, throttles and CSRF rule as with `AdminUsers`.
 */
import {
  type ApiRequest,
  type ApiResponse,
  ConfigurationError,
  MethodNotAllowed,
  NotAuthenticated,
  NotFound,
  noContent,
  PermissionDenied,
  sendJSON,
} from "@viewsets/core";
import { errorResponse } from "@viewsets/core/internals";
import { MemoryThrottleStore, type ThrottleStore, withOutagePolicy } from "@viewsets/core/throttling";
import {
  assertCsrf,
  readSignIn,
  SessionAuth,
  type SessionAuthOptions,
  type SignInLimits,
  signInThrottles,
} from "./auth.js";
import type { AdminOptions } from "./options.js";
import {
  type AdminAccounts,
  type AdminAuth,
  type AdminPrincipal,
  type ModelPermissions,
  sessionAnswer,
} from "./principal.js";
import type { Session } from "../shared/wire.js";
import { createSessionStore } from "./session.js";

/** ADMIN.md's session routes over `AdminAccounts`. */
export class AccountsAuth<User> implements AdminAuth<User> {
  constructor(
    private readonly accounts: AdminAccounts<User>,
    private readonly limits: SignInLimits,
  ) {}

  idOf(user: User): string {
    return this.accounts.idOf(user);
  }

  private answer(user: User, csrfToken: string | null): Session {
    const { accounts } = this;
    return sessionAnswer(
      { id: accounts.idOf(user), username: accounts.usernameOf(user), isStaff: accounts.isStaff(user) },
      csrfToken,
    );
  }

  async signIn(request: ApiRequest): Promise<ApiResponse> {
    const credentials = await readSignIn(request, this.limits);
    const { user, csrfToken, setCookie } = await this.accounts.signIn(request, credentials);
    return sendJSON(200, this.answer(user, csrfToken), { "Set-Cookie": setCookie });
  }

  async current(request: ApiRequest): Promise<ApiResponse> {
    const principal = await this.accounts.principal(request);
    if (!principal) throw new NotAuthenticated();
    return sendJSON(200, this.answer(principal.user, principal.csrfToken));
  }

  /** Ends the session on the server and clears its cookie; a request with no live session is 401 and its cookie cleared. */
  async signOut(request: ApiRequest): Promise<ApiResponse> {
    const principal = await this.accounts.principal(request);
    if (!principal) {
      const response = errorResponse(new NotAuthenticated());
      return { ...response, headers: { ...response.headers, "Set-Cookie": await this.accounts.signOut(request) } };
    }
    assertCsrf(request, principal.csrfToken);
    // A bearer token is not a cookie: there is nothing to end here (its owner revokes it).
    if (principal.csrfToken === null) return noContent();
    return noContent({ "Set-Cookie": await this.accounts.signOut(request) });
  }

  async endOtherSessions(request: ApiRequest): Promise<ApiResponse> {
    const principal = await this.accounts.principal(request);
    if (!principal) throw new NotAuthenticated();
    assertCsrf(request, principal.csrfToken);
    return sendJSON(200, { ended: await this.accounts.endOtherSessions(request, principal.user) });
  }

  async authorize(request: ApiRequest): Promise<AdminPrincipal<User>> {
    const principal = await this.accounts.principal(request);
    if (!principal) throw new NotAuthenticated();
    if (!this.accounts.isStaff(principal.user)) throw new PermissionDenied("Staff only.");
    assertCsrf(request, principal.csrfToken);
    request.user = principal.user;
    return { user: principal.user, id: this.accounts.idOf(principal.user), csrfToken: principal.csrfToken };
  }

  endSessions(userId: string): Promise<number> {
    return this.accounts.endSessions(userId);
  }

  permissions(user: User, model: string): ModelPermissions {
    return this.accounts.permissions(user, model);
  }
}

const TWO_WEEKS = 14 * 24 * 60 * 60 * 1000;
const COOKIE_NAME = "viewsets_admin_session";

/**
 * Where sign-in attempts are counted: in memory, or in the app's store with the admin's own
 * policy for when it cannot count (a Redis store that fails open must not switch off the
 * brute-force limit with the API's throttles).
 */
function signInStore(options: AdminOptions<unknown>): ThrottleStore {
  if (options.throttleStore === undefined) return new MemoryThrottleStore();
  return withOutagePolicy(options.throttleStore, {
    whenDown: options.signInWhenStoreDown ?? "local-limit",
    name: "admin sign-in",
    ...(options.logger ? { logger: options.logger } : {}),
  });
}

/**
 * The admin's sign-in for its options: over `accounts` when the app's users come from an auth
 * library, else over `users` and the admin's own sessions. Exactly one of the two is given.
 */
export function createAdminAuth<User>(
  options: AdminOptions<User>,
  deployment: {
    readonly path: string;
    readonly bodyLimit: number;
    readonly failure: SessionAuthOptions<User>["failure"];
  },
): AdminAuth<User> {
  if ((options.users === undefined) === (options.accounts === undefined)) {
    throw new ConfigurationError("viewsets admin: pass either users (your own) or accounts (better-auth's), not both");
  }
  const limits = {
    signInThrottles: signInThrottles(
      { ip: options.signInRates?.ip ?? "20/min", username: options.signInRates?.username ?? "10/min" },
      signInStore(options),
    ),
    trustedProxies: options.trustedProxies ?? 0,
    bodyLimit: deployment.bodyLimit,
  };
  if (options.accounts) return new AccountsAuth(options.accounts, limits);
  const idleTimeoutMs = options.sessionIdleTimeoutMs ?? TWO_WEEKS;
  return new SessionAuth({
    ...limits,
    users: options.users!,
    sessions: createSessionStore(options.db, {
      ...(options.lockWaitMs === undefined ? {} : { lockWaitMs: options.lockWaitMs }),
      idleTimeoutMs,
    }),
    path: deployment.path,
    cookieName: COOKIE_NAME,
    idleTimeoutMs,
    authentication: options.authentication ?? [],
    failure: deployment.failure,
  });
}

/** `/api/session` (sign in, who am I, sign out) and `/api/session/others` (end my other sessions). */
export function serveSession<User>(
  auth: AdminAuth<User>,
  request: ApiRequest,
  segments: readonly string[],
): Promise<ApiResponse> {
  const { method } = request;
  if (segments.length === 1) {
    if (method === "POST") return auth.signIn(request);
    if (method === "GET") return auth.current(request);
    if (method === "DELETE") return auth.signOut(request);
    throw new MethodNotAllowed(method, ["GET", "POST", "DELETE"]);
  }
  if (segments.length === 2 && segments[1] === "others") {
    if (method !== "DELETE") throw new MethodNotAllowed(method, ["DELETE"]);
    return auth.endOtherSessions(request);
  }
  throw new NotFound();
}

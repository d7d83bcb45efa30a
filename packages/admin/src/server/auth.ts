/** The admin's own sign-in: the app's users (`AdminUsers`), sessions in the admin's table, throttles and CSRF. */
import {
  type ApiRequest,
  type ApiResponse,
  type Authenticator,
  contextOf,
  NotAuthenticated,
  noContent,
  PermissionDenied,
  sendJSON,
  ServiceUnavailable,
  ValidationError,
} from "@viewsets/core";
import { errorResponse, readJSONBody, textProblem } from "@viewsets/core/internals";
import {
  checkThrottles,
  clientIp,
  ipBucket,
  rateThrottle,
  type Throttle,
  type ThrottleStore,
} from "@viewsets/core/throttling";
import { clearedSessionCookie, readCookie, sessionCookie } from "./cookies.js";
import type { Session } from "../shared/wire.js";
import { csrfTokenMatches } from "./csrf.js";
import { codePointLength } from "./text.js";
import {
  type AdminAuth,
  type AdminPrincipal,
  ALL_PERMISSIONS,
  type ModelPermissions,
  sessionAnswer,
} from "./principal.js";
import type { SessionStore } from "./session.js";
import { backgroundContext } from "./statements.js";

/** How the app signs people in: the admin never sees a password store of its own. */
export interface AdminUsers<User> {
  /** Checks a username and password: the user, or null (the same answer for both mistakes). */
  verify(username: string, password: string): Promise<User | null>;
  /** The user a session names, or null when it is gone. */
  get(id: string): Promise<User | null>;
  /** Whether the user may use the admin. */
  isStaff(user: User): boolean;
  /** The user's id (default `user.id`) and name (default `user.username`). */
  idOf?(user: User): string | number;
  usernameOf?(user: User): string;
  /** What the user may do with a registered model (default: all four; the model's own switches still apply). */
  permissions?(user: User, model: string): ModelPermissions;
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const INVALID_CREDENTIALS = "Invalid username or password.";
/** Longer than any token the admin makes: such a cookie is not looked up. */
const MAX_TOKEN_LENGTH = 200;

export interface SessionAuthOptions<User> {
  readonly users: AdminUsers<User>;
  readonly sessions: SessionStore;
  readonly path: string;
  readonly cookieName: string;
  readonly idleTimeoutMs: number;
  readonly authentication: readonly Authenticator[];
  readonly signInThrottles: readonly Throttle[];
  readonly trustedProxies: number;
  readonly bodyLimit: number;
  /** What an error answers (an outage a 503), telling `onError` of a failure; the admin's own rule. */
  readonly failure: (error: unknown, request: ApiRequest) => unknown;
}

/**
 * Limits on sign-in attempts, counted in `store`: per client IP over every username (one address
 * cannot try many accounts), and per username from one client IP (one address cannot guess one
 * account's password). No limit is per username alone: then anyone could lock a known user out,
 * while the user, signing in from an address that has not been guessing, is never refused
 * (django-axes' "username and IP address" combination).
 */
export function signInThrottles(rates: { ip: string; username: string }, store: ThrottleStore): Throttle[] {
  return [
    rateThrottle({ scope: "admin-sign-in-ip", rate: rates.ip, store, identify: (subject) => ipBucket(subject.ip) }),
    rateThrottle({
      scope: "admin-sign-in-user-ip",
      rate: rates.username,
      store,
      identify: (subject) => (typeof subject.userId === "string" ? `${ipBucket(subject.ip)} ${subject.userId}` : null),
    }),
  ];
}

function isSecure(request: ApiRequest): boolean {
  return request.origin.startsWith("https:");
}

/** A sign-in field's problem (missing, too long, not storable text), or null. */
function credentialProblem(value: unknown, max: number): string | null {
  if (typeof value !== "string" || value === "") return "This field is required.";
  if (codePointLength(value) > max) return `Ensure this field has no more than ${max} characters.`;
  return textProblem(value);
}

/** What reading a sign-in needs: the body's limit, the throttles and whom to believe about the client IP. */
export interface SignInLimits {
  readonly bodyLimit: number;
  readonly signInThrottles: readonly Throttle[];
  readonly trustedProxies: number;
}

/**
 * A sign-in's username and password: 400 for a missing, overlong or unstorable field, 429 once
 * the client IP, or that username from it, has tried too often.
 */
export async function readSignIn(
  request: ApiRequest,
  limits: SignInLimits,
): Promise<{ username: string; password: string }> {
  const body = await readJSONBody(request, limits.bodyLimit);
  const fields = typeof body === "object" && body !== null && !Array.isArray(body) ? body : {};
  const { username, password } = fields as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const usernameProblem = credentialProblem(username, 150);
  const passwordProblem = credentialProblem(password, 1024);
  if (usernameProblem) errors.username = [usernameProblem];
  if (passwordProblem) errors.password = [passwordProblem];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const ip = clientIp(request, limits.trustedProxies);
  const name = (username as string).toLowerCase();
  await checkThrottles(limits.signInThrottles, { request, ip, user: undefined, userId: name });
  return { username: username as string, password: password as string };
}

/** 403 for a write a session cookie signed in without the session's `X-CSRF-Token`; nothing else is checked. */
export function assertCsrf(request: ApiRequest, csrfToken: string | null): void {
  if (csrfToken === null || !WRITES.has(request.method)) return;
  const sent = request.headers["x-csrf-token"];
  if (!csrfTokenMatches(sent, csrfToken)) throw new PermissionDenied("CSRF token missing or incorrect.");
}

/** Sign-in, session check and sign-out: ADMIN.md's `/api/session`. */
export class SessionAuth<User> implements AdminAuth<User> {
  constructor(private readonly options: SessionAuthOptions<User>) {}

  private wire(user: User, csrfToken: string | null): Session {
    const { users } = this.options;
    // Without idOf and usernameOf, AdminUsers takes the user's own `id` and `username` as they are.
    const record = user as { id: string | number; username: string };
    return sessionAnswer(
      {
        id: users.idOf ? users.idOf(user) : record.id,
        username: users.usernameOf ? users.usernameOf(user) : record.username,
        isStaff: users.isStaff(user),
      },
      csrfToken,
    );
  }

  endSessions(userId: string): Promise<number> {
    return this.options.sessions.endAll(backgroundContext(), userId);
  }

  idOf(user: User): string {
    const { users } = this.options;
    return String(users.idOf ? users.idOf(user) : (user as Record<string, unknown>).id);
  }

  private cookie(request: ApiRequest, token: string): string {
    const { cookieName, path, idleTimeoutMs } = this.options;
    return sessionCookie(token, {
      name: cookieName,
      path,
      secure: isSecure(request),
      maxAgeSeconds: Math.floor(idleTimeoutMs / 1000),
    });
  }

  private clearedCookie(request: ApiRequest): string {
    return clearedSessionCookie({ name: this.options.cookieName, path: this.options.path, secure: isSecure(request) });
  }

  /** The session token of a request's cookie, when it can be one. */
  private tokenOf(request: ApiRequest): string | undefined {
    const token = readCookie(request.headers, this.options.cookieName);
    return token === undefined || token.length > MAX_TOKEN_LENGTH ? undefined : token;
  }

  async signIn(request: ApiRequest): Promise<ApiResponse> {
    const { username, password } = await readSignIn(request, this.options);
    const user = await this.options.users.verify(username, password);
    if (user === null || user === undefined) throw new NotAuthenticated(INVALID_CREDENTIALS);
    const { token, csrfToken } = await this.options.sessions.create(contextOf(request), this.idOf(user));
    return sendJSON(200, this.wire(user, csrfToken), { "Set-Cookie": this.cookie(request, token) });
  }

  async current(request: ApiRequest): Promise<ApiResponse> {
    const principal = await this.principal(request);
    if (!principal) throw new NotAuthenticated();
    return sendJSON(200, this.wire(principal.user as User, principal.csrfToken));
  }

  /**
   * Signs out: the browser forgets the cookie whatever the database says (only a refused CSRF
   * token changes nothing). The session is refused from then on; when the database cannot delete
   * it now (503), this process refuses it and deletes it as soon as the database answers.
   */
  async signOut(request: ApiRequest): Promise<ApiResponse> {
    const cleared = { "Set-Cookie": this.clearedCookie(request) };
    const token = this.tokenOf(request);
    let principal: AdminPrincipal<User> | null;
    try {
      principal = await this.principal(request);
    } catch (error) {
      // Nobody can say whose session it is (the database, or the app's users, failed): end it
      // all the same. Only its holder sends the cookie (SameSite), so no other site can.
      if (token !== undefined) await this.endQuietly(token, request);
      const failure = this.options.failure(error, request);
      return withHeaders(errorResponse(failure instanceof ServiceUnavailable ? signedOutLocally() : failure), cleared);
    }
    if (!principal) return withHeaders(errorResponse(new NotAuthenticated()), cleared);
    assertCsrf(request, principal.csrfToken);
    if (token !== undefined && principal.csrfToken !== null && !(await this.endQuietly(token, request))) {
      return withHeaders(errorResponse(signedOutLocally()), cleared);
    }
    return noContent(cleared);
  }

  /** Ends a session; false when its row is not deleted yet (this process refuses it meanwhile). */
  private async endQuietly(token: string, request: ApiRequest): Promise<boolean> {
    try {
      return await this.options.sessions.end(token);
    } catch (error) {
      // Not an outage: said to onError; the session stays refused here and its delete is retried.
      this.options.failure(error, request);
      return false;
    }
  }

  /** Ends the user's other sessions (every one but this request's): `{ "ended": n }`. Any signed-in user may. */
  async endOtherSessions(request: ApiRequest): Promise<ApiResponse> {
    const principal = await this.principal(request);
    if (!principal) throw new NotAuthenticated();
    assertCsrf(request, principal.csrfToken);
    const current = principal.csrfToken === null ? undefined : this.tokenOf(request);
    const ended = await this.options.sessions.endAll(contextOf(request), principal.id, current);
    return sendJSON(200, { ended });
  }

  /** The app's authenticators first (a bearer token needs no CSRF token), then the session cookie. */
  async principal(request: ApiRequest): Promise<AdminPrincipal<User> | null> {
    for (const authenticator of this.options.authentication) {
      const result = await authenticator.authenticate(request);
      if (result) return { user: result.user as User, id: this.idOf(result.user as User), csrfToken: null };
    }
    const token = this.tokenOf(request);
    if (token === undefined) return null;
    const session = await this.options.sessions.read(contextOf(request), token);
    if (!session) return null;
    const user = await this.options.users.get(session.userId);
    if (user === null || user === undefined) return null;
    return { user, id: session.userId, csrfToken: session.csrfToken };
  }

  /** 401 without a user, 403 for one who is not staff, 403 for a cookie-signed write without its token. */
  async authorize(request: ApiRequest): Promise<AdminPrincipal<User>> {
    const principal = await this.principal(request);
    if (!principal) throw new NotAuthenticated();
    if (!this.options.users.isStaff(principal.user)) throw new PermissionDenied("Staff only.");
    assertCsrf(request, principal.csrfToken);
    request.user = principal.user;
    return principal;
  }

  permissions(user: User, model: string): ModelPermissions {
    return this.options.users.permissions?.(user, model) ?? ALL_PERMISSIONS;
  }
}

/** The 503 of a sign-out the database could not record yet. */
function signedOutLocally(): ServiceUnavailable {
  return new ServiceUnavailable(
    "Signed out in this browser. The database did not answer: the server ends the session as soon as it does.",
  );
}

function withHeaders(response: ApiResponse, headers: Record<string, string>): ApiResponse {
  return { ...response, headers: { ...response.headers, ...headers } };
}

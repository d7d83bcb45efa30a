import {
  type ApiRequest,
  type ApiResponse,
  type Authenticator,
  NotAuthenticated,
  noContent,
  PermissionDenied,
  readJSONBody,
  sendJSON,
  ValidationError,
} from "@viewsets/core";
import { checkThrottles, clientIp, rateThrottle, type Throttle, type ThrottleStore } from "@viewsets/core/throttling";
import { csrfTokenMatches } from "./csrf.js";
import { clearedSessionCookie, readCookie, type SessionStore, sessionCookie } from "./session.js";

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
}

/** Who a request to the admin's API is, and how they proved it. */
export interface AdminPrincipal<User = unknown> {
  readonly user: User;
  readonly id: string;
  /** A session cookie signed the request in: its writes need the CSRF token. */
  readonly csrfToken: string | null;
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const INVALID_CREDENTIALS = "Invalid username or password.";

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
}

/** Per-IP and per-username limits on sign-in attempts, counted in `store`. */
export function signInThrottles(rates: { ip: string; username: string }, store: ThrottleStore): Throttle[] {
  return [
    rateThrottle({ scope: "admin-sign-in-ip", rate: rates.ip, store, identify: (subject) => subject.ip ?? "unknown" }),
    rateThrottle({
      scope: "admin-sign-in-user",
      rate: rates.username,
      store,
      identify: (subject) => (typeof subject.userId === "string" ? subject.userId : null),
    }),
  ];
}

function isSecure(request: ApiRequest): boolean {
  return request.origin.startsWith("https:");
}

/** Sign-in, session check and sign-out: ADMIN.md's `/api/session`. */
export class SessionAuth<User> {
  constructor(private readonly options: SessionAuthOptions<User>) {}

  private wire(user: User, csrfToken: string | null): Record<string, unknown> {
    const { users } = this.options;
    const record = user as Record<string, unknown>;
    return {
      user: {
        id: users.idOf ? users.idOf(user) : record.id,
        username: users.usernameOf ? users.usernameOf(user) : record.username,
        isStaff: users.isStaff(user),
      },
      csrfToken,
    };
  }

  private idOf(user: User): string {
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

  async signIn(request: ApiRequest): Promise<ApiResponse> {
    const body = await readJSONBody(request, this.options.bodyLimit);
    const fields = typeof body === "object" && body !== null && !Array.isArray(body) ? body : {};
    const { username, password } = fields as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    if (typeof username !== "string" || username === "") errors.username = ["This field is required."];
    else if (username.length > 150) errors.username = ["Ensure this field has no more than 150 characters."];
    if (typeof password !== "string" || password === "") errors.password = ["This field is required."];
    else if (password.length > 1024) errors.password = ["Ensure this field has no more than 1024 characters."];
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const ip = clientIp(request, this.options.trustedProxies);
    const name = (username as string).toLowerCase();
    await checkThrottles(this.options.signInThrottles, { request, ip, user: undefined, userId: name });
    const user = await this.options.users.verify(username as string, password as string);
    if (user === null || user === undefined) throw new NotAuthenticated(INVALID_CREDENTIALS);
    const { token, csrfToken } = await this.options.sessions.create(this.idOf(user));
    return sendJSON(200, this.wire(user, csrfToken), { "Set-Cookie": this.cookie(request, token) });
  }

  async current(request: ApiRequest): Promise<ApiResponse> {
    const principal = await this.principal(request);
    if (!principal) throw new NotAuthenticated();
    return sendJSON(200, this.wire(principal.user as User, principal.csrfToken));
  }

  async signOut(request: ApiRequest): Promise<ApiResponse> {
    const principal = await this.principal(request);
    if (!principal) throw new NotAuthenticated();
    this.assertCsrf(request, principal);
    const token = readCookie(request.headers, this.options.cookieName);
    if (token !== undefined && principal.csrfToken !== null) await this.options.sessions.delete(token);
    const cleared = clearedSessionCookie({
      name: this.options.cookieName,
      path: this.options.path,
      secure: isSecure(request),
    });
    return noContent({ "Set-Cookie": cleared });
  }

  /** The app's authenticators first (a bearer token needs no CSRF token), then the session cookie. */
  async principal(request: ApiRequest): Promise<AdminPrincipal<User> | null> {
    for (const authenticator of this.options.authentication) {
      const result = await authenticator.authenticate(request);
      if (result) return { user: result.user as User, id: this.idOf(result.user as User), csrfToken: null };
    }
    const token = readCookie(request.headers, this.options.cookieName);
    if (token === undefined || token.length > 200) return null;
    const session = await this.options.sessions.read(token);
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
    this.assertCsrf(request, principal);
    request.user = principal.user;
    return principal;
  }

  private assertCsrf(request: ApiRequest, principal: AdminPrincipal<User>): void {
    if (principal.csrfToken === null || !WRITES.has(request.method)) return;
    const sent = request.headers["x-csrf-token"];
    if (!csrfTokenMatches(sent, principal.csrfToken)) throw new PermissionDenied("CSRF token missing or incorrect.");
  }
}

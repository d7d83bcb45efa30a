/** Who a request to the admin's API is, what they may do with each model, and the session routes every way of signing in serves. */
import type { ApiRequest, ApiResponse } from "@viewsets/core";
import type { Session } from "../shared/wire.js";
import type { AdminUserDirectory } from "./users-api.js";

/** Who a request to the admin's API is, and how they proved it. */
export interface AdminPrincipal<User = unknown> {
  readonly user: User;
  readonly id: string;
  /** A session cookie signed the request in: its writes need the CSRF token. */
  readonly csrfToken: string | null;
}

/** Django's four model permissions, as one user holds them on one model. */
export interface ModelPermissions {
  readonly view: boolean;
  readonly add: boolean;
  readonly change: boolean;
  readonly delete: boolean;
}

export const ALL_PERMISSIONS: ModelPermissions = Object.freeze({ view: true, add: true, change: true, delete: true });

/** ADMIN.md's `/api/session` routes and the check every other route makes, whoever keeps the users. */
export interface AdminAuth<User> {
  signIn(request: ApiRequest): Promise<ApiResponse>;
  current(request: ApiRequest): Promise<ApiResponse>;
  signOut(request: ApiRequest): Promise<ApiResponse>;
  endOtherSessions(request: ApiRequest): Promise<ApiResponse>;
  /** 401 without a user, 403 for one who is not staff, 403 for a cookie-signed write without its token. */
  authorize(request: ApiRequest): Promise<AdminPrincipal<User>>;
  /** Ends every session of a user; how many there were. */
  endSessions(userId: string): Promise<number>;
  /** A user's id as the admin keeps it (the principal's `id`, its sessions' and history's). */
  idOf(user: User): string;
  /** What the user may do with a registered model (before the model's own switches). */
  permissions(user: User, model: string): ModelPermissions;
}

/** ADMIN.md's answer to a sign-in and a session check: `{ "user": { "id", "username", "isStaff" }, "csrfToken" }`. */
export function sessionAnswer(
  user: { readonly id: string | number; readonly username: string; readonly isStaff: boolean },
  csrfToken: string | null,
): Session {
  return { user: { id: user.id, username: user.username, isStaff: user.isStaff }, csrfToken };
}

/** Who a request is, by its session cookie (`csrfToken` its session's) or another credential (a bearer token: null). */
export interface AccountSession<User> {
  readonly user: User;
  readonly csrfToken: string | null;
}

/** Users, sign-in and sessions from an auth library, as `createAdmin({ accounts })` takes them. */
export interface AdminAccounts<User> {
  /**
   * Checks the username and password and opens a new session: its user, CSRF token and the one
   * `Set-Cookie` that holds it. A wrong name or password throws `AuthenticationFailed` (401).
   */
  signIn(
    request: ApiRequest,
    credentials: { readonly username: string; readonly password: string },
  ): Promise<{ readonly user: User; readonly csrfToken: string; readonly setCookie: string }>;
  /** The request's user, or null when it carries no live credential. */
  principal(request: ApiRequest): Promise<AccountSession<User> | null>;
  /** Ends the request's session on the server; the `Set-Cookie` that clears its cookie. */
  signOut(request: ApiRequest): Promise<string>;
  /** Ends the user's sessions but the request's own; how many there were. */
  endOtherSessions(request: ApiRequest, user: User): Promise<number>;
  /** Ends every session of a user; how many there were. */
  endSessions(userId: string): Promise<number>;
  /** Whether the user may use the admin at all. */
  isStaff(user: User): boolean;
  idOf(user: User): string;
  usernameOf(user: User): string;
  /** What the user may do with a registered model. */
  permissions(user: User, model: string): ModelPermissions;
  /** The Users page's user management (better-auth's admin plugin), when the library offers it. */
  readonly users?: AdminUserDirectory<User>;
}

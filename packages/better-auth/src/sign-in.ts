/**
 * Signing in and out with better-auth from a core handler (the admin's `POST /admin/api/session`,
 * an app's own sign-in route): better-auth checks the password, makes the session and its cookie;
 * this answers the user, the session's CSRF token and the `Set-Cookie` headers to send.
 */
import { type ApiError, type ApiRequest, AuthenticationFailed, PermissionDenied, Throttled } from "@viewsets/core";
import { isAPIError } from "better-auth/api";
import { csrfTokenFor } from "./csrf.js";
import { apiMethod, type BetterAuthInstance, contextOf, pluginOf } from "./instance.js";
import { orOutage } from "./outage.js";
import { type AuthSession, type AuthUser, bearerToken, cookieToken, openSession, type SignedIn } from "./session.js";

export interface SignedInAnswer {
  readonly user: AuthUser;
  readonly session: AuthSession;
  /** The session's CSRF token: `X-CSRF-Token` on its cookie's writes. */
  readonly csrfToken: string;
  /** The `Set-Cookie` headers that hold the session (better-auth's cookie, attributes and all). */
  readonly setCookie: readonly string[];
}

/** The request's headers as Fetch headers, for better-auth (its IP and user-agent records, its cookies). */
export function fetchHeaders(request: ApiRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

export const INVALID_CREDENTIALS = "Invalid username or password.";

/**
 * better-auth's refusal as the core's error: any refusal of the name or password (wrong, unknown,
 * or a username its plugin would never accept) is the one 401, so that none tells which users
 * exist; a banned or unverified user is 403; anything it could not do for lack of a database, a 503.
 */
async function refusal(auth: BetterAuthInstance, error: unknown): Promise<ApiError | unknown> {
  if (!isAPIError(error)) return error;
  const body = (error.body ?? {}) as { message?: string };
  if (error.statusCode === 429) return new Throttled(Number(error.headers?.["X-Retry-After"] ?? 60));
  if (error.statusCode === 403) return new PermissionDenied(body.message);
  if (error.statusCode >= 400 && error.statusCode < 500) return new AuthenticationFailed(INVALID_CREDENTIALS);
  if (error.statusCode >= 500) {
    // better-auth answers a failed query as a bare 500: ask the database once more to tell an outage.
    const context = await contextOf(auth);
    await orOutage(() => context.internalAdapter.findUserById("viewsets-outage-probe"));
  }
  return error;
}

/**
 * Signs in with a username (better-auth's username plugin) or, without that plugin, an email and
 * a password. A wrong name or password is `AuthenticationFailed` with one detail for both.
 */
export async function signIn(
  auth: BetterAuthInstance,
  request: ApiRequest,
  credentials: { readonly username: string; readonly password: string },
): Promise<SignedInAnswer> {
  const byUsername = pluginOf(auth, "username") !== undefined;
  const method = apiMethod<unknown, { headers: Headers; response: { token: string } }>(
    auth,
    byUsername ? "signInUsername" : "signInEmail",
  );
  const body = byUsername
    ? { username: credentials.username, password: credentials.password }
    : { email: credentials.username, password: credentials.password };
  let answer: { headers: Headers; response: { token: string } };
  try {
    answer = await method({ body, headers: fetchHeaders(request), returnHeaders: true });
  } catch (error) {
    throw await refusal(auth, error);
  }
  const context = await contextOf(auth);
  const signedIn = await openSession(context, answer.response.token);
  if (!signedIn) throw new AuthenticationFailed(INVALID_CREDENTIALS);
  return {
    ...signedIn,
    csrfToken: csrfTokenFor(context.secret, signedIn.session.id),
    setCookie: answer.headers.getSetCookie(),
  };
}

/** Ends the request's session on the server (its cookie stops working) and answers the `Set-Cookie` that clears it. */
export async function signOut(auth: BetterAuthInstance, request: ApiRequest): Promise<readonly string[]> {
  const method = apiMethod<unknown, { headers: Headers }>(auth, "signOut");
  try {
    const answer = await method({ headers: fetchHeaders(request), returnHeaders: true });
    return answer.headers.getSetCookie();
  } catch (error) {
    throw await refusal(auth, error);
  }
}

/** A request's live better-auth session, and the CSRF token its writes need (null for a bearer token, which needs none). */
export interface RequestSession extends SignedIn {
  readonly csrfToken: string | null;
  /** The session's token (what its cookie or bearer credential carries). */
  readonly token: string;
}

/**
 * The request's live session: the bearer plugin's `Authorization: Bearer` token when the plugin
 * is installed and the request sends one, else the session cookie. Null when neither opens a
 * live session (none, forged, ended, expired, or a banned user's). An outage is its 503.
 */
export async function requestSession(auth: BetterAuthInstance, request: ApiRequest): Promise<RequestSession | null> {
  const context = await contextOf(auth);
  const bearer = pluginOf(auth, "bearer");
  const header = request.headers.authorization?.trim();
  if (bearer && header && /^bearer\s+\S/i.test(header)) {
    const requireSignature = (bearer.options as { requireSignature?: boolean } | undefined)?.requireSignature === true;
    const token = bearerToken(context, header.slice(6).trim(), requireSignature);
    const signedIn = token === null ? null : await openSession(context, token);
    return signedIn && token !== null ? { ...signedIn, token, csrfToken: null } : null;
  }
  const token = cookieToken(context, request.headers.cookie);
  const signedIn = token === null ? null : await openSession(context, token);
  if (!signedIn || token === null) return null;
  return { ...signedIn, token, csrfToken: csrfTokenFor(context.secret, signedIn.session.id) };
}

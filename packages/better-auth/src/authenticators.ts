/**
 * Authenticators for the REST API from better-auth: its session cookie (with DRF's CSRF rule),
 * the bearer plugin's token and the api-key plugin's key. Each answers null when the request
 * carries no credential of its kind, so they chain like DRF's DEFAULT_AUTHENTICATION_CLASSES.
 */
import {
  type ApiRequest,
  type AuthResult,
  AuthenticationFailed,
  type Authenticator,
  PermissionDenied,
  SAFE_METHODS,
  Throttled,
} from "@viewsets/core";
import type { AuthContext } from "better-auth";
import { getCookies } from "better-auth/cookies";
import { csrfTokenFor, csrfTokenMatches } from "./csrf.js";
import { apiMethod, type BetterAuthInstance, contextOf, pluginOf } from "./instance.js";
import { orOutage } from "./outage.js";
import { type AuthSession, type AuthUser, bearerToken, cookieToken, isBanned, openSession } from "./session.js";

/** How a request signed in: `request.auth` after one of these authenticators. */
export type BetterAuthCredentials =
  /** The session cookie: unsafe methods needed `csrfToken` in `X-CSRF-Token`. */
  | { readonly kind: "session"; readonly session: AuthSession; readonly csrfToken: string }
  | { readonly kind: "bearer"; readonly session: AuthSession }
  /** An API key; `permissions` limits it further when the key has its own. */
  | {
      readonly kind: "apiKey";
      readonly apiKey: {
        readonly id: string;
        readonly permissions: Readonly<Record<string, readonly string[]>> | null;
      };
    };

export const CSRF_HEADER = "x-csrf-token";
const CSRF_FAILED = "CSRF Failed: CSRF token missing or incorrect.";

function result(user: AuthUser, auth: BetterAuthCredentials): AuthResult {
  return { user, auth };
}

/**
 * better-auth's session cookie, as DRF's SessionAuthentication: a POST, PUT, PATCH or DELETE it
 * signs in must carry the session's CSRF token in `X-CSRF-Token`, else 403 before anything runs.
 * No cookie, a forged one, or an ended session: null (anonymous), as Django reads a stale cookie.
 * It has no challenge: first in the list, an anonymous request that is refused gets 403.
 */
export function sessionAuthentication(auth: BetterAuthInstance): Authenticator {
  // The cookie's name as better-auth sets it: its prefix, and `__Secure-` on https.
  const cookieName = getCookies(auth.options).sessionToken.name;
  return {
    securityScheme: { name: "sessionAuth", scheme: { type: "apiKey", in: "cookie", name: cookieName } },
    async authenticate(request): Promise<AuthResult | null> {
      const context = await contextOf(auth);
      const token = cookieToken(context, request.headers.cookie);
      if (token === null) return null;
      const signedIn = await openSession(context, token);
      if (!signedIn) return null;
      const { session, user } = signedIn;
      if (!SAFE_METHODS.includes(request.method)) {
        if (!csrfTokenMatches(request.headers[CSRF_HEADER], context.secret, session.id)) {
          throw new PermissionDenied(CSRF_FAILED);
        }
      }
      return result(user, { kind: "session", session, csrfToken: csrfTokenFor(context.secret, session.id) });
    },
  };
}

const BEARER_CHALLENGE = 'Bearer realm="api"';

/** The bearer plugin's `Authorization: Bearer <token>` (the `set-auth-token` a sign-in answered): no CSRF token needed. */
export function bearerAuthentication(auth: BetterAuthInstance): Authenticator {
  const plugin = pluginOf(auth, "bearer");
  const requireSignature = (plugin?.options as { requireSignature?: boolean } | undefined)?.requireSignature === true;
  return {
    securityScheme: { name: "bearerAuth", scheme: { type: "http", scheme: "bearer" } },
    challenge: () => BEARER_CHALLENGE,
    async authenticate(request): Promise<AuthResult | null> {
      const credential = bearerCredential(request);
      if (credential === null) return null;
      if (credential === "") {
        throw new AuthenticationFailed("Invalid Bearer header. No credentials provided.", BEARER_CHALLENGE);
      }
      const context = await contextOf(auth);
      const token = bearerToken(context, credential, requireSignature);
      const signedIn = token === null ? null : await openSession(context, token);
      if (!signedIn) throw new AuthenticationFailed("Invalid token.", `${BEARER_CHALLENGE}, error="invalid_token"`);
      return result(signedIn.user, { kind: "bearer", session: signedIn.session });
    },
  };
}

function bearerCredential(request: ApiRequest): string | null {
  const header = request.headers.authorization?.trim();
  if (!header || !/^bearer(\s|$)/i.test(header)) return null;
  return header.slice(6).trim();
}

interface VerifiedKey {
  readonly valid: boolean;
  readonly error: { readonly code?: string; readonly details?: { readonly tryAgainIn?: number } } | null;
  readonly key: { readonly id: string; readonly referenceId: string; readonly permissions?: unknown } | null;
}

/**
 * The api-key plugin's key, in its header (`x-api-key` unless the plugin names others). The key
 * is checked by better-auth (expiry, enabled, remaining uses, its rate limit: 429); its owner is
 * the user. A rejected key is 401.
 */
export function apiKeyAuthentication(auth: BetterAuthInstance): Authenticator {
  const options = pluginOf(auth, "api-key")?.options as { apiKeyHeaders?: string | string[] } | undefined;
  const headers = [options?.apiKeyHeaders ?? "x-api-key"].flat().map((name) => name.toLowerCase());
  return {
    securityScheme: { name: "apiKeyAuth", scheme: { type: "apiKey", in: "header", name: headers[0] } },
    async authenticate(request): Promise<AuthResult | null> {
      const key = headers.map((name) => request.headers[name]).find((value) => value !== undefined);
      if (key === undefined) return null;
      if (key === "" || key.length > 512) throw new AuthenticationFailed("Invalid API key.");
      const verify = apiMethod<{ body: { key: string } }, VerifiedKey>(auth, "verifyApiKey");
      const verified = await verify({ body: { key } });
      const context = await contextOf(auth);
      if (!verified.valid || !verified.key) return refused(context, verified);
      const user = (await orOutage(() =>
        context.internalAdapter.findUserById(verified.key!.referenceId),
      )) as AuthUser | null;
      if (!user || isBanned(user)) throw new AuthenticationFailed("Invalid API key.");
      const permissions = parsePermissions(verified.key.permissions);
      return result(user, { kind: "apiKey", apiKey: { id: verified.key.id, permissions } });
    },
  };
}

/**
 * The answer to a key better-auth did not accept. The plugin answers a failed query as an invalid
 * key, so the database is asked once more (a one-row lookup): an outage there is the 503.
 */
async function refused(context: AuthContext, verified: VerifiedKey): Promise<never> {
  if (verified.error?.code === "RATE_LIMITED") {
    throw new Throttled(Math.ceil((verified.error.details?.tryAgainIn ?? 1000) / 1000));
  }
  await orOutage(() => context.internalAdapter.findUserById("viewsets-outage-probe"));
  throw new AuthenticationFailed("Invalid API key.");
}

/** A key's own permissions: null when it has none (the user's roles alone), none at all when unreadable. */
function parsePermissions(value: unknown): Readonly<Record<string, readonly string[]>> | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "object") return value as Record<string, readonly string[]>;
  try {
    const parsed: unknown = JSON.parse(String(value));
    return parsed && typeof parsed === "object" ? (parsed as Record<string, readonly string[]>) : {};
  } catch {
    return {};
  }
}

/**
 * The authenticators of an instance, in the order DRF would list them: the bearer token (first,
 * so that a refused anonymous request is a 401 with its challenge) and the API key where their
 * plugins are installed, then the session cookie.
 */
export function betterAuthentication(auth: BetterAuthInstance): Authenticator[] {
  const list: Authenticator[] = [];
  if (pluginOf(auth, "bearer")) list.push(bearerAuthentication(auth));
  if (pluginOf(auth, "api-key")) list.push(apiKeyAuthentication(auth));
  list.push(sessionAuthentication(auth));
  return list;
}

/**
 * Reads better-auth's session from a request the way better-auth signs it: the session cookie
 * (`better-auth.session_token`, its value `token.signature`, HMAC-SHA256 under the secret) or the
 * bearer plugin's `Authorization: Bearer` token. The session is then looked up through
 * better-auth's internal adapter, with no cookie cache: a revoked session, or a banned user's,
 * stops working on the next request.
 *
 * better-auth's `getSession` route does the same lookup, but turns a failed query into a bare
 * 500 with the driver's error left out; reading the session here keeps that error, so an outage
 * is the 503 it is everywhere else in the API.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AuthContext, Session, User } from "better-auth";
import { orOutage } from "./outage.js";

/** better-auth's user with the admin and username plugins' fields (absent without them). */
export type AuthUser = User & {
  role?: string | null;
  banned?: boolean | null;
  banExpires?: Date | null;
  username?: string | null;
  displayUsername?: string | null;
};

export type AuthSession = Session & { impersonatedBy?: string | null };

export interface SignedIn {
  readonly user: AuthUser;
  readonly session: AuthSession;
}

/** A cookie's value from a `Cookie` header, percent-decoded; undefined when absent or malformed. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const split = part.indexOf("=");
    if (split === -1 || part.slice(0, split).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(split + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The token of a signed value `token.signature`, or null when the signature is not the secret's. */
export function verifySigned(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return token;
}

/** The session token the request's session cookie carries (signature checked), or null. */
export function cookieToken(context: AuthContext, cookieHeader: string | undefined): string | null {
  const value = readCookie(cookieHeader, context.authCookies.sessionToken.name);
  if (value === undefined || value.length > 512) return null;
  return verifySigned(value, context.secret);
}

/**
 * The session token of a bearer credential, as the bearer plugin takes it: signed
 * (`token.signature`, what `set-auth-token` hands out) or, unless the plugin requires a
 * signature, the bare token. Null when it is neither.
 */
export function bearerToken(context: AuthContext, credential: string, requireSignature: boolean): string | null {
  if (credential.length > 512) return null;
  let value = credential;
  if (value.includes("%")) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  if (value.includes(".")) return verifySigned(value, context.secret);
  return requireSignature ? null : value;
}

/** Whether the user is banned now (a ban past its `banExpires` no longer counts). */
export function isBanned(user: AuthUser, now = Date.now()): boolean {
  if (user.banned !== true) return false;
  return !user.banExpires || new Date(user.banExpires).getTime() > now;
}

/**
 * The live session of a token and its user: null when there is none, it has expired, or its user
 * is banned. A database outage is thrown as its 503.
 */
export async function openSession(context: AuthContext, token: string): Promise<SignedIn | null> {
  const found = (await orOutage(() => context.internalAdapter.findSession(token))) as SignedIn | null;
  if (!found) return null;
  if (new Date(found.session.expiresAt).getTime() <= Date.now()) return null;
  if (isBanned(found.user)) return null;
  return found;
}

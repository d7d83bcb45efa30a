/**
 * `@viewsets/admin/better-auth`: the admin's users, sign-in and sessions from a better-auth
 * instance, `createAdmin({ db, accounts: betterAuthAccounts(auth) })`. One sign-in then serves the
 * REST API and the admin: `POST /admin/api/session` signs in through better-auth and sets its
 * session cookie (Path=/, HttpOnly, SameSite=Lax, Secure on https), whose CSRF token the API's
 * `sessionAuthentication` accepts too. Staff are the users with any model permission; each sees
 * and does what their roles grant (better-auth's admin plugin), and those whose role may manage
 * users (`admin`) get the Users page.
 */
import type { ApiRequest } from "@viewsets/core";
import {
  type AuthUser,
  type BetterAuthInstance,
  asOutage,
  modelPermissionsOf,
  requestSession,
  roleBookOf,
  signIn,
  signOut,
} from "@viewsets/better-auth";
import { getCookies } from "better-auth/cookies";
import type { AdminAccounts } from "../server/index.js";
import { betterAuthUsers } from "./users.js";

/** The one `Set-Cookie` of better-auth's session cookie among those it answered. */
function sessionCookieOf(setCookies: readonly string[], name: string): string {
  const cookie = setCookies.find((header) => header.startsWith(`${name}=`));
  if (cookie === undefined) throw new Error("@viewsets/admin: better-auth answered no session cookie");
  return cookie;
}

interface Internals {
  readonly internalAdapter: { listSessions(userId: string): Promise<{ id: string }[]> };
  readonly adapter: { delete(query: { model: string; where: { field: string; value: string }[] }): Promise<void> };
}

/** better-auth's internal adapter, its failures as the 503 of an outage. */
async function sessionsOf(auth: BetterAuthInstance) {
  const { internalAdapter, adapter } = (await auth.$context) as Internals;
  const guarded =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await run(...args);
      } catch (error) {
        throw asOutage(error);
      }
    };
  return {
    list: guarded((userId: string) => internalAdapter.listSessions(userId)),
    // By id: a listed session's token may be stored hashed (hashedSessionTokens), its id never is.
    end: guarded((id: string) => adapter.delete({ model: "session", where: [{ field: "id", value: id }] })),
  };
}

/** The admin's accounts from a better-auth instance with the username (or email) sign-in and admin plugins. */
export function betterAuthAccounts(auth: BetterAuthInstance): AdminAccounts<AuthUser> {
  const book = roleBookOf(auth);
  const cookieName = getCookies(auth.options).sessionToken.name;
  return {
    async signIn(request: ApiRequest, credentials) {
      const previous = await requestSession(auth, request);
      const answer = await signIn(auth, request, credentials);
      // A new sign-in replaces the browser's session: the old one ends (no session fixation).
      if (previous?.csrfToken) await (await sessionsOf(auth)).end(previous.session.id);
      const setCookie = sessionCookieOf(answer.setCookie, cookieName);
      return { user: answer.user, csrfToken: answer.csrfToken, setCookie };
    },
    async principal(request) {
      const found = await requestSession(auth, request);
      return found ? { user: found.user, csrfToken: found.csrfToken } : null;
    },
    async signOut(request) {
      return sessionCookieOf(await signOut(auth, request), cookieName);
    },
    async endOtherSessions(request, user) {
      const current = await requestSession(auth, request);
      const sessions = await sessionsOf(auth);
      const others = (await sessions.list(user.id)).filter((session) => session.id !== current?.session.id);
      for (const session of others) await sessions.end(session.id);
      return others.length;
    },
    async endSessions(userId) {
      const sessions = await sessionsOf(auth);
      const all = await sessions.list(userId);
      for (const session of all) await sessions.end(session.id);
      return all.length;
    },
    isStaff: (user) => book.isStaff(user),
    idOf: (user) => user.id,
    usernameOf: (user) => user.username ?? user.email,
    permissions: (user, model) => modelPermissionsOf(auth, user, model),
    users: betterAuthUsers(auth, book),
  };
}

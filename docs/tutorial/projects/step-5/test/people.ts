// Users for the tests: signed up through better-auth's own route, given a role, and signed in for a bearer token.
import { eq } from "drizzle-orm";
import * as authSchema from "@viewsets/better-auth/schema/sqlite";
import type { LibraryDatabase } from "../src/db.js";
import { call } from "./serve.js";

process.env.BETTER_AUTH_SECRET ??= "a-test-secret-of-at-least-thirty-two-characters";

/** Signs `name` up with `role` and answers the headers of their bearer token. */
export async function person(base: string, db: LibraryDatabase, name: string, role: string) {
  const password = "correct-horse-42";
  // better-auth refuses a POST without an Origin it trusts (CSRF): a browser sends the page's.
  const origin = { origin: base };
  const body = { email: `${name}@example.com`, name, username: name, password };
  const signUp = await call(`${base}/api/auth/sign-up/email`, "POST", body, origin);
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status} ${JSON.stringify(signUp.body)}`);
  // What `npx viewsets setrole NAME ROLE` does.
  db.update(authSchema.user).set({ role }).where(eq(authSchema.user.username, name)).run();
  const signIn = await call(`${base}/api/auth/sign-in/username`, "POST", { username: name, password }, origin);
  return { authorization: `Bearer ${signIn.headers.get("set-auth-token")}` };
}

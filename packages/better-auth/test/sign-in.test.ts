/**
 * Signing in and out from a core handler (what the admin's `POST /admin/api/session` will call):
 * the session better-auth makes, its cookie, and a CSRF token the API's session authenticator
 * takes.
 */
import type { ApiRequest } from "@viewsets/core";
import { fakeRequest } from "@viewsets/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionAuthentication, signIn, signOut } from "../src/index.js";
import { type Fixture, PASSWORD, sqliteFixture } from "./fixture.js";
import { createUser } from "./users.js";

let fixture: Fixture;
beforeAll(async () => {
  fixture = sqliteFixture();
  await createUser(fixture.auth, "editor", "editor");
  await createUser(fixture.auth, "banned", "editor");
});
afterAll(() => fixture.close());

const request = (method: string, headers: Record<string, string> = {}): ApiRequest =>
  fakeRequest(method, "/admin/api/session", {
    headers: { "user-agent": "test", ...headers },
    origin: "http://127.0.0.1:3000",
  });

describe("signIn and signOut", () => {
  it("sign in with a username: the user, the session's cookie and a CSRF token its writes pass with", async () => {
    const answer = await signIn(fixture.auth, request("POST"), { username: "Editor", password: PASSWORD });
    expect(answer.user).toMatchObject({ username: "editor", role: "editor" });
    expect(answer.setCookie).toHaveLength(1);
    expect(answer.setCookie[0]).toMatch(
      /^better-auth\.session_token=.+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const cookie = answer.setCookie[0]!.split(";")[0]!;
    const authenticator = sessionAuthentication(fixture.auth);
    const write = await authenticator.authenticate(request("PATCH", { cookie, "x-csrf-token": answer.csrfToken }));
    expect(write?.auth).toMatchObject({ kind: "session", csrfToken: answer.csrfToken });
    await expect(authenticator.authenticate(request("PATCH", { cookie }))).rejects.toMatchObject({ status: 403 });
  });

  it("make a new session, and so a new CSRF token, on each sign-in", async () => {
    const first = await signIn(fixture.auth, request("POST"), { username: "editor", password: PASSWORD });
    const second = await signIn(fixture.auth, request("POST"), { username: "editor", password: PASSWORD });
    expect(second.session.id).not.toBe(first.session.id);
    expect(second.csrfToken).not.toBe(first.csrfToken);
  });

  it("answer one 401 for a wrong password and an unknown user, and 403 for a banned one", async () => {
    for (const credentials of [
      { username: "editor", password: "not-the-password" },
      { username: "nobody", password: PASSWORD },
      { username: "x", password: PASSWORD }, // a username the username plugin refuses outright
    ]) {
      await expect(signIn(fixture.auth, request("POST"), credentials)).rejects.toMatchObject({
        status: 401,
        message: "Invalid username or password.",
      });
    }
    const context = await fixture.auth.$context;
    const banned = await context.internalAdapter.findUserByEmail("banned@example.test");
    await context.internalAdapter.updateUser(banned!.user.id, { banned: true });
    await expect(
      signIn(fixture.auth, request("POST"), { username: "banned", password: PASSWORD }),
    ).rejects.toMatchObject({
      status: 403,
    });
  });

  it("sign out: the session ends on the server, its cookie no longer signs in, and the answer clears it", async () => {
    const answer = await signIn(fixture.auth, request("POST"), { username: "editor", password: PASSWORD });
    const cookie = answer.setCookie[0]!.split(";")[0]!;
    const cleared = await signOut(fixture.auth, request("DELETE", { cookie }));
    expect(cleared.some((header) => /^better-auth\.session_token=; Max-Age=0/.test(header))).toBe(true);
    expect(await sessionAuthentication(fixture.auth).authenticate(request("GET", { cookie }))).toBeNull();
  });
});

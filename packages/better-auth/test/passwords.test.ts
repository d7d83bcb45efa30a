/**
 * The viewsets plugin puts the password rules on every better-auth route that sets a password,
 * with their messages on the field, and nothing is written when they refuse.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Fixture, PASSWORD, sqliteFixture } from "./fixture.js";
import { type Signed, userWithRole } from "./users.js";

let fixture: Fixture;
let superuser: Signed;
beforeAll(async () => {
  fixture = sqliteFixture();
  superuser = await userWithRole(fixture.auth, "root", "admin");
});
afterAll(() => fixture.close());

/** The refusal better-auth answers over HTTP: status and JSON body. */
async function overHttp(path: string, body: unknown, cookie?: string) {
  const response = await fixture.auth.handler(
    new Request(`http://127.0.0.1:3000/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://127.0.0.1:3000", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const userNamed = async (name: string) =>
  (await (await fixture.auth.$context).internalAdapter.findUserByEmail(`${name}@example.test`))?.user ?? null;

describe("password rules through better-auth", () => {
  it("refuse a weak sign-up with every message on the password field, and make no user", async () => {
    const { status, body } = await overHttp("/sign-up/email", {
      email: "marjorie@example.test",
      name: "Marjorie",
      username: "marjorie",
      password: "marjorie1",
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: "PASSWORD_TOO_WEAK",
      errors: { password: ["The password is too similar to the username."] },
    });
    expect(await userNamed("marjorie")).toBeNull();
  });

  it("refuse a common or numeric new password on change-password, and keep the old one", async () => {
    const user = await userWithRole(fixture.auth, "walter", "editor");
    const { status, body } = await overHttp(
      "/change-password",
      { currentPassword: PASSWORD, newPassword: "1234567890" },
      user.cookie,
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual({
      newPassword: ["This password is too common.", "This password is entirely numeric."],
    });
    const again = await fixture.auth.api.signInUsername({ body: { username: "walter", password: PASSWORD } });
    expect(again?.user.id).toBe(user.id);
  });

  it("refuse a weak password on the admin plugin's create-user and set-user-password", async () => {
    const headers = new Headers({ cookie: superuser.cookie });
    await expect(
      fixture.auth.api.createUser({
        body: { email: "short@example.test", name: "Short", password: "k7#q", role: "editor" },
        headers,
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      body: { errors: { password: ["This password is too short. It must contain at least 8 characters."] } },
    });
    expect(await userNamed("short")).toBeNull();
    const target = await userWithRole(fixture.auth, "hopper", "editor");
    await expect(
      fixture.auth.api.setUserPassword({ body: { userId: target.id, newPassword: "hopper-99" }, headers }),
    ).rejects.toMatchObject({
      statusCode: 400,
      body: { errors: { newPassword: ["The password is too similar to the username."] } },
    });
  });

  it("let a strong password through", async () => {
    const { status } = await overHttp("/sign-up/email", {
      email: "ada@example.test",
      name: "Ada",
      username: "ada",
      password: "plum-tractor-89",
    });
    expect(status).toBe(200);
    expect(await userNamed("ada")).not.toBeNull();
  });
});

/**
 * The admin on better-auth's users, on every framework and both databases: one sign-in at
 * `POST /admin/api/session` serves the admin and the REST API (its cookie and CSRF token), the
 * admin honours each user's model permissions, bans and sign-outs end sessions at once, and the
 * session rules of ADMIN.md hold.
 */
import { hashSessionToken } from "@viewsets/better-auth";
import { skipOutsideCI } from "@viewsets/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthApp, authApp, createUser, PASSWORD } from "./better-auth-fixture.js";
import { AdminClient, call } from "./client.js";
import { type FixtureDatabase, postgresDatabase, postgresUnavailable, sqliteDatabase } from "./fixture.js";
import { FRAMEWORKS, type Served, serve } from "./serve.js";

const pgSkip = skipOutsideCI(await postgresUnavailable());
const DATABASES = [
  { name: "SQLite", open: () => sqliteDatabase(), skip: undefined },
  { name: "PostgreSQL", open: () => postgresDatabase(), skip: pgSkip },
] as const;

for (const { name, open, skip } of DATABASES) {
  describe.skipIf(skip !== undefined).each(FRAMEWORKS)(`the admin on better-auth, ${name}, %s`, (framework) => {
    let database: FixtureDatabase;
    let app: AuthApp;
    let served: Served;
    const editorName = `editor_${framework}`;
    const customerName = `customer_${framework}`;

    beforeAll(async () => {
      database = await open();
      app = await authApp(database);
      served = await serve(framework, [app.router, app.admin]);
      await createUser(app.auth, editorName, "editor");
      await createUser(app.auth, customerName);
    });
    afterAll(async () => {
      await served?.close();
      await database?.close();
    });

    const signedIn = async (username: string) => {
      const client = new AdminClient(served.url);
      expect((await client.signIn(username, PASSWORD)).status).toBe(200);
      return client;
    };
    const api = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
      call(`${served.url}/api/${path}`, method, body, headers);
    const productName = async (id: number) =>
      (await database.query(`SELECT name FROM products WHERE id = ${id}`))[0]?.name as string | undefined;

    it("signs in through better-auth with ADMIN.md's answer and a session cookie for the whole site", async () => {
      const client = new AdminClient(served.url);
      const reply = await client.signIn(editorName, PASSWORD);
      expect(reply.status).toBe(200);
      expect(reply.json).toMatchObject({ user: { username: editorName, isStaff: true } });
      expect(reply.json.csrfToken).toMatch(/^[\w-]{43}$/);
      const cookie = reply.headers.get("set-cookie")!;
      expect(cookie).toMatch(/^better-auth\.session_token=/);
      // Path=/ so that the same cookie signs the REST API in: one sign-in for both.
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect((await client.get("/session")).json).toMatchObject({ user: { username: editorName } });
    });

    it("keeps each session's token hashed at rest: the stored value opens nothing", async () => {
      await createUser(app.auth, `hashed_${framework}`, "editor");
      const client = await signedIn(`hashed_${framework}`);
      const token = decodeURIComponent(client.cookie.slice(client.cookie.indexOf("=") + 1)).split(".")[0]!;
      const stored = (await database.query("SELECT token FROM auth_session")).map((row) => String(row.token));
      expect(stored).toContain(hashSessionToken(token));
      expect(stored.some((value) => value.includes(token))).toBe(false);
      expect(stored.every((value) => /^sha256\$[0-9a-f]{64}$/.test(value))).toBe(true);
      // The stored value as a bearer token (the plugin takes unsigned ones) is no session.
      const asBearer = await call(`${served.url}/admin/api/models`, "GET", undefined, {
        authorization: `Bearer ${hashSessionToken(token)}`,
      });
      expect(asBearer.status).toBe(401);
      expect((await client.get("/models")).status).toBe(200);
    });

    it("answers a wrong password or unknown user with the same 401, a missing field with 400", async () => {
      const client = new AdminClient(served.url);
      const wrong = await client.signIn(editorName, "not-the-password");
      const unknown = await client.signIn("nobody_here", PASSWORD);
      expect([wrong.status, unknown.status]).toEqual([401, 401]);
      expect(wrong.json.detail).toBe(unknown.json.detail);
      expect(wrong.headers.get("set-cookie")).toBeNull();
      const missing = await call(`${served.url}/admin/api/session`, "POST", { username: editorName });
      expect(missing.status).toBe(400);
    });

    it("throttles sign-in per username from one address (429)", async () => {
      const name = `throttled_${framework}`;
      await createUser(app.auth, name, "editor");
      const client = new AdminClient(served.url);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await client.signIn(name, "wrong-password")).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses[5]).toBe(429);
    });

    it("shows the editor only the models they may view, with what they may do", async () => {
      const editor = await signedIn(editorName);
      const models = await editor.get("/models");
      expect(models.status).toBe(200);
      expect(models.json.models.map((m: { name: string }) => m.name)).toEqual(["products"]);
      expect(models.json.models[0].permissions).toEqual({ add: true, change: true, delete: false });
      // A model without view: absent, and its routes are 403.
      expect((await editor.get("/models/categories/rows/")).status).toBe(403);
      expect((await editor.get("/models/categories/facets")).status).toBe(403);
      expect((await editor.get("/saved-views/categories")).status).toBe(403);
    });

    it("lets the editor change a product in the admin and refuses a delete (403, nothing removed)", async () => {
      const editor = await signedIn(editorName);
      const patched = await editor.request("PATCH", "/models/products/rows/3", { name: "Changed in the admin" });
      expect(patched.status).toBe(200);
      expect(await productName(3)).toBe("Changed in the admin");
      const deleted = await editor.request("DELETE", "/models/products/rows/3");
      expect(deleted.status).toBe(403);
      expect(await productName(3)).toBe("Changed in the admin");
    });

    it("lets the editor PATCH through the REST API with the admin's cookie and CSRF token", async () => {
      const editor = await signedIn(editorName);
      const withToken = { cookie: editor.cookie, "x-csrf-token": editor.csrfToken };
      const patched = await api("PATCH", "products/4", withToken, { name: "Changed through the API" });
      expect(patched.status).toBe(200);
      expect(await productName(4)).toBe("Changed through the API");
      // Without the token: 403, nothing written.
      const noToken = await api("PATCH", "products/4", { cookie: editor.cookie }, { name: "Forged" });
      expect(noToken.status).toBe(403);
      expect(await productName(4)).toBe("Changed through the API");
      // No delete permission: 403, nothing removed.
      expect((await api("DELETE", "products/4", withToken)).status).toBe(403);
      expect(await productName(4)).toBe("Changed through the API");
    });

    it("keeps anonymous writes out of the API and lets anonymous reads in", async () => {
      expect((await api("GET", "products/5", {})).status).toBe(200);
      const write = await api("PATCH", "products/5", {}, { name: "Anonymous" });
      expect([401, 403]).toContain(write.status);
      expect(await productName(5)).not.toBe("Anonymous");
    });

    it("signs the customer in but keeps them out of the admin's API (403)", async () => {
      const customer = await signedIn(customerName);
      expect((await customer.get("/session")).json.user.isStaff).toBe(false);
      expect((await customer.get("/models")).status).toBe(403);
      expect((await customer.get("/models/products/rows/")).status).toBe(403);
    });

    it("rotates the session on sign-in: the earlier cookie stops working", async () => {
      const name = `rotated_${framework}`;
      await createUser(app.auth, name, "editor");
      const first = await signedIn(name);
      // The browser signs in again with its earlier cookie.
      const second = new AdminClient(served.url);
      expect((await second.signIn(name, PASSWORD, { cookie: first.cookie })).status).toBe(200);
      expect(second.cookie).not.toBe(first.cookie);
      expect((await first.get("/models")).status).toBe(401);
      expect((await second.get("/models")).status).toBe(200);
    });

    it("signs out on the server: the cookie no longer opens the admin or the API", async () => {
      await createUser(app.auth, `leaving_${framework}`, "editor");
      const editor = await signedIn(`leaving_${framework}`);
      expect((await editor.request("DELETE", "/session", undefined, { csrf: false })).status).toBe(403);
      const out = await editor.request("DELETE", "/session");
      expect(out.status).toBe(204);
      expect(out.headers.get("set-cookie")).toMatch(/^better-auth\.session_token=;.*Max-Age=0/);
      expect((await editor.get("/models")).status).toBe(401);
      const write = await api("PATCH", "products/6", { cookie: editor.cookie }, { name: "After sign-out" });
      expect([401, 403]).toContain(write.status);
    });

    it("ends a banned user's sessions at once, in the admin and the API", async () => {
      const name = `banned_${framework}`;
      const id = await createUser(app.auth, name, "editor");
      const user = await signedIn(name);
      expect((await user.get("/models")).status).toBe(200);
      await (await app.auth.$context).internalAdapter.updateUser(id, { banned: true });
      expect((await user.get("/models")).status).toBe(401);
      const write = await api("PATCH", "products/7", { cookie: user.cookie, "x-csrf-token": user.csrfToken }, {});
      expect([401, 403]).toContain(write.status);
      expect((await user.signIn(name, PASSWORD)).status).toBe(403);
    });

    it("ends the user's other sessions, and all of them through Admin.endSessions", async () => {
      const name = `sessions_${framework}`;
      const id = await createUser(app.auth, name, "editor");
      const [one, two, three] = [await signedIn(name), await signedIn(name), await signedIn(name)];
      const ended = await one.request("DELETE", "/session/others");
      // The two other sign-ins, and the session better-auth's sign-up opened.
      expect(ended.json).toEqual({ ended: 3 });
      expect((await two.get("/models")).status).toBe(401);
      expect((await three.get("/models")).status).toBe(401);
      expect((await one.get("/models")).status).toBe(200);
      expect(await app.admin.endSessions(id)).toBe(1);
      expect((await one.get("/models")).status).toBe(401);
    });
  });
}

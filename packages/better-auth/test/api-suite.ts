/**
 * What must be the same on every framework: better-auth's session cookie with its CSRF token,
 * bearer tokens, API keys and bans, against DjangoModelPermissions, through a real server of each
 * framework the test kit knows (a new adapter joins by being added there) on a real database.
 */
import { FRAMEWORKS, type Served, serve } from "@viewsets/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Fixture } from "./fixture.js";
import { type Signed, userWithRole } from "./users.js";

const JSON_TYPE = { "content-type": "application/json" };

export function runApiSuite(name: string, open: () => Fixture | Promise<Fixture>): void {
  describe.each(FRAMEWORKS)(`${name}: the REST API with better-auth on %s`, (framework) => {
    let fixture: Fixture;
    let served: Served;
    let editor: Signed;
    let superuser: Signed;
    let customer: Signed;

    beforeAll(async () => {
      fixture = await open();
      served = await serve(framework, [fixture.router]);
      editor = await userWithRole(fixture.auth, `editor_${framework}`, "editor");
      superuser = await userWithRole(fixture.auth, `admin_${framework}`, "admin");
      customer = await userWithRole(fixture.auth, `customer_${framework}`);
    });
    afterAll(async () => {
      await served?.close();
      await fixture?.close();
    });

    const call = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
      fetch(`${served.url}/api/${path}`, {
        method,
        headers: body === undefined ? headers : { ...JSON_TYPE, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const withSession = (user: Signed, csrf = true) => ({
      cookie: user.cookie,
      ...(csrf ? { "x-csrf-token": user.csrfToken } : {}),
    });
    const stored = async (id: number) => (await fixture.products()).find((row) => row.id === id);

    it("lets a user with change PATCH through the session cookie and its CSRF token", async () => {
      const id = await fixture.addProduct("Oak chair");
      const response = await call("PATCH", `products/${id}`, withSession(editor), { name: "Teak chair" });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id, name: "Teak chair" });
      expect((await stored(id))?.name).toBe("Teak chair");
    });

    it("refuses DELETE to a user without delete: 403, nothing removed", async () => {
      const id = await fixture.addProduct("Pine desk");
      const response = await call("DELETE", `products/${id}`, withSession(editor));
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ detail: "You do not have permission to perform this action." });
      expect(await stored(id)).toBeDefined();
    });

    it("refuses a cookie write without the CSRF token, or with another session's: 403, nothing written", async () => {
      const id = await fixture.addProduct("Elm shelf");
      const none = await call("PATCH", `products/${id}`, withSession(editor, false), { name: "Forged" });
      expect(none.status).toBe(403);
      expect(await none.json()).toMatchObject({ detail: "CSRF Failed: CSRF token missing or incorrect." });
      const foreign = await call(
        "PATCH",
        `products/${id}`,
        { cookie: editor.cookie, "x-csrf-token": superuser.csrfToken },
        {
          name: "Forged",
        },
      );
      expect(foreign.status).toBe(403);
      const created = await call("POST", "products/", withSession(superuser, false), { name: "Forged" });
      expect(created.status).toBe(403);
      expect((await stored(id))?.name).toBe("Elm shelf");
      expect((await fixture.products()).some((row) => row.name === "Forged")).toBe(false);
    });

    it("reads with the session cookie alone: no CSRF token on safe methods", async () => {
      const response = await call("GET", "products/", withSession(editor, false));
      expect(response.status).toBe(200);
    });

    it("refuses anonymous requests, reads and writes, with 401 and the bearer challenge", async () => {
      const before = (await fixture.products()).length;
      const write = await call("POST", "products/", {}, { name: "Anonymous" });
      expect(write.status).toBe(401);
      expect(write.headers.get("www-authenticate")).toBe('Bearer realm="api"');
      expect((await call("GET", "products/")).status).toBe(401);
      expect((await fixture.products()).length).toBe(before);
    });

    it("refuses a signed-in user whose role grants nothing on the model: 403", async () => {
      expect((await call("GET", "products/", withSession(customer))).status).toBe(403);
    });

    it("takes the bearer token without a CSRF token, under the same permissions", async () => {
      const id = await fixture.addProduct("Ash stool");
      const auth = { authorization: `Bearer ${editor.bearer}` };
      const patched = await call("PATCH", `products/${id}`, auth, { stock: 4 });
      expect(patched.status).toBe(200);
      expect((await stored(id))?.stock).toBe(4);
      expect((await call("DELETE", `products/${id}`, auth)).status).toBe(403);
      const forged = await call("GET", "products/", { authorization: `Bearer ${editor.bearer.slice(0, -4)}AAA=` });
      expect(forged.status).toBe(401);
      expect(forged.headers.get("www-authenticate")).toContain('error="invalid_token"');
    });

    it("takes an API key of the user without a CSRF token; an unknown key is 401", async () => {
      const key = await fixture.auth.api.createApiKey({ body: { userId: editor.id, rateLimitEnabled: false } });
      const id = await fixture.addProduct("Birch bench");
      const patched = await call("PATCH", `products/${id}`, { "x-api-key": key.key }, { stock: 9 });
      expect(patched.status).toBe(200);
      expect((await call("DELETE", `products/${id}`, { "x-api-key": key.key })).status).toBe(403);
      expect((await call("GET", "products/", { "x-api-key": "not-a-key" })).status).toBe(401);
      expect((await stored(id))?.stock).toBe(9);
    });

    it("answers 429 with Retry-After once an API key's own rate limit is spent", async () => {
      const key = await fixture.auth.api.createApiKey({
        body: { userId: editor.id, rateLimitEnabled: true, rateLimitMax: 1, rateLimitTimeWindow: 60_000 },
      });
      expect((await call("GET", "products/", { "x-api-key": key.key })).status).toBe(200);
      const limited = await call("GET", "products/", { "x-api-key": key.key });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    });

    it("gives the superuser every permission, custom actions included", async () => {
      const id = await fixture.addProduct("Walnut table");
      expect((await call("POST", `products/${id}/restock/`, withSession(superuser))).status).toBe(200);
      expect((await call("DELETE", `products/${id}`, withSession(superuser))).status).toBe(204);
      expect(await stored(id)).toBeUndefined();
    });

    it("asks a custom action for its own permission unless it is mapped onto a model action", async () => {
      const id = await fixture.addProduct("Maple crate");
      expect((await call("POST", `products/${id}/discount/`, withSession(editor))).status).toBe(200);
      expect((await call("POST", `products/${id}/restock/`, withSession(editor))).status).toBe(403);
      expect((await call("POST", `products/${id}/discount/`, withSession(editor, false))).status).toBe(403);
    });

    it("stops a banned user's sessions, cookie and bearer, at once", async () => {
      const banned = await userWithRole(fixture.auth, `banned_${framework}`, "editor");
      expect((await call("GET", "products/", withSession(banned, false))).status).toBe(200);
      await fixture.auth.api.banUser({
        body: { userId: banned.id },
        headers: new Headers({ cookie: superuser.cookie }),
      });
      expect((await call("GET", "products/", withSession(banned, false))).status).toBe(401);
      expect((await call("GET", "products/", { authorization: `Bearer ${banned.bearer}` })).status).toBe(401);
    });

    it("ends the session on sign-out: its cookie no longer signs in", async () => {
      const leaving = await userWithRole(fixture.auth, `leaving_${framework}`, "editor");
      await fixture.auth.api.signOut({ headers: new Headers({ cookie: leaving.cookie }) });
      expect((await call("GET", "products/", withSession(leaving, false))).status).toBe(401);
    });
  });
}

/**
 * The Users page's API on better-auth's admin plugin, on both databases: a superuser lists users
 * with search and filters, creates one (Django's password rules apply), sets a role, bans and
 * unbans (a ban ends the user's sessions at once), resets a password and ends sessions; the
 * roles' permissions per model; an editor may do none of it.
 */
import { skipOutsideCI } from "@viewsets/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthApp, authApp, createUser, PASSWORD } from "./better-auth-fixture.js";
import { AdminClient } from "./client.js";
import { type FixtureDatabase, postgresDatabase, postgresUnavailable, sqliteDatabase } from "./fixture.js";
import { type Served, serve } from "./serve.js";

const pgSkip = skipOutsideCI(await postgresUnavailable());

describe.each([
  { name: "SQLite", open: () => sqliteDatabase(), skip: false, framework: "koa" as const },
  { name: "PostgreSQL", open: () => postgresDatabase(), skip: pgSkip !== undefined, framework: "express" as const },
])("the Users page's API on better-auth, $name", ({ open, skip, framework }) => {
  let database: FixtureDatabase;
  let app: AuthApp;
  let served: Served;
  let root: AdminClient;

  beforeAll(async () => {
    if (skip) return;
    database = await open();
    app = await authApp(database);
    served = await serve(framework, [app.router, app.admin]);
    await createUser(app.auth, "root", "admin");
    await createUser(app.auth, "eddie", "editor");
    root = new AdminClient(served.url);
    expect((await root.signIn("root", PASSWORD)).status).toBe(200);
  });
  afterAll(async () => {
    await served?.close();
    await database?.close();
  });

  it.skipIf(skip)("describes the roles and what each may do per model", async () => {
    const reply = await root.get("/roles");
    expect(reply.status).toBe(200);
    const roles = reply.json.roles as { name: string; superuser: boolean; permissions: Record<string, string[]> }[];
    expect(roles.find((role) => role.name === "editor")).toMatchObject({
      superuser: false,
      permissions: { products: ["view", "add", "change"] },
    });
    expect(roles.find((role) => role.name === "admin")?.superuser).toBe(true);
  });

  it.skipIf(skip)("creates a user with a role, refusing a weak password and a taken username", async () => {
    const weak = await root.request("POST", "/users", {
      username: "nina",
      email: "nina@example.test",
      password: "12345678",
      role: "editor",
    });
    expect(weak.status).toBe(400);
    expect(weak.json.errors.password.length).toBeGreaterThan(0);
    const created = await root.request("POST", "/users", {
      username: "nina",
      email: "nina@example.test",
      password: "quiet-harbour-17",
      role: "editor",
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ username: "nina", email: "nina@example.test", role: "editor", banned: false });
    const nina = new AdminClient(served.url);
    expect((await nina.signIn("nina", "quiet-harbour-17")).status).toBe(200);
    expect((await nina.get("/models")).status).toBe(200);
    const taken = await root.request("POST", "/users", {
      username: "nina",
      email: "other@example.test",
      password: "quiet-harbour-17",
      role: "editor",
    });
    expect(taken.status).toBe(400);
    expect((await root.request("POST", "/users", { username: "x" })).json.errors).toHaveProperty("email");
  });

  it.skipIf(skip)("lists users with search, a role filter and a banned filter", async () => {
    const all = await root.get("/users");
    expect(all.status).toBe(200);
    expect(all.json.results.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(["root", "eddie"]),
    );
    const found = await root.get("/users?search=EDD");
    expect(found.json.results.map((u: { username: string }) => u.username)).toEqual(["eddie"]);
    const editors = await root.get("/users?role=admin");
    expect(editors.json.results.map((u: { username: string }) => u.username)).toEqual(["root"]);
    expect((await root.get("/users?banned=maybe")).status).toBe(400);
  });

  it.skipIf(skip)("sets a role, bans (sessions end at once) and unbans", async () => {
    const id = await createUser(app.auth, "bert", "editor");
    const bert = new AdminClient(served.url);
    expect((await bert.signIn("bert", PASSWORD)).status).toBe(200);
    expect((await root.request("PATCH", `/users/${id}`, { role: "user" })).status).toBe(204);
    expect((await bert.get("/models")).status).toBe(403);
    expect(
      (await root.request("PATCH", `/users/${id}`, { role: "editor", banned: true, banReason: "spam" })).status,
    ).toBe(204);
    expect((await bert.get("/models")).status).toBe(401);
    expect((await root.get("/users?banned=true")).json.results).toEqual([
      expect.objectContaining({ username: "bert", banned: true, banReason: "spam", role: "editor" }),
    ]);
    expect((await bert.signIn("bert", PASSWORD)).status).toBe(403);
    expect((await root.request("PATCH", `/users/${id}`, { banned: false })).status).toBe(204);
    expect((await bert.signIn("bert", PASSWORD)).status).toBe(200);
    expect((await root.request("PATCH", `/users/${id}`, { role: "no-such-role" })).status).toBe(400);
    expect((await root.request("PATCH", "/users/no-such-id", { banned: true })).status).toBe(404);
  });

  it.skipIf(skip)("resets a password (the old one and its sessions stop) and ends a user's sessions", async () => {
    const id = await createUser(app.auth, "rita", "editor");
    const rita = new AdminClient(served.url);
    expect((await rita.signIn("rita", PASSWORD)).status).toBe(200);
    expect((await root.request("POST", `/users/${id}/password`, { password: "12" })).status).toBe(400);
    expect((await root.request("POST", `/users/${id}/password`, { password: "amber-lantern-52" })).status).toBe(204);
    expect((await rita.get("/models")).status).toBe(401);
    expect((await new AdminClient(served.url).signIn("rita", PASSWORD)).status).toBe(401);
    expect((await rita.signIn("rita", "amber-lantern-52")).status).toBe(200);
    const ended = await root.request("DELETE", `/users/${id}/sessions`);
    expect(ended.status).toBe(200);
    expect(ended.json.ended).toBe(1);
    expect((await rita.get("/models")).status).toBe(401);
  });

  it.skipIf(skip)("keeps an editor, and a write without the CSRF token, out", async () => {
    const eddie = new AdminClient(served.url);
    expect((await eddie.signIn("eddie", PASSWORD)).status).toBe(200);
    expect((await eddie.get("/users")).status).toBe(403);
    expect((await eddie.get("/roles")).status).toBe(403);
    const forged = await root.request(
      "POST",
      "/users",
      { username: "z", email: "z@example.test", password: "quiet-harbour-17", role: "admin" },
      { csrf: false },
    );
    expect(forged.status).toBe(403);
    expect((await root.get("/users?search=z%40example")).json.count).toBe(0);
  });
});

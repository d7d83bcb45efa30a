/**
 * A database that fails under better-auth's own queries (the session, the API key) answers 503
 * with Retry-After, as every other query of the REST API does, never a 500: PostgreSQL that
 * cannot be reached, and a SQLite file another connection holds locked. On every framework.
 */
import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { modelViewSet } from "@viewsets/drizzle";
import { FRAMEWORKS, type Served, serve } from "@viewsets/testkit";
import Database from "better-sqlite3";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMigrations } from "../src/index.js";
import * as pgSchema from "../src/schema/pg.js";
import * as sqliteSchema from "../src/schema/sqlite.js";
import { createAuth, pgProducts, routerOf, sqliteProducts } from "./fixture.js";

const secret = randomBytes(32).toString("hex");

/** A session cookie signed as better-auth signs it: the lookup is what fails, not the signature. */
function sessionCookie(token: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

describe.each(FRAMEWORKS)("a database outage under better-auth's queries on %s", (framework) => {
  describe("PostgreSQL unreachable", () => {
    let pool: pg.Pool;
    let served: Served;
    beforeAll(async () => {
      // Nothing listens on port 1: every connection is refused.
      pool = new pg.Pool({ connectionString: "postgres://postgres@127.0.0.1:1/test", connectionTimeoutMillis: 2000 });
      pool.on("error", () => {});
      const db = drizzlePg(pool);
      const auth = createAuth(drizzleAdapter(db, { provider: "pg", schema: pgSchema }), secret);
      served = await serve(framework, [routerOf(auth, modelViewSet(db, pgProducts))]);
    });
    afterAll(async () => {
      await served?.close();
      await pool?.end();
    });

    it.each([
      ["the session cookie", { cookie: sessionCookie("a-session-token") }],
      ["a bearer token", { authorization: "Bearer a-session-token" }],
      ["an API key", { "x-api-key": "an-api-key" }],
    ])("answers 503 with Retry-After for %s", async (_, headers) => {
      const response = await fetch(`${served.url}/api/products/`, { headers });
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      const body = await response.json();
      expect(body).toMatchObject({ status: 503, detail: "The database is unreachable. Try again later." });
      expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|SELECT|auth_session/);
    });
  });

  describe("SQLite locked by another connection", () => {
    let directory: string;
    let client: Database.Database;
    let holder: Database.Database;
    let served: Served;
    beforeAll(async () => {
      directory = mkdtempSync(join(tmpdir(), "viewsets-auth-busy-"));
      const file = join(directory, "app.sqlite");
      // A rollback journal (not WAL): an exclusive lock keeps readers out too. No busy wait.
      client = new Database(file, { timeout: 0 });
      const db = drizzleSqlite(client);
      migrateSqlite(db, authMigrations("sqlite"));
      const auth = createAuth(drizzleAdapter(db, { provider: "sqlite", schema: sqliteSchema }), secret);
      served = await serve(framework, [routerOf(auth, modelViewSet(db, sqliteProducts))]);
      holder = new Database(file);
      holder.exec("BEGIN EXCLUSIVE");
    });
    afterAll(async () => {
      holder?.exec("ROLLBACK");
      holder?.close();
      await served?.close();
      client?.close();
      rmSync(directory, { recursive: true, force: true });
    });

    it("answers 503 with Retry-After for the session cookie", async () => {
      const response = await fetch(`${served.url}/api/products/`, { headers: { cookie: sessionCookie("token") } });
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("1");
      expect(await response.json()).toMatchObject({ detail: "The database is busy. Try again shortly." });
    });
  });
});

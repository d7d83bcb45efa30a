/**
 * The admin under the faults the REST API answers 503 for, on each framework: a SQLite write lock
 * another connection holds, a full disk (a real small tmpfs), PostgreSQL down (a proxy the test
 * breaks, never the shared server). Every answer is a 503 with `Retry-After`, never a 500;
 * sign-out ends the session in the browser whatever the database says, and on the server as soon
 * as it can. After the faults, what was acknowledged is read back from a fresh connection, and
 * nothing that was refused is there.
 */
import Database from "better-sqlite3";
import { skipOutsideCI } from "@viewsets/core/testing";
import pg from "pg";
import { tcpProxy, type TcpProxy, until } from "@viewsets/core/testing";
import { mountSmallDisk, type SmallDisk, smallDiskSkipReason } from "@viewsets/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Admin } from "../src/server/index.js";
import { AdminClient, type Reply } from "./client.js";
import {
  type FixtureDatabase,
  type FixtureUser,
  fixtureAdmin,
  PG_URL,
  postgresDatabase,
  postgresUnavailable,
  sqliteDatabase,
  USERS,
} from "./fixture.js";
import { FRAMEWORKS, type Served, serve } from "./serve.js";

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The test database's URL, through a proxy on `port` of 127.0.0.1. */
function viaProxy(port: number): string {
  const url = new URL(PG_URL);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return url.toString();
}

function expectUnavailable(reply: Reply, what: string): void {
  expect(reply.status, `${what}: ${reply.text}`).toBe(503);
  expect(reply.headers.get("content-type"), what).toBe("application/problem+json");
  expect(Number(reply.headers.get("retry-after")), what).toBeGreaterThanOrEqual(1);
  expect(reply.text, what).not.toMatch(/SQLITE|sqlite|ECONN|at .*\.ts/);
}

/** The sign-out's answer told the browser to forget the cookie. */
function expectCookieCleared(reply: Reply): void {
  expect(reply.headers.get("set-cookie")).toMatch(/^viewsets_admin_session=;.*Max-Age=0/);
}

/** A fresh connection's view of the SQLite file: what is stored, whatever this process remembers. */
function storedInFile(file: string, query: string): Record<string, unknown>[] {
  const fresh = new Database(file, { readonly: true });
  try {
    return fresh.prepare(query).all() as Record<string, unknown>[];
  } finally {
    fresh.close();
  }
}

const viewNames = (file: string) =>
  storedInFile(file, "SELECT name FROM viewsets_admin_saved_views ORDER BY name").map((row) => row.name);
const sessionCount = (file: string) =>
  Number(storedInFile(file, "SELECT count(*) AS n FROM viewsets_admin_sessions")[0]!.n);

const diskSkip = smallDiskSkipReason();
const pgUnavailable = await postgresUnavailable();
// In CI a missing database is a failure, never a silent skip.
const pgSkip = skipOutsideCI(pgUnavailable);

describe.each(FRAMEWORKS)("the admin under faults on %s", (framework) => {
  describe("SQLite: a write lock another connection holds", () => {
    let database: FixtureDatabase;
    let server: Served;
    let staff: AdminClient;
    let locker: Database.Database | undefined;

    /** The admin with `lockWaitMs`, a signed-in client, then another connection (as another process would) takes the write lock. */
    async function lockedWith(lockWaitMs: number): Promise<void> {
      server = await serve(framework, [fixtureAdmin(database, { lockWaitMs })]);
      staff = new AdminClient(server.url);
      expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
      locker = new Database(database.file!);
      locker.exec("BEGIN IMMEDIATE");
    }

    beforeEach(async () => {
      database = await sqliteDatabase();
    });

    afterEach(async () => {
      locker?.close();
      await server.close();
      await database.close();
    });

    it("waits for the lock, as the REST API's writes do, then signs in and saves", async () => {
      // Far longer than the lock is held: the requests wait, whatever else the machine is doing.
      await lockedWith(10_000);
      const editor = new AdminClient(server.url);
      const signIn = editor.signIn("editor", "pw-editor");
      const saved = staff.request("POST", "/saved-views/products", { name: "Waited" });
      const created = staff.request("POST", "/models/products/rows/", { name: "Waited", price: "3.00" });
      await pause(150);
      locker!.exec("COMMIT");
      expect((await signIn).status).toBe(200);
      expect((await saved).status).toBe(201);
      expect((await created).status).toBe(201);
      expect(viewNames(database.file!)).toEqual(["Waited"]);
      expect((await editor.get("/session")).status).toBe(200);
    });

    it("answers 503 with Retry-After once the wait runs out, and stores nothing", async () => {
      await lockedWith(400);
      const sessions = sessionCount(database.file!);
      const editor = new AdminClient(server.url);
      const signIn = await editor.signIn("editor", "pw-editor");
      expectUnavailable(signIn, "sign-in");
      expect(signIn.headers.get("set-cookie")).toBeNull();
      expectUnavailable(await staff.request("POST", "/saved-views/products", { name: "Refused" }), "saved view");
      // Reads go on: WAL readers do not wait for the writer.
      expect((await staff.get("/session")).status).toBe(200);
      expect((await staff.get("/models/products/rows/")).status).toBe(200);
      locker!.exec("COMMIT");
      expect(viewNames(database.file!)).toEqual([]);
      expect(sessionCount(database.file!)).toBe(sessions);
      expect((await editor.signIn("editor", "pw-editor")).status).toBe(200);
    });
  });

  describe.skipIf(diskSkip !== undefined)(`SQLite: a full disk${diskSkip ? ` (${diskSkip})` : ""}`, () => {
    let disk: SmallDisk;
    let database: FixtureDatabase;
    let server: Served;

    beforeAll(async () => {
      disk = mountSmallDisk(4);
      database = await sqliteDatabase(undefined, { directory: disk.directory });
      server = await serve(framework, [fixtureAdmin(database)]);
    });

    afterAll(async () => {
      await server?.close();
      await database?.close();
      disk?.unmount();
    });

    it("answers every write 503, keeps reading, signs out in the browser, and ends the session once it can", async () => {
      const file = database.file!;
      const staff = new AdminClient(server.url);
      const leaving = new AdminClient(server.url);
      expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
      expect((await leaving.signIn("editor", "pw-editor")).status).toBe(200);
      const before = await staff.request("POST", "/saved-views/products", { name: "Before" });
      expect(before.status).toBe(201);
      // Every later write must grow the write-ahead log: fill the disk under it.
      await database.query("PRAGMA wal_checkpoint(TRUNCATE)");
      disk.fill();

      const signIn = await new AdminClient(server.url).signIn("admin", "pw-admin");
      expectUnavailable(signIn, "sign-in");
      expect(signIn.headers.get("set-cookie")).toBeNull();
      expectUnavailable(await staff.request("POST", "/saved-views/products", { name: "Lost" }), "new view");
      expectUnavailable(
        await staff.request("PATCH", `/saved-views/products/${before.json.id}`, { name: "Renamed" }),
        "renamed view",
      );
      expectUnavailable(
        await staff.request("POST", "/models/products/rows/", { name: "Lost", price: "1.00" }),
        "new row",
      );
      expectUnavailable(await staff.request("PATCH", "/models/products/rows/1", { name: "Lost" }), "changed row");
      expect((await staff.get("/session")).status).toBe(200);
      expect((await staff.get("/models/products/rows/?search=item")).status).toBe(200);

      const out = await leaving.request("DELETE", "/session");
      expectUnavailable(out, "sign-out");
      expectCookieCleared(out);
      // The server refuses the session at once, though its row is still there.
      expect((await leaving.get("/session")).status).toBe(401);
      expect(sessionCount(file)).toBe(2);

      disk.free();
      await until(() => sessionCount(file) === 1, "the signed-out session's row is deleted", { timeoutMs: 10_000 });
      expect((await staff.get("/session")).status).toBe(200);
      expect((await leaving.get("/session")).status).toBe(401);
      // What was acknowledged is stored; nothing refused is.
      expect(viewNames(file)).toEqual(["Before"]);
      expect(storedInFile(file, "SELECT count(*) AS n FROM products")[0]!.n).toBe(60);
      expect(storedInFile(file, "SELECT name FROM products WHERE id = 1")[0]!.name).not.toBe("Lost");
      expect((await new AdminClient(server.url).signIn("admin", "pw-admin")).status).toBe(200);
    });
  });

  describe.skipIf(pgSkip !== undefined)(`PostgreSQL down${pgSkip ? ` (${pgSkip})` : ""}`, () => {
    let owner: FixtureDatabase;
    let database: FixtureDatabase;
    let proxy: TcpProxy;
    let server: Served;
    let admin: Admin<FixtureUser>;

    beforeAll(async () => {
      owner = await postgresDatabase();
      const { hostname, port } = new URL(PG_URL);
      proxy = await tcpProxy({ host: hostname, port: Number(port || 5432) });
      database = await postgresDatabase(owner.schema, { port: proxy.port });

      admin = fixtureAdmin(database);
      server = await serve(framework, [admin]);
    });

    afterAll(async () => {
      proxy?.set("up");
      await server?.close();
      await database?.close();
      await proxy?.close();
      await owner?.close();
    });

    it("answers 503 with Retry-After, signs out in the browser, and serves again once it is back", async () => {
      const staff = new AdminClient(server.url);
      const leaving = new AdminClient(server.url);
      expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
      expect((await leaving.signIn("editor", "pw-editor")).status).toBe(200);
      // A second admin over the same database, whose first request comes while it is down.
      const late = await serve(framework, [fixtureAdmin(database)]);
      try {
        proxy.set("down");
        expectUnavailable(await new AdminClient(server.url).signIn("admin", "pw-admin"), "sign-in");
        expectUnavailable(await staff.get("/session"), "session");
        expectUnavailable(await staff.get("/models"), "models");
        expectUnavailable(await staff.get("/models/products/rows/"), "rows");
        expectUnavailable(await staff.request("POST", "/saved-views/products", { name: "Down" }), "saved view");
        expectUnavailable(await new AdminClient(late.url).signIn("admin", "pw-admin"), "first sign-in");
        const out = await leaving.request("DELETE", "/session");
        expectUnavailable(out, "sign-out");
        expectCookieCleared(out);

        proxy.set("up");
        expect((await staff.get("/session")).status).toBe(200);
        expect((await new AdminClient(late.url).signIn("admin", "pw-admin")).status).toBe(200);
        expect((await leaving.get("/session")).status).toBe(401);
        const editorSessions = async () =>
          Number((await owner.query("SELECT count(*) AS n FROM viewsets_admin_sessions WHERE user_id = '2'"))[0]!.n);
        await until(async () => (await editorSessions()) === 0, "the signed-out session's row is deleted", {
          timeoutMs: 10_000,
        });
        expect(await owner.query("SELECT name FROM viewsets_admin_saved_views")).toEqual([]);
      } finally {
        await late.close();
      }
    });

    it("answers 503 when the app's users are down, and signs out in the browser all the same", async () => {
      // The app keeps its users in a database of its own, reached through the proxy; the admin's is up.
      const users = new pg.Pool({ connectionString: viaProxy(proxy.port), max: 2 });
      users.on("error", () => {});
      const lookUp = async (find: () => FixtureUser | undefined) => {
        await users.query("SELECT 1");
        return find() ?? null;
      };
      const split = await serve(framework, [
        fixtureAdmin(owner, {
          users: {
            verify: (name, password) => lookUp(() => USERS.find((u) => u.username === name && u.password === password)),
            get: (id) => lookUp(() => USERS.find((u) => String(u.id) === id)),
            isStaff: (user) => user.isStaff,
          },
        }),
      ]);
      try {
        const leaving = new AdminClient(split.url);
        expect((await leaving.signIn("editor", "pw-editor")).status).toBe(200);
        proxy.set("down");
        expectUnavailable(await new AdminClient(split.url).signIn("admin", "pw-admin"), "sign-in");
        expectUnavailable(await leaving.get("/models"), "models");
        const out = await leaving.request("DELETE", "/session");
        expectUnavailable(out, "sign-out");
        expectCookieCleared(out);
        proxy.set("up");
        expect((await leaving.get("/session")).status).toBe(401);
      } finally {
        proxy.set("up");
        await split.close();
        await users.end();
      }
    });
  });
});

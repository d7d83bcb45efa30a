/**
 * The admin as hardened as the REST API, the same on every adapter and database: text no
 * database stores as sent, sign-in guessing bounded without locking a user out, sessions a user
 * (or the app, on a password change) can end, links only to hosts it answers for, and the
 * scheme (and the cookie's `Secure`) from a trusted proxy.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Admin } from "../src/server/index.js";
import type { AdminContractOptions } from "./contract-options.js";
import { AdminClient, call, callWithHost, type Reply } from "./client.js";
import { ADMIN_TOKEN, type FixtureDatabase, type FixtureUser, fixtureAdmin } from "./fixture.js";
import { type Served, serve } from "./serve.js";

function expectProblem(reply: Reply, status: number, what = ""): void {
  expect(reply.status, `${what} ${reply.text}`).toBe(status);
  expect(reply.headers.get("content-type"), what).toBe("application/problem+json");
}

/** A NUL, and unpaired surrogates (which JSON can carry, and a URL cannot). */
const UNSTORABLE = ["a\u0000b", "x\ud800", "\udc00y", "\ud83d"];
/** 51 emoji: 51 characters, 102 UTF-16 units. */
const EMOJI_51 = "😀".repeat(51);

export function runSecurityContract(options: AdminContractOptions): void {
  describe.skipIf(options.skipReason !== undefined)(`admin security contract: ${options.name}`, () => {
    let database: FixtureDatabase;
    let admin: Admin<FixtureUser>;
    let server: Served;
    let staff: AdminClient;

    beforeAll(async () => {
      database = await options.database();
      // One proxy in front: X-Forwarded-For names the client, so a test can speak from many addresses.
      admin = fixtureAdmin(database, { trustedProxies: 1, signInRates: { ip: "8/min", username: "3/min" } });
      server = await serve(options.framework, [admin]);
      staff = new AdminClient(server.url);
      expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
    });

    afterAll(async () => {
      await server?.close();
      await database?.close();
    });

    const signInFrom = (ip: string, username: string, password: string) =>
      call(`${server.url}/admin/api/session`, "POST", { username, password }, { "x-forwarded-for": ip });

    describe("text no database stores as sent", () => {
      it("refuses a NUL or an unpaired surrogate in a saved view with 400, storing nothing", async () => {
        const before = (await staff.get("/saved-views/products")).json;
        const kept = (await staff.request("POST", "/saved-views/products", { name: "Kept" })).json;
        for (const bad of UNSTORABLE) {
          for (const body of [
            { name: bad },
            { name: "fine", search: bad },
            { name: "fine", filters: { name__icontains: [bad] } },
          ]) {
            expectProblem(await staff.request("POST", "/saved-views/products", body), 400, JSON.stringify(body));
          }
          expectProblem(await staff.request("PATCH", `/saved-views/products/${kept.id}`, { name: bad }), 400);
          expectProblem(await staff.request("PATCH", `/saved-views/products/${kept.id}`, { search: bad }), 400);
        }
        const after = (await staff.get("/saved-views/products")).json;
        expect(after).toEqual([...before, kept]);
        await staff.request("DELETE", `/saved-views/products/${kept.id}`);
      });

      it("refuses a NUL in the admin's searches with 400", async () => {
        for (const path of [
          "/models/products/rows/?search=a%00b",
          "/models/products/facets?search=a%00b",
          "/models/products/lookup/categoryId?q=a%00b",
          "/models/products/rows/?name__icontains=%00",
        ]) {
          expectProblem(await staff.get(path), 400, path);
        }
      });

      it("refuses a NUL or an unpaired surrogate in sign-in fields with 400, before the app is asked", async () => {
        for (const bad of UNSTORABLE) {
          expectProblem(await signInFrom("192.0.2.50", bad, "pw-admin"), 400, "username");
          expectProblem(await signInFrom("192.0.2.50", "admin", bad), 400, "password");
        }
      });

      it("counts a name's length in characters: 51 emoji fit in 100", async () => {
        const fits = await staff.request("POST", "/saved-views/products", { name: EMOJI_51 });
        expect(fits.status, fits.text).toBe(201);
        expect(fits.json.name).toBe(EMOJI_51);
        expectProblem(await staff.request("POST", "/saved-views/products", { name: "😀".repeat(101) }), 400);
        await staff.request("DELETE", `/saved-views/products/${fits.json.id}`);
      });
    });

    describe("sign-in guessing", () => {
      it("refuses an address that guessed one user's password, never the user elsewhere", async () => {
        const attacker = "203.0.113.7";
        const guesses = [];
        for (let i = 0; i < 3; i++) guesses.push((await signInFrom(attacker, "editor", `guess-${i}`)).status);
        expect(guesses).toEqual([401, 401, 401]);
        const refused = await signInFrom(attacker, "EDITOR", "guess-3");
        expectProblem(refused, 429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        // Even the right password, from that address.
        expectProblem(await signInFrom(attacker, "editor", "pw-editor"), 429);
        // The user, from an address that has not failed, is let in.
        expect((await signInFrom("198.51.100.20", "editor", "pw-editor")).status).toBe(200);
        // The attacker's address may still try another account, within its own limit.
        expect((await signInFrom(attacker, "nobody", "x")).status).toBe(401);
      });

      it("refuses an address that tries many accounts, for every account, and no other address", async () => {
        const sprayer = "203.0.113.99";
        const statuses = [];
        for (let i = 0; i < 8; i++) statuses.push((await signInFrom(sprayer, `user-${i}`, "password1")).status);
        expect(statuses).toEqual(Array(8).fill(401));
        expectProblem(await signInFrom(sprayer, "admin", "pw-admin"), 429);
        expect((await signInFrom("198.51.100.21", "admin", "pw-admin")).status).toBe(200);
      });

      it("answers an unknown user and a wrong password alike", async () => {
        const wrong = await signInFrom("192.0.2.60", "admin", "nope");
        const unknown = await signInFrom("192.0.2.61", "nobody-at-all", "nope");
        expectProblem(wrong, 401);
        expectProblem(unknown, 401);
        expect(wrong.json).toEqual(unknown.json);
      });
    });

    describe("hosts and proxies", () => {
      const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };
      const saveView = (base: string, host: string, name: string, headers: Record<string, string> = {}) =>
        callWithHost(`${base}/admin/api/saved-views/categories`, "POST", host, { ...bearer, ...headers }, { name });
      /** Another admin over the same database, served while the test runs. */
      const servedWith = (adminOptions: Parameters<typeof fixtureAdmin>[1]) =>
        serve(options.framework, [fixtureAdmin(database, adminOptions)]);

      it("answers 400 to a Host it does not answer for, before building Location or next, and stores nothing", async () => {
        const hosted = await servedWith({ allowedHosts: ["127.0.0.1", "admin.example.com"] });
        const views = async () =>
          (await call(`${hosted.url}/admin/api/saved-views/categories`, "GET", undefined, bearer)).json.length;
        try {
          const before = await views();
          // A malformed Host ("a b") may be refused by the framework's server first (Hono's), as 400 all the same.
          for (const host of ["evil.example", "admin.example.com.evil.example", "a b"]) {
            const rows = await callWithHost(`${hosted.url}/admin/api/models/products/rows/`, "GET", host, bearer);
            expect(rows.status, host).toBe(400);
            expect(rows.text).not.toContain("evil");
            expect((await callWithHost(`${hosted.url}/admin/`, "GET", host)).status, host).toBe(400);
            const saved = await saveView(hosted.url, host, `Hosted ${host}`);
            expect(saved.status, host).toBe(400);
            expect(saved.headers.get("location")).toBeNull();
          }
          expectProblem(await callWithHost(`${hosted.url}/admin/`, "GET", "evil.example"), 400);
          expect(await views()).toBe(before);
          const list = await callWithHost(
            `${hosted.url}/admin/api/models/products/rows/`,
            "GET",
            "admin.example.com",
            bearer,
          );
          expect(list.json.next).toBe("http://admin.example.com/admin/api/models/products/rows/?page=2");
          const created = await saveView(hosted.url, "admin.example.com:8443", "Hosted here");
          expect(created.status).toBe(201);
          expect(created.headers.get("location")).toMatch(
            /^http:\/\/admin\.example\.com:8443\/admin\/api\/saved-views\/categories\/\d+$/,
          );
        } finally {
          await hosted.close();
        }
      });

      it("cannot be mounted without allowedHosts outside development", async () => {
        vi.stubEnv("NODE_ENV", "production");
        try {
          await expect(servedWith({})).rejects.toThrow(/allowedHosts is not set/);
        } finally {
          vi.unstubAllEnvs();
        }
      });

      it("takes the scheme, and the cookie's Secure, from a trusted proxy's X-Forwarded-Proto, or the app's scheme", async () => {
        const signIn = (base: string, headers: Record<string, string>) =>
          call(`${base}/admin/api/session`, "POST", { username: "admin", password: "pw-admin" }, headers);
        // This suite's admin trusts one proxy.
        const proxied = await signIn(server.url, { "x-forwarded-for": "192.0.2.70", "x-forwarded-proto": "https" });
        expect(proxied.headers.get("set-cookie")).toMatch(/; Secure/);
        const viewed = await saveView(server.url, "127.0.0.1", "Through the proxy", { "x-forwarded-proto": "https" });
        expect(viewed.headers.get("location")).toMatch(/^https:\/\/127\.0\.0\.1\//);
        // What a client sent before the proxy appended its own is not believed.
        const spoofed = await signIn(server.url, {
          "x-forwarded-for": "192.0.2.71",
          "x-forwarded-proto": "https, http",
        });
        expect(spoofed.headers.get("set-cookie")).not.toMatch(/Secure/);
        const direct = await servedWith({});
        const https = await servedWith({ scheme: "https" });
        try {
          const untrusted = await signIn(direct.url, { "x-forwarded-proto": "https" });
          expect(untrusted.status).toBe(200);
          expect(untrusted.headers.get("set-cookie")).not.toMatch(/Secure/);
          expect((await signIn(https.url, {})).headers.get("set-cookie")).toMatch(/; Secure/);
          const out = await call(`${https.url}/admin/api/session`, "DELETE", undefined, {
            cookie: "viewsets_admin_session=gone",
          });
          expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0.*; Secure/);
        } finally {
          await direct.close();
          await https.close();
        }
      });
    });

    describe("ending sessions", () => {
      let addresses = 100;
      /** Three sessions of the one user (the customer: signed in, not staff). */
      async function threeSessions(): Promise<AdminClient[]> {
        const clients = [new AdminClient(server.url), new AdminClient(server.url), new AdminClient(server.url)];
        // Each from an address of its own: three sign-ins of one user from one address would be guessing.
        for (const client of clients) {
          const from = { "x-forwarded-for": `198.51.100.${++addresses}` };
          expect((await client.signIn("customer", "pw-customer", from)).status).toBe(200);
        }
        return clients;
      }

      it("ends the user's other sessions on request, keeping this one and other users'", async () => {
        const [here, laptop, phone] = await threeSessions();
        expectProblem(await here!.request("DELETE", "/session/others", undefined, { csrf: false }), 403);
        expect((await laptop!.get("/session")).status).toBe(200);
        const ended = await here!.request("DELETE", "/session/others");
        expect(ended.status, ended.text).toBe(200);
        expect(ended.json).toEqual({ ended: 2 });
        expect((await here!.get("/session")).status).toBe(200);
        expectProblem(await laptop!.get("/session"), 401);
        expectProblem(await phone!.get("/session"), 401);
        expect((await staff.get("/session")).status).toBe(200);
        expectProblem(await call(`${server.url}/admin/api/session/others`, "DELETE"), 401);
        expectProblem(await here!.request("POST", "/session/others"), 405);
        await here!.request("DELETE", "/session");
      });

      it("ends every session of a user when the app says their password changed", async () => {
        const sessions = await threeSessions();
        expect(await admin.endSessions(3)).toBe(3);
        for (const client of sessions) expectProblem(await client.get("/session"), 401);
        expect((await staff.get("/session")).status).toBe(200);
        expect(await admin.endSessions(3)).toBe(0);
      });
    });
  });
}

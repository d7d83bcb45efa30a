/** The auth contract: authenticators, permissions and throttles answering alike on every adapter. */
import { afterAll, beforeAll, describe, expect } from "vitest";
import { fetchReply } from "./reply.js";
import { casesOf } from "./skips.js";
import type { AdapterContractOptions, ContractServer } from "./contract-options.js";
import { type AuthApp, authApp } from "./auth-fixtures.js";

const ALICE = { authorization: "Bearer alice-token" };
const BOB = { authorization: "Bearer bob-token" };

function call(url: string, method = "GET", headers: Record<string, string> = {}, body?: unknown) {
  return fetchReply(url, method, { headers, body });
}

/** Authentication, permissions, throttle order and scoping: the same on every adapter. */
export function runAuthContract(options: AdapterContractOptions): void {
  describe(`auth contract: ${options.name}`, () => {
    const it = casesOf(options);
    let app: AuthApp;
    let server: ContractServer;
    let base: string;
    beforeAll(async () => {
      app = authApp();
      server = await options.serve(app.router, {});
      base = `${server.url}/auth`;
    });
    afterAll(() => server.close());

    it("lets anyone read and only signed-in users write with isAuthenticatedOrReadOnly", async () => {
      expect((await call(`${base}/notes/`)).status).toBe(200);
      const anonymous = await call(`${base}/notes/`, "POST", {}, { text: "x" });
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get("www-authenticate")).toBe('Bearer realm="api"');
      expect(anonymous.json.detail).toBe("Authentication credentials were not provided.");
      const created = await call(`${base}/notes/`, "POST", ALICE, { text: "mine", owner: 2 });
      expect(created.status).toBe(201);
      expect(created.json.owner).toBe(1);
    });

    it("answers 401 for a wrong credential, even on a route anyone may read", async () => {
      const wrong = await call(`${base}/notes/`, "GET", { authorization: "Bearer nope" });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get("www-authenticate")).toBe('Bearer realm="api", error="invalid_token"');
      const badBasic = await call(`${base}/notes/`, "GET", { authorization: "Basic %%%" });
      expect(badBasic.status).toBe(401);
      expect(badBasic.headers.get("www-authenticate")).toBe('Basic realm="api"');
    });

    it("tries authenticators in order: HTTP Basic after Bearer", async () => {
      const basic = `Basic ${Buffer.from("alice:wonder:land").toString("base64")}`;
      const reply = await call(`${base}/notes/1`, "PATCH", { authorization: basic }, { text: "via basic" });
      expect(reply.status).toBe(200);
      expect(reply.json.text).toBe("via basic");
    });

    it("runs object permissions after loading the object: 403 for someone else's note", async () => {
      const bobs = await call(`${base}/notes/3`, "PATCH", ALICE, { text: "hijack" });
      expect(bobs.status).toBe(403);
      expect(bobs.json.detail).toBe("Only the owner may change a note.");
      expect(app.notes.rows.get("3")!.text).toBe("bob one");
      expect((await call(`${base}/notes/3`, "DELETE", ALICE)).status).toBe(403);
      expect((await call(`${base}/notes/3`, "GET", ALICE)).status).toBe(200);
    });

    it("answers 403 for a signed-in user without permission, 401 with a challenge when anonymous", async () => {
      expect((await call(`${base}/staff-notes/`, "GET", ALICE)).status).toBe(403);
      expect((await call(`${base}/staff-notes/`, "GET", BOB)).status).toBe(200);
      const anonymous = await call(`${base}/staff-notes/`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get("www-authenticate")).toBe('Bearer realm="api"');
    });

    it("applies the router's authentication and permissions to viewsets without their own", async () => {
      expect((await call(`${base}/default-notes/`)).status).toBe(401);
      expect((await call(`${base}/default-notes/`, "GET", ALICE)).status).toBe(200);
    });

    it("scopes every route with getQueryset: a record outside the scope is 404, not 403", async () => {
      const list = await call(`${base}/my-notes/`, "GET", BOB);
      expect(list.json.results.map((n: { id: number }) => n.id)).toEqual([3]);
      expect((await call(`${base}/my-notes/1`, "GET", BOB)).status).toBe(404);
      expect((await call(`${base}/my-notes/1`, "PATCH", BOB, { text: "x" })).status).toBe(404);
      expect((await call(`${base}/my-notes/1`, "DELETE", BOB)).status).toBe(404);
      expect((await call(`${base}/my-notes/3`, "GET", BOB)).status).toBe(200);
      expect(app.notes.rows.has("1")).toBe(true);
    });

    it("uses a user the app's own middleware signed in; without a challenge a denial is 403", async () => {
      expect((await call(`${base}/session-notes/`)).status).toBe(403);
      const withUser = await options.serve(app.router, { appUser: { id: 1, username: "alice" } });
      try {
        const reply = await call(`${withUser.url}/auth/session-notes/`);
        expect(reply.status).toBe(200);
      } finally {
        await withUser.close();
      }
    });

    it("skips the checks for actions, unless the action asks for them", async () => {
      const open = await call(`${base}/staff-notes/ping`);
      expect(open.status).toBe(200);
      expect(open.json).toEqual({ user: null });
      expect((await call(`${base}/staff-notes/secure-ping`)).status).toBe(401);
      expect((await call(`${base}/staff-notes/secure-ping`, "GET", ALICE)).status).toBe(403);
      const bob = await call(`${base}/staff-notes/secure-ping`, "GET", BOB);
      expect(bob.status).toBe(200);
      expect(bob.json).toEqual({ user: "bob" });
    });

    it("runs throttles before the read-only 405: 405, 405, then 429", async () => {
      const first = await call(`${base}/archive/`, "POST", {}, { text: "x" });
      expect(first.status).toBe(405);
      expect(first.headers.get("allow")).toBe("GET");
      expect(first.headers.get("ratelimit-limit")).toBe("2");
      expect(first.headers.get("ratelimit-remaining")).toBe("1");
      expect((await call(`${base}/archive/1`, "DELETE")).status).toBe(405);
      const third = await call(`${base}/archive/1`, "PUT", {}, { text: "x" });
      expect(third.status).toBe(429);
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(third.headers.get("ratelimit-remaining")).toBe("0");
    });
  });
}

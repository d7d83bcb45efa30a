/**
 * Generated hostile input through the admin's HTTP API, on a real SQLite file and on PostgreSQL:
 * raw query strings, the rows grammar with date presets and time zones, lookups, and write bodies
 * (hostile strings, odd dates, unknown fields, deep and huge bodies) for rows, saved views and
 * sign-in. Whatever comes in, the answer is below 500, and nothing is written unless it is 2xx.
 *
 * Each property runs twice: with a fixed seed (the same cases every run) and with a fresh one
 * (new cases every CI run; a failure prints its seed and path, to replay with `seed` and `path`).
 */
import type { ApiRequest, ApiResponse } from "@viewsets/core";
import { skipOutsideCI } from "@viewsets/core/testing";
import { fakeRequest } from "@viewsets/core/testing";
import { textProblem } from "@viewsets/core/internals";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Admin } from "../src/server/index.js";
import {
  ADMIN_TOKEN,
  type FixtureDatabase,
  type FixtureUser,
  fixtureAdmin,
  postgresDatabase,
  postgresUnavailable,
  sqliteDatabase,
} from "./fixture.js";
import { KNOWN, query, rowBody, signInBody, viewBody } from "./fuzz-input.js";

const FIXED_SEED = 40_403;
const RUNS = 80;

/** A request as an adapter builds it, signed in by the app's bearer token (no CSRF token needed). */
function adminRequest(method: string, path: string, rawQuery = "", text?: string, signedIn = true): ApiRequest {
  const headers = { host: "localhost", ...(signedIn && { authorization: `Bearer ${ADMIN_TOKEN}` }) };
  return fakeRequest(method, path, {
    query: rawQuery,
    headers,
    origin: "http://localhost",
    ...(text !== undefined && { text }),
  });
}

/** Runs a property with the fixed seed (and the known cases first), then with a fresh seed. */
async function checkTwice<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  examples: T[] = [],
): Promise<void> {
  const cases = examples.map((example) => [example] as [T]);
  await fc.assert(fc.asyncProperty(arbitrary, predicate), { seed: FIXED_SEED, numRuns: RUNS, examples: cases });
  await fc.assert(fc.asyncProperty(arbitrary, predicate), { numRuns: RUNS });
}

const pgUnavailable = await postgresUnavailable();
const SETUPS = [
  { name: "SQLite", skipReason: undefined, open: () => sqliteDatabase() },
  {
    name: "PostgreSQL",
    // In CI a missing database is a failure, never a silent skip.
    skipReason: skipOutsideCI(pgUnavailable),
    open: () => postgresDatabase(),
  },
];

for (const setup of SETUPS) {
  describe.skipIf(setup.skipReason !== undefined)(`the admin's API under fuzz on ${setup.name}`, () => {
    let database: FixtureDatabase;
    let admin: Admin<FixtureUser>;
    const errors: unknown[] = [];

    const call = async (request: ApiRequest): Promise<ApiResponse> => {
      const response = await admin.handle(request);
      expect(response).not.toBeNull();
      return response!;
    };
    const label = (what: string, response: ApiResponse) =>
      `${what.slice(0, 200)} → ${response.status} ${String(response.body).slice(0, 200)}`;
    const snapshot = async () =>
      JSON.stringify([
        await database.query("SELECT * FROM products ORDER BY id"),
        await database.query("SELECT * FROM viewsets_admin_saved_views ORDER BY id"),
        await database.query("SELECT count(*) AS n FROM viewsets_admin_sessions"),
      ]);

    beforeAll(async () => {
      database = await setup.open();
      admin = fixtureAdmin(database, { onError: (error) => errors.push(error) });
      await admin.ready();
      const saved = await call(adminRequest("POST", "/admin/api/saved-views/products", "", '{"name":"Target"}'));
      expect(saved.status).toBe(201);
    });

    afterAll(async () => {
      await database?.close();
    });

    it("answers any query of rows, facets and lookups below 500", async () => {
      await checkTwice(
        fc.tuple(fc.constantFrom("rows/", "facets", "lookup/categoryId", "lookup/name"), query),
        async ([route, raw]) => {
          const response = await call(adminRequest("GET", `/admin/api/models/products/${route}`, raw));
          expect(response.status, label(`${route}?${raw}`, response)).toBeLessThan(500);
        },
        KNOWN.queries,
      );
      expect(errors).toEqual([]);
    });

    it("writes no row unless a create or change answers 2xx, and never answers 500", async () => {
      await checkTwice(
        fc.tuple(fc.constantFrom("POST", "PATCH", "PUT"), rowBody),
        async ([method, value]) => {
          const text = JSON.stringify(value);
          const before = await snapshot();
          const path = method === "POST" ? "/admin/api/models/products/rows/" : "/admin/api/models/products/rows/7";
          const response = await call(adminRequest(method, path, "", text));
          expect(response.status, label(`${method} ${text}`, response)).toBeLessThan(500);
          if (response.status >= 300) expect(await snapshot(), label(`${method} ${text}`, response)).toBe(before);
        },
        KNOWN.rows,
      );
      expect(errors).toEqual([]);
    });

    it("stores no saved view unless a save answers 2xx, and never answers 500", async () => {
      const [target] = await database.query("SELECT id FROM viewsets_admin_saved_views WHERE name = 'Target'");
      await checkTwice(
        fc.tuple(fc.constantFrom("POST", "PATCH"), viewBody),
        async ([method, value]) => {
          const text = JSON.stringify(value);
          const before = await snapshot();
          const path = `/admin/api/saved-views/products${method === "PATCH" ? `/${String(target!.id)}` : ""}`;
          const response = await call(adminRequest(method, path, "", text));
          const what = label(`${method} ${text}`, response);
          expect(response.status, what).toBeLessThan(500);
          if (response.status >= 300) {
            expect(await snapshot(), what).toBe(before);
            return;
          }
          // A stored view holds text any database keeps as sent, and reads back as answered.
          const view = JSON.parse(String(response.body)) as { id: number; name: string; search: string };
          expect(textProblem(view.name) ?? textProblem(view.search), what).toBeNull();
          const [stored] = await database.query(
            `SELECT name, search FROM viewsets_admin_saved_views WHERE id = ${view.id}`,
          );
          expect(stored, what).toEqual({ name: view.name, search: view.search });
        },
        KNOWN.views,
      );
      expect(errors).toEqual([]);
    });

    it("signs no one in on a 4xx, and never answers 500", async () => {
      await checkTwice(
        signInBody,
        async (value) => {
          const text = JSON.stringify(value);
          const before = await snapshot();
          const response = await call(adminRequest("POST", "/admin/api/session", "", text, false));
          expect(response.status, label(text, response)).toBeLessThan(500);
          if (response.status >= 300) expect(await snapshot(), label(text, response)).toBe(before);
          // Text no database stores is refused before the app's users are asked: never a 401.
          const fields = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
          const unstorableField = [fields.username, fields.password].some(
            (v) => typeof v === "string" && v !== "" && textProblem(v),
          );
          // (A body over the limit is a 413 before any field is read.)
          if (unstorableField) expect([400, 413], label(text, response)).toContain(response.status);
        },
        KNOWN.signIns,
      );
      expect(errors).toEqual([]);
    });
  });
}

/**
 * The admin's facets under range and date-preset filters, the same on every adapter and database:
 * a field's own range or preset never narrows its own bounds (Django's facet rule), while it
 * narrows every other field's counts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient } from "./client.js";
import type { AdminContractOptions } from "./contract-options.js";
import { type FixtureDatabase, fixtureAdmin, type ProductRow, seedRows, STATUSES } from "./fixture.js";
import { type Served, serve } from "./serve.js";

const seeded = seedRows().products;

function bounds(rows: readonly ProductRow[]) {
  const prices = rows.map((p) => Number(p.price));
  const times = rows.map((p) => p.createdAt.getTime());
  return {
    price: { min: Math.min(...prices).toFixed(2), max: Math.max(...prices).toFixed(2) },
    createdAt: { min: new Date(Math.min(...times)).toISOString(), max: new Date(Math.max(...times)).toISOString() },
  };
}

/** Status counts of `rows`, every status listed. */
const statusCounts = (rows: readonly ProductRow[]) =>
  STATUSES.map((status) => ({ value: status, count: rows.filter((p) => p.status === status).length }));

export function runFacetsContract(options: AdminContractOptions): void {
  describe.skipIf(options.skipReason !== undefined)(`admin facets contract: ${options.name}`, () => {
    let database: FixtureDatabase;
    let server: Served;
    let staff: AdminClient;

    beforeAll(async () => {
      database = await options.database();
      server = await serve(options.framework, [fixtureAdmin(database)]);
      staff = new AdminClient(server.url);
      expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
    });

    afterAll(async () => {
      await server?.close();
      await database?.close();
    });

    it("leaves a field's own range out of its bounds, and narrows the other fields' counts by it", async () => {
      const inRange = seeded.filter((p) => Number(p.price) >= 50 && Number(p.price) <= 120);
      expect(inRange.length).toBeGreaterThan(0);
      expect(inRange.length).toBeLessThan(seeded.length);
      const reply = await staff.get("/models/products/facets?price__gte=50&price__lte=120");
      expect(reply.status, reply.text).toBe(200);
      const { facets } = reply.json;
      expect(facets.price).toEqual(bounds(seeded).price);
      expect(facets.createdAt).toEqual(bounds(inRange).createdAt);
      expect(facets.status.counts).toEqual(statusCounts(inRange));

      const after = seeded[30]!.createdAt.toISOString();
      const later = seeded.filter((p) => p.createdAt.getTime() >= seeded[30]!.createdAt.getTime());
      const byDate = (await staff.get(`/models/products/facets?createdAt__gte=${after}`)).json.facets;
      expect(byDate.createdAt).toEqual(bounds(seeded).createdAt);
      expect(byDate.price).toEqual(bounds(later).price);
      expect(byDate.status.counts).toEqual(statusCounts(later));
    });

    it("leaves a field's own date preset out of its bounds, and narrows the other fields' counts by it", async () => {
      for (const preset of ["today", "last_7_days"]) {
        const query = `createdAt__preset=${preset}&tz=Europe/Berlin`;
        // The rows the preset keeps, as the rows endpoint lists them.
        const kept = (await staff.get(`/models/products/rows/?${query}&page_size=100`)).json.results as {
          id: number;
        }[];
        const rows = seeded.filter((p) => kept.some((k) => Number(k.id) === p.id));
        expect(rows.length, preset).toBeGreaterThan(0);
        expect(rows.length, preset).toBeLessThan(seeded.length);
        const reply = await staff.get(`/models/products/facets?${query}`);
        expect(reply.status, reply.text).toBe(200);
        expect(reply.json.facets.createdAt, preset).toEqual(bounds(seeded).createdAt);
        expect(reply.json.facets.price, preset).toEqual(bounds(rows).price);
        expect(reply.json.facets.status.counts, preset).toEqual(statusCounts(rows));
      }
    });

    it("lists a selected value once, counted, whether or not it is among the top values", async () => {
      const top = (await staff.get("/models/products/facets")).json.facets.name.counts as { value: string }[];
      expect(top).toHaveLength(20);
      const inTop = top[3]!.value;
      const outside = seeded.find((p) => !top.some((entry) => entry.value === p.name))!.name;
      for (const name of [inTop, outside]) {
        const reply = await staff.get(`/models/products/facets?name=${encodeURIComponent(name)}`);
        const counts = reply.json.facets.name.counts as { value: string; count: number }[];
        expect(
          counts.filter((entry) => entry.value === name),
          name,
        ).toEqual([{ value: name, count: 1 }]);
      }
      // A selected category is listed once too, with its label.
      const categories = (await staff.get("/models/products/facets?categoryId=3")).json.facets.categoryId.counts as {
        value: number | null;
        count: number;
      }[];
      expect(categories.filter((entry) => entry.value === 3)).toEqual([
        { value: 3, label: expect.any(String), count: seeded.filter((p) => p.categoryId === 3).length },
      ]);
    });
  });
}

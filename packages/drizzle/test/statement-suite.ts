/**
 * Prepared statements by query shape, on SQLite and PostgreSQL: a list or count of a shape seen
 * before prepares nothing new, and shapes that differ (filters, lookups, order, page size,
 * scope) never share a statement's rows.
 */
import { eq, type Table } from "drizzle-orm";
import { fakeRequest } from "@viewsets/core/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contextOf, type ApiRequest, type Expression, type RequestContext } from "@viewsets/core";
import { dialectOf } from "../src/dialects/registry.js";
import { DrizzleManager } from "../src/index.js";
import type { Runner } from "../src/connection/runner.js";
import { StatementCache } from "../src/query/statement-cache.js";
import type { DataFixture } from "./data-suite.js";

/** A fixture that also counts the statements the database was asked to prepare. */
export interface StatementFixture extends DataFixture {
  /** SQLite: `prepare` calls; PostgreSQL: queries sent unnamed plus names sent for the first time. */
  prepares(): number;
}

export interface StatementSetup {
  readonly name: string;
  readonly skipReason?: string | undefined;
  connect(): Promise<StatementFixture>;
}

interface Row {
  id: number;
  name: string;
  price: string;
  status: string;
  ownerId: number | null;
  updatedAt: Date | null;
}

function requestOf(user?: unknown): ApiRequest {
  return fakeRequest("GET", "/", { user });
}

const ctx: RequestContext = contextOf(requestOf());
const condition = (field: string, lookup: string, value: unknown): Expression =>
  ({ kind: "condition", field, lookup, value }) as Expression;

export function runStatementSuite(setup: StatementSetup): void {
  describe.skipIf(setup.skipReason !== undefined)(`prepared statements by shape on ${setup.name}`, () => {
    let fx: StatementFixture;
    let products: DrizzleManager<Table>;
    let rows: Row[];

    beforeAll(async () => {
      fx = await setup.connect();
      products = new DrizzleManager(fx.db, fx.products);
    });
    afterAll(async () => {
      await fx?.close();
    });
    beforeEach(async () => {
      await fx.reset();
      rows = [];
      for (let i = 0; i < 12; i++) {
        const price = `${10 + (i % 5)}.00`;
        const status = i % 3 === 0 ? "live" : "draft";
        rows.push((await products.create(ctx, { name: `p${i}`, sku: `s${i}`, price, status, ownerId: i % 2 })) as Row);
      }
    });

    /** What a list page should hold, computed here: `-price` then `-id`, or `price` then `id`. */
    const expected = (keep: (row: Row) => boolean, descending: boolean, offset: number, limit: number) => {
      const sign = descending ? -1 : 1;
      const sorted = rows.filter(keep).sort((a, b) => sign * (Number(a.price) - Number(b.price) || a.id - b.id));
      return { count: sorted.length, names: sorted.slice(offset, offset + limit).map((row) => row.name) };
    };
    const page = async (expression: Expression, ordering: string[], offset: number, limit: number) => {
      const filtered = products.filter(expression);
      const count = await filtered.count(ctx);
      const page = (await filtered
        .orderBy(...ordering)
        .offset(offset)
        .limit(limit)
        .all(ctx)) as Row[];
      return { count, names: page.map((row) => row.name) };
    };

    it("prepares nothing new for a second request of the same shape, and binds its values", async () => {
      expect(await page(condition("price", "gte", "12"), ["-price", "-id"], 2, 3)).toEqual(
        expected((row) => Number(row.price) >= 12, true, 2, 3),
      );
      const before = fx.prepares();
      // Same filter, order and page kind (a page after the first: an OFFSET); other values, page sizes and offsets.
      expect(await page(condition("price", "gte", "11"), ["-price", "-id"], 4, 2)).toEqual(
        expected((row) => Number(row.price) >= 11, true, 4, 2),
      );
      expect(await page(condition("price", "gte", "13"), ["-price", "-id"], 1, 5)).toEqual(
        expected((row) => Number(row.price) >= 13, true, 1, 5),
      );
      expect(fx.prepares()).toBe(before);
    });

    it("keeps shapes apart: other lookups, fields, orders and page sizes get the right rows", async () => {
      const cases: [Expression, string[], (row: Row) => boolean, boolean][] = [
        [condition("price", "gte", "12"), ["-price", "-id"], (row) => Number(row.price) >= 12, true],
        [condition("price", "lte", "12"), ["-price", "-id"], (row) => Number(row.price) <= 12, true],
        [condition("price", "gte", "12"), ["price", "id"], (row) => Number(row.price) >= 12, false],
        [condition("status", "exact", "live"), ["price", "id"], (row) => row.status === "live", false],
        [
          { kind: "or", children: [condition("status", "exact", "live"), condition("price", "exact", "14.00")] },
          ["-price", "-id"],
          (row) => row.status === "live" || Number(row.price) === 14,
          true,
        ],
        [
          condition("name", "in", ["p1", "p2", "p7"]),
          ["price", "id"],
          (row) => ["p1", "p2", "p7"].includes(row.name),
          false,
        ],
        [condition("name", "in", ["p3", "p4"]), ["price", "id"], (row) => ["p3", "p4"].includes(row.name), false],
      ];
      // Twice over: the second pass runs every shape from the cache.
      for (let pass = 0; pass < 2; pass++) {
        for (const [expression, ordering, keep, descending] of cases) {
          for (const [offset, limit] of [
            [0, 2],
            [1, 3],
          ] as const) {
            expect(await page(expression, ordering, offset, limit)).toEqual(expected(keep, descending, offset, limit));
          }
        }
      }
    });

    describe("writes", () => {
      afterEach(() => {
        vi.useRealTimers();
      });
      // `updatedAt` is `$onUpdate(() => new Date())`: drizzle fills it on every insert and update.
      const at = (iso: string) => {
        vi.useFakeTimers({ toFake: ["Date"] });
        vi.setSystemTime(new Date(iso));
      };

      it("prepares nothing new for a second create of the same columns, and fills its own defaults", async () => {
        at("2021-01-01T00:00:00.000Z");
        await products.create(ctx, { name: "a", sku: "a", price: "1.00" });
        const before = fx.prepares();
        at("2022-02-02T00:00:00.000Z");
        const second = (await products.create(ctx, { name: "b", sku: "b", price: "2.75" })) as Row;
        expect(fx.prepares()).toBe(before);
        expect(second).toMatchObject({ name: "b", price: "2.75", status: "draft", ownerId: null });
        expect(second.updatedAt?.toISOString()).toBe("2022-02-02T00:00:00.000Z");
        // Other columns are another statement, with the values given.
        const third = (await products.create(ctx, {
          name: "c",
          sku: "c",
          price: "3.00",
          status: "live",
          ownerId: 7,
        })) as Row;
        expect(await products.get(ctx, third.id)).toMatchObject({ name: "c", status: "live", ownerId: 7 });
      });

      it("prepares nothing new for a second update of the same fields, and writes each one's values", async () => {
        const rename = async (row: Row, changes: Partial<Row>) => {
          const loaded = (await products.get(ctx, row.id)) as Row;
          Object.assign(loaded, changes);
          return (await products.update(ctx, loaded)) as Row;
        };
        at("2021-01-01T00:00:00.000Z");
        await rename(rows[0]!, { name: "first" });
        let before = fx.prepares();
        at("2022-02-02T00:00:00.000Z");
        const second = await rename(rows[1]!, { name: "second" });
        expect(fx.prepares()).toBe(before);
        expect(second).toMatchObject({ id: rows[1]!.id, name: "second", ownerId: rows[1]!.ownerId });
        expect(second.updatedAt?.toISOString()).toBe("2022-02-02T00:00:00.000Z");
        expect(await products.get(ctx, rows[0]!.id)).toMatchObject({ name: "first" });
        // Another set of fields is another statement; a null binds as NULL.
        await rename(rows[2]!, { name: "third", ownerId: null });
        before = fx.prepares();
        await rename(rows[3]!, { name: "fourth", ownerId: 5 });
        expect(fx.prepares()).toBe(before);
        expect(await products.get(ctx, rows[2]!.id)).toMatchObject({ name: "third", ownerId: null });
        expect(await products.get(ctx, rows[3]!.id)).toMatchObject({ name: "fourth", ownerId: 5 });
      });
    });

    it("reads and writes without making the request's signal when the pool does not cancel on abort", async () => {
      // A plain pool (or SQLite) never asks for the signal: making one costs an AbortController
      // per request. createPgPool's pool asks, to cancel (pg-faults.test.ts).
      let signalReads = 0;
      const request = requestOf();
      const counting: RequestContext = {
        request,
        user: undefined,
        aborted: () => false,
        get signal() {
          signalReads++;
          return new AbortController().signal;
        },
      };
      const loaded = (await products.get(counting, rows[0]!.id)) as Row;
      expect(loaded).toMatchObject({ name: "p0" });
      expect(await products.count(counting)).toBe(12);
      expect(await products.all(counting)).toHaveLength(12);
      loaded.name = "renamed";
      expect(await products.update(counting, loaded)).toMatchObject({ id: rows[0]!.id, name: "renamed" });
      const created = (await products.create(counting, {
        name: "new",
        sku: "new",
        price: "1.00",
        status: "live",
      })) as Row;
      await products.delete(counting, created);
      expect(await products.get(counting, created.id)).toBeNull();
      expect(signalReads).toBe(0);
    });

    it("holds a bounded number of shapes, dropping the least recently used", async () => {
      const cache = new StatementCache(dialectOf(fx.products), 2);
      const db = fx.db as unknown as Runner;
      const column = (key: string) => (fx.products as unknown as Record<string, never>)[key]!;
      const names = async (field: string, value: unknown) =>
        (
          await cache.select("test", eq(column(field), value as never), (where) =>
            db.select().from(fx.products).where(where),
          )
        ).map((row) => row.name);
      expect(await names("name", "p1")).toEqual(["p1"]);
      expect(await names("sku", "s2")).toEqual(["p2"]);
      expect(await names("name", "p3")).toEqual(["p3"]); // name: used again, so sku goes first
      expect(await names("status", "live")).toHaveLength(4);
      expect(cache.size).toBe(2);
      const before = fx.prepares();
      expect(await names("name", "p4")).toEqual(["p4"]);
      expect(fx.prepares()).toBe(before);
      // sku was dropped: SQLite prepares it again; on PostgreSQL the same text keeps its name, which
      // the connections parsed before.
      expect(await names("sku", "s5")).toEqual(["p5"]);
      expect(fx.prepares()).toBe(before + (setup.name === "PostgreSQL" ? 0 : 1));
    });

    it("gives each request of a scoped manager its own scope's rows", async () => {
      const owned = new DrizzleManager(fx.db, fx.products, {
        scope: (table, context) =>
          eq((table as unknown as { ownerId: never }).ownerId, (context.user as { id: number }).id as never),
      });
      const asOwner = (id: number) => contextOf(requestOf({ id }));
      for (let pass = 0; pass < 2; pass++) {
        for (const owner of [0, 1]) {
          const mine = (await owned.orderBy("id").all(asOwner(owner))) as Row[];
          expect(mine.map((row) => row.name)).toEqual(rows.filter((row) => row.ownerId === owner).map((r) => r.name));
          expect(await owned.count(asOwner(owner))).toBe(6);
          const [even, odd] = [rows[0]!, rows[1]!];
          expect(await owned.get(asOwner(owner), even.id)).toMatchObject(owner === 0 ? { name: "p0" } : {});
          expect(await owned.get(asOwner(owner), odd.id)).toEqual(
            owner === 1 ? expect.objectContaining({ name: "p1" }) : null,
          );
          if (owner === 1) expect(await owned.get(asOwner(owner), even.id)).toBeNull();
        }
      }
    });
  });
}

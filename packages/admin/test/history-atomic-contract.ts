/**
 * Each write through the admin and its history entries in one transaction, on every adapter and
 * database: an entry the database refuses (a trigger on the history table) rolls the write back
 * and answers a 500 that leaks nothing; a write the database refuses logs nothing; a row of an
 * action that fails keeps nothing the action wrote to it. With the admin's tables on another
 * connection than the model's, entries are written after the write, which stands.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ValidationError } from "@viewsets/core";
import { createManager, type SQLiteDatabase } from "@viewsets/drizzle";
import { AdminClient, type Reply } from "./client.js";
import type { AdminContractOptions } from "./contract-options.js";
import { addDailyTables, dailyAdmin } from "./daily-fixture.js";
import { type FixtureDatabase, type FixtureTables, fixtureAdmin } from "./fixture.js";
import { type Served, serve } from "./serve.js";
import { adminAction } from "../src/server/index.js";

/** Refuses every history entry of a record whose label begins with "refuse", with words that must not leak. */
export async function refuseEntries(database: FixtureDatabase): Promise<void> {
  if (database.dialect === "sqlite") {
    await database.query(`CREATE TRIGGER refuse_history BEFORE INSERT ON viewsets_admin_history
      WHEN NEW.object_label LIKE 'refuse%' BEGIN SELECT RAISE(ABORT, 'secret history detail'); END`);
    return;
  }
  await database.query(`CREATE FUNCTION refuse_history() RETURNS trigger AS $$ BEGIN
    IF NEW.object_label LIKE 'refuse%' THEN RAISE EXCEPTION 'secret history detail'; END IF;
    RETURN NEW; END $$ LANGUAGE plpgsql`);
  await database.query(
    "CREATE TRIGGER refuse_history BEFORE INSERT ON viewsets_admin_history FOR EACH ROW EXECUTE FUNCTION refuse_history()",
  );
}

/** Refuses renaming a product to a name that begins with "boom". */
async function refuseRenames(database: FixtureDatabase): Promise<void> {
  if (database.dialect === "sqlite") {
    await database.query(`CREATE TRIGGER refuse_boom BEFORE UPDATE ON products
      WHEN NEW.name LIKE 'boom%' BEGIN SELECT RAISE(ABORT, 'secret product detail'); END`);
    return;
  }
  await database.query(`CREATE FUNCTION refuse_boom() RETURNS trigger AS $$ BEGIN
    IF NEW.name LIKE 'boom%' THEN RAISE EXCEPTION 'secret product detail'; END IF;
    RETURN NEW; END $$ LANGUAGE plpgsql`);
  await database.query(
    "CREATE TRIGGER refuse_boom BEFORE UPDATE ON products FOR EACH ROW EXECUTE FUNCTION refuse_boom()",
  );
}

function expectSilentFailure(reply: Reply): void {
  expect(reply.status, reply.text).toBe(500);
  expect(reply.headers.get("content-type")).toBe("application/problem+json");
  expect(reply.text).not.toMatch(/secret|viewsets_admin_history|INSERT|trigger|at .*\.ts/i);
}

type Product = FixtureTables["products"]["$inferSelect"];

export function runHistoryAtomicContract(options: AdminContractOptions): void {
  describe.skipIf(options.skipReason !== undefined)(`admin history in the write's transaction: ${options.name}`, () => {
    let database: FixtureDatabase;
    let server: Served;
    let staff: AdminClient;
    const historyOf = async (id: number | string) =>
      (await staff.get(`/models/products/history?object=${id}`)).json.results as { action: string }[];
    const product = async (id: number) =>
      (await database.query(`SELECT name, price FROM products WHERE id = ${id}`))[0] as
        | { name: string; price: unknown }
        | undefined;
    const rename = (id: number, name: string) =>
      database.query(`UPDATE products SET name = '${name}' WHERE id = ${id}`);

    beforeAll(async () => {
      database = await options.database();
      await addDailyTables(database);
      // An action that writes, then refuses even rows: what it wrote to them must not stay.
      const manager = createManager(
        database.db as unknown as SQLiteDatabase,
        (database.tables as FixtureTables).products,
      );
      const mark = adminAction({
        label: "Mark",
        run: async (ctx, row: Product) => {
          await manager.update(ctx, { ...row, name: `${row.name} (marked)` });
          if (row.id % 2 === 0) throw new ValidationError("Even rows refuse the mark.");
        },
      });
      const admin = dailyAdmin(database, {}, { mark });
      server = await serve(options.framework, [admin]);
      staff = new AdminClient(server.url);
      expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
      await refuseEntries(database);
      await refuseRenames(database);
    });

    afterAll(async () => {
      await server?.close();
      await database?.close();
    });

    it("rolls a change, a create and a delete back when their entry cannot be written", async () => {
      const before = await product(3);
      expectSilentFailure(await staff.request("PATCH", "/models/products/rows/3", { name: "refuse rename" }));
      expect(await product(3)).toEqual(before);
      expect(await historyOf(3)).toEqual([]);

      expectSilentFailure(await staff.request("POST", "/models/products/rows/", { name: "refuse new", price: "1.00" }));
      expect(await database.query("SELECT id FROM products WHERE name = 'refuse new'")).toEqual([]);

      await rename(14, "refuse to go");
      expectSilentFailure(await staff.request("DELETE", "/models/products/rows/14"));
      expect((await product(14))?.name).toBe("refuse to go");
      expect(await historyOf(14)).toEqual([]);
    });

    it("keeps every selected row when one deleted row's entry cannot be written", async () => {
      const reply = await staff.request("POST", "/models/products/actions/delete_selected", {
        selection: { ids: [15, 14, 16] },
      });
      expectSilentFailure(reply);
      for (const id of [14, 15, 16]) expect(await product(id), `product ${id}`).toBeDefined();
      expect(await historyOf(15)).toEqual([]);
    });

    it("fails only the action's row whose entry cannot be written, keeping its old value", async () => {
      await rename(25, "refuse discount");
      const before = await product(25);
      const other = await product(19);
      const reply = await staff.request("POST", "/models/products/actions/discount", {
        selection: { ids: [25, 19] },
        data: { percent: 50 },
      });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json.count).toBe(1);
      expect(reply.json.failures).toEqual([
        { id: 25, label: "refuse discount", message: "The action failed on this row." },
      ]);
      expect(reply.text).not.toMatch(/secret/);
      expect(await product(25)).toEqual(before);
      expect(Number((await product(19))?.price)).not.toBe(Number(other?.price));
      expect((await historyOf(19))[0]).toMatchObject({ action: "discount" });
      expect(await historyOf(25)).toEqual([]);
    });

    it("reverts as a change: refused with its entry, logged with it", async () => {
      await rename(18, "refuse revert");
      expectSilentFailure(await staff.request("PATCH", "/models/products/rows/18", { name: "refuse reverted" }));
      expect((await product(18))?.name).toBe("refuse revert");
      expect((await staff.request("PATCH", "/models/products/rows/18", { name: "Kept" })).status).toBe(200);
      expect((await historyOf(18)).map((e) => e.action)).toEqual(["change"]);
    });

    it("logs nothing for a write the database refuses, and leaks nothing of why", async () => {
      const before = await product(20);
      const reply = await staff.request("PATCH", "/models/products/rows/20", { name: "boom" });
      expect(reply.status, reply.text).toBeGreaterThanOrEqual(400);
      expect(reply.text).not.toMatch(/secret/);
      expect(await product(20)).toEqual(before);
      expect(await historyOf(20)).toEqual([]);
    });

    it("keeps nothing an action wrote to a row it then refused, and logs only the rows it changed", async () => {
      const reply = await staff.request("POST", "/models/products/actions/mark", { selection: { ids: [21, 22] } });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json.failures).toEqual([expect.objectContaining({ id: 22, message: "Even rows refuse the mark." })]);
      expect((await product(21))?.name).toMatch(/\(marked\)$/);
      expect((await product(22))?.name).not.toMatch(/marked/);
      expect((await historyOf(21)).map((e) => e.action)).toEqual(["mark"]);
      expect(await historyOf(22)).toEqual([]);
    });
  });

  describe.skipIf(options.skipReason !== undefined)(
    `admin history on another connection than the model's: ${options.name}`,
    () => {
      let database: FixtureDatabase;
      let other: FixtureDatabase;
      let server: Served;
      let staff: AdminClient;
      const told: unknown[] = [];

      beforeAll(async () => {
        database = await options.database();
        other = await database.reopen();
        // The models' managers over `database`, the admin's own tables over a second connection.
        server = await serve(options.framework, [
          fixtureAdmin(database, { db: other.db, onError: (e) => told.push(e) }),
        ]);
        staff = new AdminClient(server.url);
        expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
        await refuseEntries(database);
      });

      afterAll(async () => {
        await server?.close();
        await other?.close();
        await database?.close();
      });

      it("logs each write after it committed; an entry that fails is told to onError and the write stands", async () => {
        const fine = await staff.request("PATCH", "/models/products/rows/30", { name: "Other fine" });
        expect(fine.status, fine.text).toBe(200);
        expect((await staff.get("/models/products/history?object=30")).json.results[0]).toMatchObject({
          action: "change",
          objectLabel: "Other fine",
        });
        const refused = await staff.request("PATCH", "/models/products/rows/31", { name: "refuse but stand" });
        expect(refused.status, refused.text).toBe(200);
        expect((await database.query("SELECT name FROM products WHERE id = 31"))[0]?.name).toBe("refuse but stand");
        expect((await staff.get("/models/products/history?object=31")).json.results).toEqual([]);
        expect(told).toHaveLength(1);
      });
    },
  );
}

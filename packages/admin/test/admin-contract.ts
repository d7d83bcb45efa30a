import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Admin } from "../src/server/index.js";
import { createManager, type SQLiteDatabase, tableModel } from "@viewsets/drizzle";
import { AdminClient, call, type Reply } from "./client.js";
import {
  ADMIN_TOKEN,
  type FixtureDatabase,
  type FixtureUser,
  fixtureAdmin,
  type ProductRow,
  seedRows,
  STATUSES,
} from "./fixture.js";
import { runFacetsContract } from "./facets-contract.js";
import { runLimitsContract } from "./limits-contract.js";
import { runSecurityContract } from "./security-contract.js";
import type { AdminContractOptions } from "./contract-options.js";
import { type Served, serve } from "./serve.js";

function expectProblem(reply: Reply, status: number): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get("content-type")).toBe("application/problem+json");
  expect(reply.json.status).toBe(status);
}

const ids = (rows: readonly { id: unknown }[]) => rows.map((row) => Number(row.id));

/** ADMIN.md's HTTP API, the same on every adapter and database. */
export function runAdminContract(options: AdminContractOptions): void {
  describe.skipIf(options.skipReason !== undefined)(`admin contract: ${options.name}`, () => {
    let database: FixtureDatabase;
    let admin: Admin<FixtureUser>;
    let server: Served;
    let staff: AdminClient;
    let editor: AdminClient;
    const seeded = seedRows();

    beforeAll(async () => {
      database = await options.database();
      admin = fixtureAdmin(database);
      server = await serve(options.framework, [admin]);
      staff = new AdminClient(server.url);
      editor = new AdminClient(server.url);
      expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
      expect((await editor.signIn("editor", "pw-editor")).status).toBe(200);
    });

    afterAll(async () => {
      await server?.close();
      await database?.close();
    });

    describe("session", () => {
      it("signs in with a cookie that scripts cannot read, scoped to the admin", async () => {
        const reply = await call(`${server.url}/admin/api/session`, "POST", {
          username: "admin",
          password: "pw-admin",
        });
        expect(reply.status).toBe(200);
        expect(reply.json).toEqual({
          user: { id: 1, username: "admin", isStaff: true },
          csrfToken: expect.any(String),
        });
        const cookie = reply.headers.get("set-cookie")!;
        expect(cookie).toMatch(/HttpOnly/i);
        expect(cookie).toMatch(/SameSite=Lax/i);
        expect(cookie).toMatch(/Path=\/admin(;|$)/);
        expect(cookie).not.toMatch(/Secure/i);
        // The token is random, at least 128 bits, and only its hash is stored.
        const token = decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!);
        expect(token.length).toBeGreaterThanOrEqual(22);
        const rows = await database.query("SELECT * FROM viewsets_admin_sessions");
        const stored = JSON.stringify(rows);
        expect(stored).not.toContain(token);
        expect(stored).toContain(createHash("sha256").update(token).digest("hex"));
      });

      it("answers a wrong password and an unknown user alike, and a missing field with 400", async () => {
        const wrong = await call(`${server.url}/admin/api/session`, "POST", { username: "admin", password: "nope" });
        const unknown = await call(`${server.url}/admin/api/session`, "POST", { username: "nobody", password: "x" });
        expectProblem(wrong, 401);
        expectProblem(unknown, 401);
        expect(wrong.json.detail).toBe(unknown.json.detail);
        expect(wrong.headers.get("set-cookie")).toBeNull();
        const missing = await call(`${server.url}/admin/api/session`, "POST", { username: "admin" });
        expectProblem(missing, 400);
        expect(Object.keys(missing.json.errors)).toEqual(["password"]);
        expectProblem(await call(`${server.url}/admin/api/session`, "POST", "{not json"), 400);
      });

      it("throttles repeated sign-in attempts per username with 429 and Retry-After", async () => {
        const attempt = () => call(`${server.url}/admin/api/session`, "POST", { username: "locked", password: "bad" });
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++) statuses.push((await attempt()).status);
        expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
        const throttled = await call(`${server.url}/admin/api/session`, "POST", {
          username: "locked",
          password: "pw-locked",
        });
        expectProblem(throttled, 429);
        expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
      });

      it("tells who is signed in, and 401 without a session", async () => {
        const me = await staff.get("/session");
        expect(me.status).toBe(200);
        expect(me.json.user.username).toBe("admin");
        expect(me.json.csrfToken).toBe(staff.csrfToken);
        expectProblem(await call(`${server.url}/admin/api/session`, "GET"), 401);
      });

      it("signs out on the server: the old cookie no longer works", async () => {
        const client = new AdminClient(server.url);
        await client.signIn("editor", "pw-editor");
        expectProblem(await client.request("DELETE", "/session", undefined, { csrf: false }), 403);
        const out = await client.request("DELETE", "/session");
        expect(out.status).toBe(204);
        expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
        expectProblem(await client.get("/session"), 401);
        expectProblem(await client.get("/models"), 401);
      });
    });

    describe("who may use the API", () => {
      it("answers 401 without a session and 403 for a user who is not staff", async () => {
        expectProblem(await call(`${server.url}/admin/api/models`, "GET"), 401);
        expectProblem(await call(`${server.url}/admin/api/models/products/rows/`, "GET"), 401);
        const customer = new AdminClient(server.url);
        expect((await customer.signIn("customer", "pw-customer")).json.user.isStaff).toBe(false);
        expectProblem(await customer.get("/models"), 403);
        expectProblem(await customer.request("POST", "/saved-views/products", { name: "x" }), 403);
      });

      it("refuses a cookie-signed write without the CSRF token, and stores nothing", async () => {
        const before = (await staff.get("/saved-views/products")).json.length;
        expectProblem(await staff.request("POST", "/saved-views/products", { name: "csrf" }, { csrf: false }), 403);
        const wrong = await call(
          `${server.url}/admin/api/saved-views/products`,
          "POST",
          { name: "csrf" },
          { cookie: staff.cookie, "x-csrf-token": "guess" },
        );
        expectProblem(wrong, 403);
        expect((await staff.get("/saved-views/products")).json.length).toBe(before);
      });

      it("lets the app's own authenticators in without a CSRF token", async () => {
        const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };
        const created = await call(
          `${server.url}/admin/api/saved-views/categories`,
          "POST",
          { name: "Bearer" },
          bearer,
        );
        expect(created.status).toBe(201);
        const listed = await call(`${server.url}/admin/api/saved-views/categories`, "GET", undefined, bearer);
        expect(listed.json.map((v: { name: string }) => v.name)).toContain("Bearer");
      });
    });

    describe("models", () => {
      it("describes each registered model for the UI", async () => {
        const reply = await staff.get("/models");
        expect(reply.status).toBe(200);
        const products = reply.json.models.find((m: { name: string }) => m.name === "products");
        expect(reply.json.models.map((m: { name: string }) => m.name)).toEqual(["categories", "products"]);
        expect(products).toMatchObject({
          name: "products",
          label: "Products",
          pk: "id",
          labelField: "name",
          listDisplay: ["id", "name", "categoryId", "status", "price", "inStock", "createdAt"],
          searchFields: ["name"],
          ordering: ["-createdAt"],
          permissions: { add: true, change: true, delete: true },
        });
        expect(products.listFilter).toEqual([
          { field: "status", widget: "checkboxes" },
          { field: "inStock", widget: "tristate" },
          { field: "categoryId", widget: "combobox" },
          { field: "price", widget: "numericRange" },
          { field: "createdAt", widget: "dateRange" },
          { field: "name", widget: "chips" },
        ]);
        const field = (name: string) => products.fields.find((f: { name: string }) => f.name === name);
        expect(field("status")).toMatchObject({
          type: "string",
          choices: [...STATUSES],
          choiceLabels: { archived: "Withdrawn" },
          editable: true,
          // The column's literal defaults, so that the add form starts from them (issue 46, item 1).
          default: "draft",
        });
        expect(field("inStock")).toMatchObject({ default: true, required: false });
        // A default the database computes (a function's, now()) is not known before the write.
        expect(field("createdAt")).not.toHaveProperty("default");
        expect(field("name")).not.toHaveProperty("default");
        expect(field("name")).not.toHaveProperty("choiceLabels");
        expect(field("categoryId")).toMatchObject({ type: "foreignKey", references: "categories", nullable: true });
        expect(field("id")).toMatchObject({ editable: false, required: false });
        expect(field("name")).toMatchObject({ label: "Name", required: true });
      });
    });

    describe("rows", () => {
      const matching = (keep: (p: ProductRow) => boolean) => seeded.products.filter(keep);

      it("lists with the REST API's grammar: repeated keys, lookups, search and ordering", async () => {
        const reply = await staff.get(
          "/models/products/rows/?status=live&status=draft&price__gte=50&search=RED&ordering=price&page_size=100",
        );
        expect(reply.status).toBe(200);
        const expected = matching((p) => p.status !== "archived" && Number(p.price) >= 50 && p.name.startsWith("Red"))
          .sort((a, b) => Number(a.price) - Number(b.price) || a.id - b.id)
          .map((p) => p.id);
        expect(expected.length).toBeGreaterThan(2);
        expect(reply.json.count).toBe(expected.length);
        expect(ids(reply.json.results)).toEqual(expected);
        expect(reply.json.results[0]).toHaveProperty("createdAt");
        // Prices as seeded, with their two places, on SQLite (which stores 37.00 as 37) as on PostgreSQL.
        const seededPrice = new Map(seeded.products.map((p) => [p.id, p.price]));
        expect(reply.json.results.map((row: ProductRow) => row.price)).toEqual(
          reply.json.results.map((row: ProductRow) => seededPrice.get(row.id)),
        );
      });

      it("pages by listPerPage with links, and orders by the configured default", async () => {
        const reply = await staff.get("/models/products/rows/");
        expect(reply.json.count).toBe(60);
        expect(reply.json.results).toHaveLength(25);
        expect(reply.json.next).toMatch(/\/admin\/api\/models\/products\/rows\/\?page=2$/);
        const newest = [...seeded.products].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
        expect(ids(reply.json.results)).toEqual(newest.slice(0, 25).map((p) => p.id));
      });

      it("counts up to a cap, or not at all, where the model asks, with the same rows and links", async () => {
        const counted = fixtureAdmin(database);
        const { products } = database.tables as { products: Parameters<typeof tableModel>[0] };
        const manager = createManager(database.db as unknown as SQLiteDatabase, products as never);
        counted.register("capped", {
          model: tableModel(products),
          queryset: manager,
          count: { cap: 30 },
          listPerPage: 25,
        });
        counted.register("uncounted", {
          model: tableModel(products),
          queryset: manager,
          count: "none",
          listPerPage: 25,
        });
        const second = await serve(options.framework, [counted]);
        try {
          const client = new AdminClient(second.url);
          await client.signIn("admin", "pw-admin");
          const capped = await client.get("/models/capped/rows/?ordering=id");
          expect(capped.json).toMatchObject({ count: 30, countCapped: true, previous: null });
          expect(ids(capped.json.results)).toEqual(seeded.products.slice(0, 25).map((p) => p.id));
          const few = await client.get("/models/capped/rows/?status=live");
          expect(few.json).toMatchObject({ count: matching((p) => p.status === "live").length, countCapped: false });
          const none = await client.get("/models/uncounted/rows/?ordering=id&page=3");
          expect(none.json).toMatchObject({ count: null, next: null });
          expect(none.json.previous).toMatch(/page=2$/);
          expect(ids(none.json.results)).toEqual(seeded.products.slice(50, 60).map((p) => p.id));
          expect((await client.get("/models/uncounted/rows/?ordering=id&page=2")).json.next).toMatch(/page=3$/);
          expectProblem(await client.get("/models/uncounted/rows/?page=4"), 404);
          expectProblem(await client.get("/models/uncounted/rows/?page=last"), 404);
        } finally {
          await second.close();
        }
      });

      it("answers 400 naming the parameter for a value that does not coerce, 404 for an unknown model", async () => {
        const bad = await staff.get("/models/products/rows/?price__gte=cheap");
        expectProblem(bad, 400);
        expect(Object.keys(bad.json.errors)).toEqual(["price__gte"]);
        expectProblem(await staff.get("/models/nothing/rows/"), 404);
        expectProblem(await staff.get("/models/products/nothing"), 404);
      });

      it("resolves date presets in the given time zone, as half-open ranges", async () => {
        // NOW is 10:00 UTC on 2026-03-29, noon in Berlin; Berlin's day began at 23:00 UTC the day before.
        const today = await staff.get("/models/products/rows/?createdAt__preset=today&tz=Europe/Berlin&page_size=100");
        expect(today.status).toBe(200);
        const start = Date.UTC(2026, 2, 28, 23);
        const end = Date.UTC(2026, 2, 29, 22);
        const expected = matching((p) => p.createdAt.getTime() >= start && p.createdAt.getTime() < end);
        expect(expected.length).toBeGreaterThan(0);
        expect(ids(today.json.results).sort((a, b) => a - b)).toEqual(ids(expected).sort((a, b) => a - b));
        const week = await staff.get("/models/products/rows/?createdAt__preset=last_7_days&page_size=100");
        const weekStart = Date.UTC(2026, 2, 23);
        const weekEnd = Date.UTC(2026, 2, 30);
        const inWeek = matching((p) => p.createdAt.getTime() >= weekStart && p.createdAt.getTime() < weekEnd);
        expect(week.json.count).toBe(inWeek.length);
        expectProblem(await staff.get("/models/products/rows/?createdAt__preset=someday"), 400);
        expectProblem(await staff.get("/models/products/rows/?createdAt__preset=today&tz=Mars/Olympus"), 400);
        expectProblem(await staff.get("/models/products/rows/?price__preset=today"), 400);
      });

      it("creates, reads, changes and deletes through the model's validation", async () => {
        const invalid = await staff.request("POST", "/models/products/rows/", { name: "", price: "x", status: "gone" });
        expectProblem(invalid, 400);
        expect(Object.keys(invalid.json.errors)).toEqual(expect.arrayContaining(["price", "status"]));
        const created = await staff.request("POST", "/models/products/rows/", {
          name: "Lamp",
          price: "12.50",
          status: "draft",
          inStock: true,
          categoryId: 2,
          createdAt: "2026-03-01T00:00:00.000Z",
        });
        expect(created.status, created.text).toBe(201);
        expect(created.json.price).toBe("12.50");
        const id = created.json.id;
        expect(created.headers.get("location")).toBe(`${server.url}/admin/api/models/products/rows/${id}`);
        expect((await staff.get(`/models/products/rows/${id}`)).json.name).toBe("Lamp");
        const changed = await staff.request("PATCH", `/models/products/rows/${id}`, { price: "9.99" });
        expect(changed.status).toBe(200);
        expect(changed.json.price).toBe("9.99");
        expectProblem(await staff.request("PATCH", `/models/products/rows/${id}`, { price: "free" }), 400);
        expect((await staff.request("DELETE", `/models/products/rows/${id}`)).status).toBe(204);
        expectProblem(await staff.get(`/models/products/rows/${id}`), 404);
        expectProblem(await staff.get("/models/products/rows/99999"), 404);
        expectProblem(await staff.get("/models/products/rows/99999999999999999999"), 404);
        expectProblem(await staff.get("/models/products/rows/abc"), 404);
      });
    });

    describe("facets", () => {
      const count = (rows: ProductRow[], keep: (p: ProductRow) => boolean) => rows.filter(keep).length;

      it("counts every choice and both booleans, zeros included, with the other filters only", async () => {
        const reply = await staff.get("/models/products/facets?status=live&inStock=true&search=blue");
        expect(reply.status).toBe(200);
        const { facets } = reply.json;
        const blue = seeded.products.filter((p) => p.name.startsWith("Blue"));
        // status counts ignore status=live but keep inStock=true and the search.
        expect(facets.status.counts).toEqual(
          STATUSES.map((status) => ({ value: status, count: count(blue, (p) => p.inStock && p.status === status) })),
        );
        // inStock counts ignore inStock=true but keep status=live.
        expect(facets.inStock.counts).toEqual([
          { value: true, count: count(blue, (p) => p.status === "live" && p.inStock) },
          { value: false, count: count(blue, (p) => p.status === "live" && !p.inStock) },
        ]);
        const live = blue.filter((p) => p.status === "live" && p.inStock);
        const prices = live.map((p) => Number(p.price));
        // The bounds as the rows show them: two places, though SQLite's MIN() answers a number.
        expect(facets.price.min).toBe(Math.min(...prices).toFixed(2));
        expect(facets.price.max).toBe(Math.max(...prices).toFixed(2));
        const times = live.map((p) => p.createdAt.getTime());
        expect(new Date(facets.createdAt.min).getTime()).toBe(Math.min(...times));
        expect(new Date(facets.createdAt.max).getTime()).toBe(Math.max(...times));
      });

      it("names foreign keys by label, counts nulls, and adds selected values past the top 20", async () => {
        const reply = await staff.get("/models/products/facets?categoryId=6");
        const counts = reply.json.facets.categoryId.counts as { value: number | null; label: string; count: number }[];
        for (const entry of counts) {
          expect(entry.count).toBe(count(seeded.products, (p) => p.categoryId === entry.value));
          if (entry.value !== null) {
            expect(entry.label).toBe(seeded.categories.find((c) => c.id === entry.value)!.name);
          }
        }
        expect(counts.map((c) => c.value)).toContain(null);
        expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(seeded.products.length);
        // Names: the 20 most frequent values, counted with the other filters.
        const names = (await staff.get("/models/products/facets?status=draft")).json.facets.name.counts;
        const drafts = seeded.products.filter((p) => p.status === "draft").map((p) => p.name);
        expect(names).toHaveLength(Math.min(20, drafts.length));
        for (const entry of names) expect(entry).toEqual({ value: expect.any(String), count: 1 });
        expect(drafts).toEqual(expect.arrayContaining(names.map((n: { value: string }) => n.value)));
        const far = seeded.products.filter((p) => p.status !== "draft").at(-1)!.name;
        const selected = await staff.get(`/models/products/facets?status=draft&name=${encodeURIComponent(far)}`);
        expect(selected.json.facets.name.counts).toContainEqual({ value: far, count: 0 });
      });

      it("counts one field's values past the top 20 on asking (facets/{field}: the combobox's shown options)", async () => {
        // Every name occurs once: the top 20 leave most out. The names asked for are counted
        // under the other filters (status=draft), whatever their rank; the field's own values filter nothing.
        const drafts = seeded.products.filter((p) => p.status === "draft");
        const asked = [
          drafts.at(-1)!.name,
          drafts.at(-2)!.name,
          seeded.products.find((p) => p.status === "live")!.name,
        ];
        const query = asked.map((name) => `name=${encodeURIComponent(name)}`).join("&");
        const reply = await staff.get(`/models/products/facets/name?status=draft&${query}`);
        expect(reply.status, reply.text).toBe(200);
        const counts = reply.json.counts as { value: string; count: number }[];
        expect(counts).toEqual(
          expect.arrayContaining([
            { value: asked[0], count: 1 },
            { value: asked[1], count: 1 },
            { value: asked[2], count: 0 },
          ]),
        );
        // The rest are the top values under status=draft: drafts only.
        for (const entry of counts.filter((c) => c.count > 0)) expect(drafts.map((p) => p.name)).toContain(entry.value);
        const categories = await staff.get("/models/products/facets/categoryId?inStock=true&categoryId=6");
        expect(categories.json.counts).toContainEqual({
          value: 6,
          label: seeded.categories.find((c) => c.id === 6)!.name,
          count: count(seeded.products, (p) => p.inStock && p.categoryId === 6),
        });
        expectProblem(await staff.get("/models/products/facets/description"), 404);
        expectProblem(await staff.get("/models/products/facets/name?price__lte=many"), 400);
        expect((await new AdminClient(server.url).get("/models/products/facets/name")).status).toBe(401);
      });

      it("answers 400 for a value that does not coerce", async () => {
        expectProblem(await staff.get("/models/products/facets?price__lte=many"), 400);
      });

      it("filters, counts and searches through a relation: a listFilter and searchFields on the category's name", async () => {
        const related = fixtureAdmin(database);
        const { products, categories } = database.tables as {
          products: Parameters<typeof tableModel>[0];
          categories: Parameters<typeof tableModel>[0];
        };
        const db = database.db as unknown as SQLiteDatabase;
        const categoryModel = tableModel(categories);
        related.register("goods", {
          model: tableModel(products),
          queryset: createManager(db, products as never),
          relations: { category: { source: "categoryId", target: { model: categoryModel } } },
          listFilter: ["status", "category__name"],
          searchFields: ["category__name"],
        });
        const second = await serve(options.framework, [related]);
        try {
          const client = new AdminClient(second.url);
          await client.signIn("admin", "pw-admin");
          const nameOf = (p: ProductRow) => seeded.categories.find((c) => c.id === p.categoryId)?.name ?? null;
          const garden = await client.get("/models/goods/rows/?category__name=Garden&page_size=100&ordering=id");
          expect(ids(garden.json.results)).toEqual(
            seeded.products.filter((p) => nameOf(p) === "Garden").map((p) => p.id),
          );
          const searched = await client.get("/models/goods/rows/?search=cotton&page_size=100&ordering=id");
          expect(ids(searched.json.results)).toEqual(
            seeded.products.filter((p) => nameOf(p) === "100% Cotton").map((p) => p.id),
          );
          // The facet counts the related names with the other filters applied, its own left out.
          const facets = await client.get("/models/goods/facets?status=live&category__name=Garden");
          const counts = facets.json.facets.category__name.counts as { value: string | null; count: number }[];
          const live = seeded.products.filter((p) => p.status === "live");
          for (const name of [...seeded.categories.map((c) => c.name), null]) {
            const expected = live.filter((p) => nameOf(p) === name).length;
            if (expected > 0) expect(counts, String(name)).toContainEqual({ value: name, count: expected });
          }
          expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(live.length);
          // The UI is told how to label and filter the related field.
          const model = (await client.get("/models")).json.models.find((m: { name: string }) => m.name === "goods");
          expect(model.listFilter).toContainEqual({ field: "category__name", widget: "chips" });
          expect(model.relatedFields).toEqual([
            {
              name: "category__name",
              label: "Category name",
              type: "text",
              nullable: true,
              editable: false,
              required: false,
            },
          ]);
        } finally {
          await second.close();
        }
        const broken = fixtureAdmin(database);
        broken.register("goods", {
          model: tableModel(products),
          queryset: createManager(db, products as never),
          relations: { category: { source: "categoryId", target: { model: tableModel(categories) } } },
          listFilter: ["category__nme" as never],
        });
        expect(broken.checkConfiguration()?.message).toContain('listFilter[0]: Category has no field "nme"');
      });
    });

    describe("foreign-key lookup", () => {
      it("finds labels containing q, case-insensitively, with % and _ literal, ordered by label", async () => {
        const all = await staff.get("/models/products/lookup/categoryId");
        expect(all.json.results.map((r: { label: string }) => r.label)).toEqual(
          [...seeded.categories.map((c) => c.name)].sort(),
        );
        expect((await staff.get("/models/products/lookup/categoryId?q=GAR")).json.results).toEqual([
          { id: 5, label: "Garden" },
        ]);
        expect((await staff.get("/models/products/lookup/categoryId?q=%25")).json.results).toEqual([
          { id: 3, label: "100% Cotton" },
        ]);
        expect((await staff.get("/models/products/lookup/categoryId?q=_")).json.results).toEqual([
          { id: 4, label: "snake_case" },
        ]);
        const limited = await staff.get("/models/products/lookup/categoryId?limit=2");
        expect(limited.json.results).toHaveLength(2);
        expect(limited.json.more).toBe(true);
      });

      it("names given ids, leaving unknown ones out; more than 100 ids is 400", async () => {
        const named = await staff.get("/models/products/lookup/categoryId?ids=6,1,999");
        expect(named.json).toEqual({
          results: [
            { id: 6, label: "Tools" },
            { id: 1, label: "Books" },
          ],
          more: false,
        });
        const many = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
        expectProblem(await staff.get(`/models/products/lookup/categoryId?ids=${many}`), 400);
        expectProblem(await staff.get("/models/products/lookup/categoryId?ids=1,x"), 400);
        expectProblem(await staff.get("/models/products/lookup/status"), 404);
        expectProblem(await staff.get("/models/products/lookup/nothing"), 404);
      });
    });

    describe("saved views", () => {
      const view = {
        name: "Live bargains",
        search: "red",
        filters: { status: ["live", "draft"], price__lte: ["50"], createdAt__preset: ["last_7_days"] },
        ordering: ["-price", "name"],
      };

      it("creates with 201 and Location, then updates the same name (trimmed, any case) with 200", async () => {
        const created = await staff.request("POST", "/saved-views/products", view);
        expect(created.status, created.text).toBe(201);
        expect(created.json).toMatchObject({ ...view, isDefault: false, id: expect.any(Number) });
        expect(created.headers.get("location")).toBe(`${server.url}/admin/api/saved-views/products/${created.json.id}`);
        const again = await staff.request("POST", "/saved-views/products", { name: "  LIVE bargains ", search: "" });
        expect(again.status).toBe(200);
        expect(again.json.id).toBe(created.json.id);
        expect(again.json.search).toBe("");
        expect(again.json.filters).toEqual(view.filters);
      });

      it("lists only the user's views of the model, by name case-insensitively", async () => {
        await staff.request("POST", "/saved-views/products", { name: "alpha" });
        await staff.request("POST", "/saved-views/products", { name: "Zulu" });
        const names = (await staff.get("/saved-views/products")).json.map((v: { name: string }) => v.name);
        expect(names).toEqual(
          [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
        );
        expect(names).toEqual(expect.arrayContaining(["alpha", "Live bargains", "Zulu"]));
        expect((await editor.get("/saved-views/products")).json).toEqual([]);
      });

      it("patches, refuses a name another view has with 409, and keeps one default per model", async () => {
        const a = (await staff.request("POST", "/saved-views/products", { name: "Patch A", isDefault: true })).json;
        const b = (await staff.request("POST", "/saved-views/products", { name: "Patch B" })).json;
        expect((await staff.request("PATCH", `/saved-views/products/${b.id}`, { name: "patch a" })).status).toBe(409);
        const renamed = await staff.request("PATCH", `/saved-views/products/${b.id}`, {
          name: "Patch C",
          isDefault: true,
        });
        expect(renamed.status).toBe(200);
        expect(renamed.json).toMatchObject({ name: "Patch C", isDefault: true });
        const views = (await staff.get("/saved-views/products")).json as { id: number; isDefault: boolean }[];
        expect(views.filter((v) => v.isDefault).map((v) => v.id)).toEqual([b.id]);
        expect(views.find((v) => v.id === a.id)!.isDefault).toBe(false);
      });

      it("keeps one default when requests race to set it", async () => {
        const views = [];
        for (let i = 0; i < 6; i++)
          views.push((await editor.request("POST", "/saved-views/products", { name: `Race ${i}` })).json);
        const replies = await Promise.all(
          views.map((v) => editor.request("PATCH", `/saved-views/products/${v.id}`, { isDefault: true })),
        );
        expect(replies.map((r) => r.status)).toEqual(views.map(() => 200));
        const after = (await editor.get("/saved-views/products")).json as { isDefault: boolean }[];
        expect(after.filter((v) => v.isDefault)).toHaveLength(1);
        for (const v of views) await editor.request("DELETE", `/saved-views/products/${v.id}`);
      });

      it("keeps users apart: another user's view is 404 and untouched", async () => {
        const mine = (await staff.request("POST", "/saved-views/products", { name: "Private" })).json;
        expectProblem(await editor.request("PATCH", `/saved-views/products/${mine.id}`, { name: "Stolen" }), 404);
        expectProblem(await editor.request("DELETE", `/saved-views/products/${mine.id}`), 404);
        expectProblem(await staff.request("DELETE", `/saved-views/categories/${mine.id}`), 404);
        const still = (await staff.get("/saved-views/products")).json.find((v: { id: number }) => v.id === mine.id);
        expect(still.name).toBe("Private");
        expect((await staff.request("DELETE", `/saved-views/products/${mine.id}`)).status).toBe(204);
        expectProblem(await staff.request("DELETE", `/saved-views/products/${mine.id}`), 404);
      });

      it("validates against the model's grammar before storing anything", async () => {
        const before = (await staff.get("/saved-views/products")).json.length;
        const bad = [
          { name: "" },
          { name: "   " },
          { name: "x".repeat(101) },
          { search: "no name" },
          { name: "k", filters: { nothing: ["1"] } },
          { name: "k", filters: { price__near: ["1"] } },
          { name: "k", filters: { price__gte: ["cheap"] } },
          { name: "k", filters: { createdAt__preset: ["someday"] } },
          { name: "k", filters: { status: "live" } },
          { name: "k", filters: { ["__proto__"]: ["1"] } },
          { name: "k", ordering: ["nothing"] },
          { name: "k", isDefault: "yes" },
        ];
        for (const body of bad) {
          const reply = await staff.request("POST", "/saved-views/products", JSON.stringify(body));
          expectProblem(reply, 400);
        }
        const proto = await staff.request(
          "POST",
          "/saved-views/products",
          '{"name":"p","filters":{"__proto__":["1"]}}',
        );
        expectProblem(proto, 400);
        expectProblem(await staff.request("POST", "/saved-views/products", "{"), 400);
        expectProblem(await staff.request("POST", "/saved-views/nothing", { name: "x" }), 404);
        const tooMany = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`f${i}`, ["1"]]));
        expectProblem(await staff.request("POST", "/saved-views/products", { name: "many", filters: tooMany }), 400);
        const huge = await staff.request("POST", "/saved-views/products", { name: "n".repeat(1_000_000) });
        expect([400, 413]).toContain(huge.status);
        expect((await staff.get("/saved-views/products")).json.length).toBe(before);
        expectProblem(await staff.request("PATCH", "/saved-views/products/99999999999999999999", { name: "x" }), 404);
      });

      it("stores SQL metacharacters literally", async () => {
        const name = `Robert'); DROP TABLE products;--`;
        const created = await staff.request("POST", "/saved-views/products", {
          name,
          search: "%_\\'",
          filters: { name__icontains: ["'; DELETE FROM products; --"] },
        });
        expect(created.status).toBe(201);
        expect(created.json.name).toBe(name);
        expect((await staff.get("/models/products/rows/")).json.count).toBeGreaterThanOrEqual(60);
      });

      it("makes one view of concurrent POSTs of one new name: one 201, the rest 200", async () => {
        const replies = await Promise.all(
          Array.from({ length: 10 }, () => staff.request("POST", "/saved-views/products", { name: "Raced" })),
        );
        expect(replies.map((r) => r.status).sort()).toEqual([201, 200, 200, 200, 200, 200, 200, 200, 200, 200].sort());
        const views = (await staff.get("/saved-views/products")).json.filter(
          (v: { name: string }) => v.name === "Raced",
        );
        expect(views).toHaveLength(1);
      });

      it("survives a restart", async () => {
        const reopened = await database.reopen();
        const again = fixtureAdmin(reopened);
        const second = await serve(options.framework, [again]);
        try {
          const client = new AdminClient(second.url);
          await client.signIn("admin", "pw-admin");
          const names = (await client.get("/saved-views/products")).json.map((v: { name: string }) => v.name);
          expect(names).toEqual(expect.arrayContaining(["Live bargains", "Raced"]));
        } finally {
          await second.close();
          await reopened.close();
        }
      });
    });

    describe("the UI's pages", () => {
      it("serves the app for every client route, with a CSP that forbids inline scripts and framing", async () => {
        for (const path of [
          "/admin/",
          "/admin/login",
          "/admin/products/",
          "/admin/products/7",
          "/admin/products/add",
        ]) {
          const reply = await call(`${server.url}${path}`, "GET");
          expect(reply.status, path).toBe(200);
          expect(reply.headers.get("content-type")).toBe("text/html; charset=utf-8");
          const csp = reply.headers.get("content-security-policy")!;
          expect(csp).toContain("script-src 'self'");
          expect(csp).not.toContain("unsafe-inline");
          expect(csp).toContain("frame-ancestors 'none'");
          expect(reply.headers.get("x-frame-options")).toBe("DENY");
          expect(reply.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
        }
        const bare = await call(`${server.url}/admin`, "GET");
        expect(bare.status).toBe(308);
        expect(bare.headers.get("location")).toBe("/admin/");
      });

      it("serves content-hashed assets for a year, and 404 for others", async () => {
        const page = (await call(`${server.url}/admin/`, "GET")).text;
        const assets = [...page.matchAll(/(?:src|href)="(\/admin\/assets\/[^"]+)"/g)].map((m) => m[1]!);
        expect(
          assets.length,
          "the page names no assets: build the UI first (pnpm --filter @viewsets/admin build:ui)",
        ).toBeGreaterThan(0);
        for (const asset of assets) {
          const reply = await call(`${server.url}${asset}`, "GET");
          expect(reply.status, asset).toBe(200);
          expect(reply.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        }
        // HEAD as GET: the same length, no body (pages and assets alike, on every adapter).
        for (const path of ["/admin/", "/admin/products/", ...assets]) {
          const get = await fetch(`${server.url}${path}`);
          const length = (await get.arrayBuffer()).byteLength;
          const head = await fetch(`${server.url}${path}`, { method: "HEAD" });
          expect(head.status, path).toBe(200);
          expect(head.headers.get("content-length"), path).toBe(String(length));
          expect(head.headers.get("content-type"), path).toBe(get.headers.get("content-type"));
          expect((await head.arrayBuffer()).byteLength, path).toBe(0);
        }
        expectProblem(await call(`${server.url}/admin/assets/nothing.js`, "GET"), 404);
        expectProblem(await call(`${server.url}/admin/assets/..%2fpackage.json`, "GET"), 404);
        expectProblem(await call(`${server.url}/admin/api/nothing`, "GET"), 404);
        expect((await call(`${server.url}/elsewhere`, "GET")).text).toBe("fallthrough");
      });
    });
  });
  runSecurityContract(options);
  runLimitsContract(options);
  runFacetsContract(options);
}

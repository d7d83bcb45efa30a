/**
 * The shop's admin and API on better-auth's users, as ADMIN.md's "example shop" describes them,
 * on each framework: the seeded admin, editor and customer, one sign-in for the admin and the
 * API (its cookie and CSRF token, or its token as a bearer), and each role's permissions.
 */
import { hashSessionToken } from "@viewsets/better-auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShopAdmin, priceWithVat } from "../src/admin.js";
import { createShopRouter, shopApiAuth } from "../src/app.js";
import { createShopAuth, seedUsers } from "../src/auth.js";
import { FRAMEWORKS, type Listening, listen } from "../src/serve.js";
import { SHOP_DIALECT, type TestDatabase, databaseSkipReason, openTestDatabase, tempDirectory } from "./helpers.js";

const directory = tempDirectory();
afterAll(() => directory.remove());

interface Session {
  readonly status: number;
  readonly cookie: string;
  readonly csrfToken: string;
}

async function signIn(base: string, username: string, password: string): Promise<Session> {
  const response = await fetch(`${base}/admin/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0] ?? "";
  const body = (await response.json()) as { csrfToken?: string };
  return { status: response.status, cookie, csrfToken: body.csrfToken ?? "" };
}

function send(url: string, method: string, headers: Record<string, string>, body?: unknown) {
  return fetch(url, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe.skipIf(databaseSkipReason !== undefined).each(FRAMEWORKS)(
  `the shop's admin and API on better-auth (${SHOP_DIALECT}), on %s`,
  (framework) => {
    let database: TestDatabase;
    let server: Listening;
    let base: string;
    let editor: Session;
    const productName = async (id: number) =>
      (await database.query<{ name: string }>("SELECT name FROM products WHERE id = ?", id))[0]?.name;

    beforeAll(async () => {
      database = await openTestDatabase(`admin-${framework}`, directory.path, {
        products: 200,
        categories: 5,
        priceChanges: 10,
      });
      const auth = createShopAuth(database.db, "a-secret-for-the-shop-tests-0123456789abcdef");
      expect(await seedUsers(auth)).toBe(true);
      expect(await seedUsers(auth)).toBe(false);
      const admin = createShopAdmin(database.db, auth);
      await admin.ready();
      const router = createShopRouter(database.db, shopApiAuth(auth), admin);
      server = await listen(router, framework, 0, "127.0.0.1", [admin]);
      base = server.url;
      editor = await signIn(base, "editor", "shop-demo");
    });
    afterAll(async () => {
      await server?.close();
      await database?.close();
    });

    it("signs the seeded users in with shop-demo and keeps the customer out of the admin", async () => {
      expect((await signIn(base, "admin", "wrong-password")).status).toBe(401);
      expect(editor.status).toBe(200);
      const customer = await signIn(base, "customer", "shop-demo");
      expect(customer.status).toBe(200);
      expect((await send(`${base}/admin/api/models`, "GET", { cookie: customer.cookie })).status).toBe(403);
      expect((await send(`${base}/admin/api/models/products/rows/`, "GET", { cookie: customer.cookie })).status).toBe(
        403,
      );
    });

    it("shows the editor the three models with their filters, and what the editor may do", async () => {
      const response = await send(`${base}/admin/api/models`, "GET", { cookie: editor.cookie });
      const { models } = (await response.json()) as {
        models: {
          name: string;
          listFilter: { field: string; widget: string }[];
          permissions: object;
          fields: { name: string; default?: unknown }[];
        }[];
      };
      // The add form starts from the columns' defaults (issue 46: Status started on "—" and posted "").
      const defaults = Object.fromEntries(
        models[0]!.fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]),
      );
      expect(defaults).toEqual({ status: "draft", inStock: true });
      expect(models.map((m) => m.name)).toEqual(["products", "categories", "price_changes"]);
      expect(models[0]!.listFilter).toEqual([
        { field: "status", widget: "checkboxes" },
        { field: "inStock", widget: "tristate" },
        { field: "categoryId", widget: "combobox" },
        { field: "price", widget: "numericRange" },
        { field: "createdAt", widget: "dateRange" },
      ]);
      expect(models.map((m) => m.permissions)).toEqual([
        { add: true, change: true, delete: false },
        { add: true, change: true, delete: false },
        { add: false, change: false, delete: false },
      ]);
      const admin = await signIn(base, "admin", "shop-demo");
      const all = await send(`${base}/admin/api/models`, "GET", { cookie: admin.cookie });
      const adminModels = ((await all.json()) as { models: { permissions: object }[] }).models;
      expect(adminModels[0]!.permissions).toEqual({ add: true, change: true, delete: true });
    });

    it("lists products with their category's name and the price incl. VAT, sorted by either", async () => {
      const list = async (query: string) => {
        const response = await send(`${base}/admin/api/models/products/rows/?${query}`, "GET", {
          cookie: editor.cookie,
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { results: Record<string, unknown>[] }).results;
      };
      const categories = new Map(
        (await database.query<{ id: number; name: string }>("SELECT id, name FROM categories")).map((c) => [
          c.id,
          c.name,
        ]),
      );
      const byName = await list("ordering=category__name&page_size=200");
      expect(byName).toHaveLength(200);
      for (const row of byName) {
        expect(row.category__name).toBe(categories.get(Number(row.categoryId)));
        expect(row.priceWithVat).toBe(priceWithVat(String(row.price)));
      }
      const names = byName.map((row) => String(row.category__name));
      expect(names.filter((name, i) => i === 0 || name !== names[i - 1])).toHaveLength(new Set(names).size);
      const byVat = await list("ordering=-priceWithVat&page_size=200");
      expect(byVat.map((row) => row.id)).toEqual((await list("ordering=-price&page_size=200")).map((row) => row.id));
      const csv = await send(
        `${base}/admin/api/models/products/export?columns=name,category__name,priceWithVat`,
        "GET",
        {
          cookie: editor.cookie,
        },
      );
      expect((await csv.text()).split("\r\n")[0]).toBe("Name,Category name,Price incl. VAT");
    });

    it("lets the editor PATCH a product through the API with the admin's cookie and CSRF token", async () => {
      const withToken = { cookie: editor.cookie, "x-csrf-token": editor.csrfToken };
      const patched = await send(`${base}/api/v1/products/1`, "PATCH", withToken, { name: "Edited by the editor" });
      expect(patched.status).toBe(200);
      expect(await productName(1)).toBe("Edited by the editor");
      const discount = await send(`${base}/api/v1/products/1/discount`, "POST", withToken, { percent: 10 });
      expect(discount.status).toBe(200);
    });

    it("refuses the editor's DELETE (403, nothing removed) and a cookie write without the token (403)", async () => {
      const withToken = { cookie: editor.cookie, "x-csrf-token": editor.csrfToken };
      expect((await send(`${base}/api/v1/products/2`, "DELETE", withToken)).status).toBe(403);
      expect(await productName(2)).toBeDefined();
      const adminDelete = await send(`${base}/admin/api/models/products/rows/2`, "DELETE", withToken);
      expect(adminDelete.status).toBe(403);
      expect(await productName(2)).toBeDefined();
      const before = await productName(3);
      const forged = await send(`${base}/api/v1/products/3`, "PATCH", { cookie: editor.cookie }, { name: "Forged" });
      expect(forged.status).toBe(403);
      expect(await productName(3)).toBe(before);
    });

    it("keeps session tokens hashed at rest", async () => {
      const token = decodeURIComponent(editor.cookie.slice(editor.cookie.indexOf("=") + 1)).split(".")[0]!;
      const stored = await database.query<{ token: string }>("SELECT token FROM auth_session");
      expect(stored.map((row) => row.token)).toContain(hashSessionToken(token));
      expect(stored.some((row) => row.token.includes(token))).toBe(false);
    });

    it("takes the session's token as a bearer token, which needs no CSRF token", async () => {
      const token = decodeURIComponent(editor.cookie.slice(editor.cookie.indexOf("=") + 1));
      const auth = { authorization: `Bearer ${token}` };
      const patched = await send(`${base}/api/v1/products/4`, "PATCH", auth, { name: "Edited with a bearer token" });
      expect(patched.status).toBe(200);
      expect(await productName(4)).toBe("Edited with a bearer token");
    });

    it("lets anyone read and nobody anonymous write", async () => {
      expect((await send(`${base}/api/v1/products/5`, "GET", {})).status).toBe(200);
      const before = await productName(5);
      for (const [method, path] of [
        ["PATCH", "products/5"],
        ["DELETE", "products/5"],
        ["POST", "products/"],
        ["POST", "products/5/discount"],
      ] as const) {
        const response = await send(`${base}/api/v1/${path}`, method, {}, method === "DELETE" ? undefined : {});
        expect([401, 403], `${method} ${path}`).toContain(response.status);
      }
      expect(await productName(5)).toBe(before);
    });

    it("lets the superuser delete", async () => {
      const admin = await signIn(base, "admin", "shop-demo");
      const headers = { cookie: admin.cookie, "x-csrf-token": admin.csrfToken };
      const created = await send(`${base}/api/v1/products/`, "POST", headers, {
        name: "Short-lived",
        price: "1.00",
        categoryId: 1,
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      expect((await send(`${base}/api/v1/products/${id}`, "DELETE", headers)).status).toBe(204);
      expect(await productName(id)).toBeUndefined();
    });
    it("offers the API's discount as an admin action: the editor discounts a filtered selection, audited as the API does", async () => {
      const withToken = { cookie: editor.cookie, "x-csrf-token": editor.csrfToken };
      const rows = async () =>
        (
          await database.query<{ id: number; price: unknown }>(
            "SELECT id, price FROM products WHERE status = 'live' AND category_id = 2 ORDER BY id",
          )
        ).map((row) => ({ id: Number(row.id), price: Number(row.price) }));
      const before = await rows();
      const audits = async () =>
        Number((await database.query<{ n: unknown }>("SELECT COUNT(*) AS n FROM price_changes"))[0]!.n);
      const audited = await audits();
      const refused = await send(`${base}/admin/api/models/products/actions/discount`, "POST", withToken, {
        selection: { query: "status=live&categoryId=2" },
        data: { percent: 100 },
      });
      expect(refused.status).toBe(400);
      expect(Object.keys(((await refused.json()) as { errors: object }).errors)).toEqual(["percent"]);
      const response = await send(`${base}/admin/api/models/products/actions/discount`, "POST", withToken, {
        selection: { query: "status=live&categoryId=2" },
        data: { percent: 10, reason: "admin sale" },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        action: "discount",
        count: before.length,
        message: `Discounted ${before.length} products.`,
      });
      const after = await rows();
      for (const [index, row] of before.entries()) {
        expect(after[index]!.price).toBe(Math.max(1, Math.round(row.price * 90)) / 100);
      }
      expect(await audits()).toBe(audited + before.length);
      // Run once over the selection, each discounted product is in its History with its old and new price.
      const history = await send(`${base}/admin/api/models/products/history?object=${before[0]!.id}`, "GET", {
        cookie: editor.cookie,
      });
      const [entry] = ((await history.json()) as { results: { user: string; action: string; changes: object[] }[] })
        .results;
      expect(entry).toMatchObject({ user: "editor", action: "discount" });
      expect(entry!.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: "price" })]));
    });
    it("shows the API's product writes in the product's History page, with who made them", async () => {
      const withToken = { cookie: editor.cookie, "x-csrf-token": editor.csrfToken };
      const history = async (id: number) =>
        (
          (await (
            await send(`${base}/admin/api/models/products/history?object=${id}`, "GET", { cookie: editor.cookie })
          ).json()) as { results: { user: string; action: string; changes: object[] }[] }
        ).results;
      const created = await send(`${base}/api/v1/products/`, "POST", withToken, {
        name: "Teapot",
        categoryId: 1,
        price: "12.00",
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const product = (await created.json()) as Record<string, unknown> & { id: number };
      const put = await send(`${base}/api/v1/products/${product.id}`, "PUT", withToken, {
        name: "Teapot",
        categoryId: 1,
        price: "12.00",
        description: "Cast iron",
        status: "draft",
        inStock: true,
      });
      expect(put.status, await put.clone().text()).toBe(200);
      const patched = await send(`${base}/api/v1/products/${product.id}`, "PATCH", withToken, { price: "10.50" });
      expect(patched.status).toBe(200);
      expect(await history(product.id)).toEqual([
        expect.objectContaining({
          user: "editor",
          action: "change",
          // With the stamp the write moved (updatedAt).
          changes: expect.arrayContaining([{ field: "price", label: "Price", old: "12.00", new: "10.50" }]),
        }),
        expect.objectContaining({
          user: "editor",
          action: "change",
          changes: expect.arrayContaining([
            { field: "description", label: "Description", old: null, new: "Cast iron" },
          ]),
        }),
        expect.objectContaining({ user: "editor", action: "add", changes: [] }),
      ]);
      const admin = await signIn(base, "admin", "shop-demo");
      const adminToken = { cookie: admin.cookie, "x-csrf-token": admin.csrfToken };
      expect((await send(`${base}/api/v1/products/${product.id}`, "DELETE", adminToken)).status).toBe(204);
      expect((await history(product.id))[0]).toMatchObject({ user: "admin", action: "delete" });
    });

    it("lets the shop's admins read the whole history log, and not the editor", async () => {
      const admin = await signIn(base, "admin", "shop-demo");
      const models = async (session: Session) =>
        (await (await send(`${base}/admin/api/models`, "GET", { cookie: session.cookie })).json()) as {
          readHistory?: boolean;
        };
      expect((await models(admin)).readHistory).toBe(true);
      expect((await models(editor)).readHistory).toBe(false);
      expect((await send(`${base}/admin/api/history`, "GET", { cookie: admin.cookie })).status).toBe(200);
      expect((await send(`${base}/admin/api/history`, "GET", { cookie: editor.cookie })).status).toBe(403);
    });
  },
);

/**
 * The shop's admin as ADMIN.md's "example shop" describes it: the seeded users, the registered
 * models and their filters, beside the API on the same SQLite file, on each framework.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createShopAdmin } from "../src/admin.js";
import { createShopRouter } from "../src/app.js";
import { openDatabase } from "../src/database.js";
import { FRAMEWORKS, listen } from "../src/serve.js";
import { tempDirectory } from "./helpers.js";

const directory = tempDirectory();
afterAll(() => directory.remove());

async function signIn(admin: string, username: string, password: string) {
  const response = await fetch(`${admin}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  return { status: response.status, cookie, body: (await response.json()) as { csrfToken?: string } };
}

describe.each(FRAMEWORKS)("the shop's admin on %s", (framework) => {
  it("lets staff in with the seeded password, keeps the customer out, and lists products with filters", async () => {
    const database = openDatabase(join(directory.path, `admin-${framework}.sqlite`), {
      seed: { products: 200, categories: 5, priceChanges: 10 },
    });
    const admin = createShopAdmin(database.db);
    await admin.ready();
    const server = await listen(createShopRouter(database.db), framework, 0, "127.0.0.1", [admin]);
    const base = `${server.url}/admin`;
    try {
      expect((await signIn(base, "admin", "wrong")).status).toBe(401);
      const customer = await signIn(base, "customer", "shop-demo");
      expect(customer.status).toBe(200);
      const forbidden = await fetch(`${base}/api/models`, { headers: { cookie: customer.cookie! } });
      expect(forbidden.status).toBe(403);

      const editor = await signIn(base, "editor", "shop-demo");
      expect(editor.status).toBe(200);
      const headers = { cookie: editor.cookie! };
      const models = (await (await fetch(`${base}/api/models`, { headers })).json()) as {
        models: { name: string; listFilter: { field: string; widget: string }[]; permissions: object }[];
      };
      expect(models.models.map((m) => m.name)).toEqual(["products", "categories", "price_changes"]);
      expect(models.models[0]!.listFilter).toEqual([
        { field: "status", widget: "checkboxes" },
        { field: "inStock", widget: "tristate" },
        { field: "categoryId", widget: "combobox" },
        { field: "price", widget: "numericRange" },
        { field: "createdAt", widget: "dateRange" },
      ]);
      expect(models.models[2]!.permissions).toEqual({ add: false, change: false, delete: false });

      const rows = await fetch(`${base}/api/models/products/rows/?status=live&ordering=-price`, { headers });
      const page = (await rows.json()) as { count: number; results: { status: string; price: string }[] };
      const api = (await (await fetch(`${server.url}/api/v1/products/?status=live`)).json()) as { count: number };
      expect(page.count).toBe(api.count);
      expect(page.results.length).toBeGreaterThan(0);
      expect(page.results.map((row) => row.status)).toEqual(page.results.map(() => "live"));

      // The price log is view only: a write is refused and nothing changes.
      const write = await fetch(`${base}/api/models/price_changes/rows/`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "x-csrf-token": editor.body.csrfToken! },
        body: JSON.stringify({ productId: 1, oldPrice: "1.00", newPrice: "2.00", reason: "x" }),
      });
      expect(write.status).toBe(403);

      const page2 = await fetch(`${base}/`);
      expect(page2.headers.get("content-type")).toBe("text/html; charset=utf-8");
    } finally {
      await server.close();
      database.close();
    }
  });
});

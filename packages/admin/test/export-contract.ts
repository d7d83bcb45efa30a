/**
 * The admin's export on every adapter and database: exactly the list's rows for the same query,
 * as CSV and JSON Lines, labels for choices and foreign keys, formula-safe cells, past many
 * batches, with its 400s, permissions and throttle.
 */
import { MemoryThrottleStore, userRateThrottle } from "@viewsets/core/throttling";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, call, type Reply } from "./client.js";
import type { AdminContractOptions } from "./contract-options.js";
import { addDailyTables, dailyAdmin } from "./daily-fixture.js";
import type { FixtureDatabase } from "./fixture.js";
import { type Served, serve } from "./serve.js";

function expectProblem(reply: Reply, status: number): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get("content-type")).toBe("application/problem+json");
}

/** RFC 4180 records (quoted cells may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && char === '"') {
      quoted = false;
    } else if (quoted) {
      cell += char;
    } else if (char === '"') {
      quoted = true;
    } else if (char === ",") {
      record.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else {
      cell += char;
    }
  }
  return records;
}

/** Every row the rows route lists for a query, page after page. */
export async function listed(client: AdminClient, model: string, query: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const reply = await client.get(`/models/${model}/rows/?${query}&page_size=200&page=${page}`);
    expect(reply.status, reply.text).toBe(200);
    rows.push(...reply.json.results);
    if (reply.json.next === null) return rows;
  }
}

export function runExportContract(options: AdminContractOptions): void {
  describe.skipIf(options.skipReason !== undefined)(`admin export: ${options.name}`, () => {
    let database: FixtureDatabase;
    let server: Served;
    let staff: AdminClient;
    let viewer: AdminClient;

    beforeAll(async () => {
      database = await options.database();
      await addDailyTables(database);
      // Reviews past two batches of 500, so that the export reads on after a batch's last row.
      const values = Array.from({ length: 1100 }, (_, i) => `(${100 + i}, ${(i % 50) + 1}, 'Bulk review ${i}')`);
      await database.query(`INSERT INTO reviews (id, product_id, body) VALUES ${values.join(", ")}`);
      server = await serve(options.framework, [dailyAdmin(database)]);
      staff = new AdminClient(server.url);
      viewer = new AdminClient(server.url);
      expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
      expect((await viewer.signIn("locked", "pw-locked")).status).toBe(200);
    });

    afterAll(async () => {
      await server?.close();
      await database?.close();
    });

    it("exports as CSV exactly the rows the list shows for its filters, search and ordering, with labels", async () => {
      const query = "status=live&status=archived&search=e&ordering=-price";
      const rows = await listed(staff, "products", query);
      const reply = await staff.get(`/models/products/export?${query}&format=csv`);
      expect(reply.status, reply.text).toBe(200);
      expect(reply.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(reply.headers.get("content-disposition")).toBe('attachment; filename="products-2026-03-29.csv"');
      expect(reply.headers.get("content-length")).toBeNull();
      const [head, ...records] = parseCsv(reply.text);
      expect(head).toEqual(["Id", "Name", "Category", "Status", "Price", "In stock", "Created at"]);
      expect(records.map((record) => Number(record[0]))).toEqual(rows.map((row) => row.id));
      const categories = new Map((await database.query("SELECT id, name FROM categories")).map((c) => [c.id, c.name]));
      for (const [index, record] of records.entries()) {
        const row = rows[index]!;
        expect(record[1]).toBe(row.name);
        expect(record[2]).toBe(row.categoryId === null ? "" : categories.get(row.categoryId));
        expect(record[3]).toBe(row.status === "archived" ? "Withdrawn" : row.status);
        expect(record[4]).toBe(row.price);
        expect(record[5]).toBe(row.inStock ? "Yes" : "No");
        expect(record[6]).toBe(row.createdAt);
      }
    });

    it("exports JSON Lines of the chosen columns, the same rows in the same order", async () => {
      const query = "inStock=false&ordering=name";
      const rows = await listed(staff, "products", query);
      const reply = await staff.get(`/models/products/export?${query}&format=jsonl&columns=id,status,categoryId`);
      expect(reply.status, reply.text).toBe(200);
      expect(reply.headers.get("content-type")).toBe("application/jsonl; charset=utf-8");
      const lines = reply.text
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(lines.map((line) => line.id)).toEqual(rows.map((row) => row.id));
      expect(Object.keys(lines[0])).toEqual(["id", "status", "categoryId"]);
    });

    it("reads on past each batch: 1,112 reviews in the list's order, ties broken as the list breaks them", async () => {
      const query = "ordering=-productId";
      const rows = await listed(staff, "reviews", query);
      expect(rows).toHaveLength(1112);
      const reply = await staff.get(`/models/reviews/export?${query}`);
      const [head, ...records] = parseCsv(reply.text);
      expect(head).toEqual(["Id", "Product", "Body"]);
      expect(records.map((record) => Number(record[0]))).toEqual(rows.map((row) => row.id));
    });

    it("writes cells a spreadsheet would run as formulas as text, and keeps them as they are in JSON Lines", async () => {
      const names = ['=HYPERLINK("http://x","y")', "+1+1", "-2+3", "@SUM(A1)", "=1\r\n=2", 'plain, "quoted"'];
      for (const [index, name] of names.entries()) {
        const reply = await staff.request("PATCH", `/models/products/rows/${index + 20}`, { name });
        expect(reply.status, reply.text).toBe(200);
      }
      const csv = await staff.get("/models/products/export?id__gte=20&id__lte=25&ordering=id&columns=id,name,price");
      const records = parseCsv(csv.text).slice(1);
      expect(records.map((record) => record[1])).toEqual([
        '\'=HYPERLINK("http://x","y")',
        "'+1+1",
        "'-2+3",
        "'@SUM(A1)",
        "'=1\r\n=2",
        'plain, "quoted"',
      ]);
      const jsonl = await staff.get("/models/products/export?id__gte=20&id__lte=25&ordering=id&format=jsonl");
      expect(
        jsonl.text
          .trimEnd()
          .split("\n")
          .map((line) => JSON.parse(line).name),
      ).toEqual(names);
    });

    it("answers a bad format, column or filter with a 400 naming it, before anything is sent", async () => {
      const bad: [string, string][] = [
        ["format=xml", "format"],
        ["columns=id,secret", "columns"],
        ["columns=", "columns"],
        ["price__gte=cheap", "price__gte"],
      ];
      for (const [query, key] of bad) {
        const reply = await staff.get(`/models/products/export?${query}`);
        expectProblem(reply, 400);
        expect(Object.keys(reply.json.errors), query).toEqual([key]);
      }
    });

    it("needs a session and the view permission; HEAD sends the head only", async () => {
      expectProblem(await call(`${server.url}/admin/api/models/products/export`, "GET"), 401);
      expectProblem(await viewer.get("/models/reviews/export"), 403);
      expect((await viewer.get("/models/products/export?status=live")).status).toBe(200);
      expectProblem(await staff.request("POST", "/models/products/export"), 405);
      const head = await call(`${server.url}/admin/api/models/products/export`, "HEAD", undefined, {
        cookie: staff.cookie,
      });
      expect(head.status).toBe(200);
      expect(head.text).toBe("");
    });

    it("counts each export against the user's throttle: 429 with Retry-After past it", async () => {
      const throttled = await serve(options.framework, [
        dailyAdmin(database, {
          exportThrottles: [userRateThrottle("2/min", { scope: "export-test", store: new MemoryThrottleStore() })],
        }),
      ]);
      try {
        const client = new AdminClient(throttled.url);
        expect((await client.signIn("editor", "pw-editor")).status).toBe(200);
        expect((await client.get("/models/products/export")).status).toBe(200);
        expect((await client.get("/models/products/export?format=jsonl")).status).toBe(200);
        const refused = await client.get("/models/products/export");
        expectProblem(refused, 429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      } finally {
        await throttled.close();
      }
    });
  });
}

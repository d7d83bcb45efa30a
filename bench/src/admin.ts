/**
 * `pnpm bench:admin`: the admin's answers at 100,000 and 1,000,000 products, on SQLite and
 * PostgreSQL, against the budgets of the admin's issue: a rows page with its count, each facet,
 * all the example's facets, and the foreign-key lookup. Requests go to the admin's handler in
 * this process (no HTTP: these are database-bound, milliseconds each); each is warmed up, then
 * timed sequentially, and the median and the slowest of the runs are reported.
 *
 *   BENCH_ADMIN_SIZES=100000,1000000   product counts
 *   BENCH_ADMIN_DATABASES=sqlite,pg    databases
 *   BENCH_ADMIN_RUNS=15                timed runs per request
 *
 * Then each database's export of every product (CSV, and a filtered JSON Lines one): the first
 * byte's time and how much the process's memory grew while the stream was read (admin-export.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Admin, createAdmin } from "@viewsets/admin";
import { type ApiRequest, bearerTokenAuthentication } from "@viewsets/core";
import { createManager, type SQLiteDatabase, tableModel } from "@viewsets/drizzle";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { openDatabase } from "../../examples/shop/src/database.js";
import { PRODUCT_SEARCH_INDEX, categories, products } from "../../examples/shop/src/schema.js";
import { measureExport, reportExports } from "./admin-export.js";
import { copyDatabase, productsLabel, seededDatabase } from "./data.js";
import { fillPostgres, pgShopTables } from "./pg-shop.js";

const SIZES = (process.env.BENCH_ADMIN_SIZES ?? "100000,1000000").split(",").map(Number);
const DATABASES = (process.env.BENCH_ADMIN_DATABASES ?? "sqlite,pg").split(",");
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 15);
const PG_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TOKEN = "bench-admin-token";
const FILTERS = ["status", "inStock", "categoryId", "price", "createdAt"] as const;
const STAFF = { id: 1, username: "bench", isStaff: true };

/** The example's registration, plus one model per filter so that each facet is timed alone. */
function benchAdmin(db: unknown, tables: { products: typeof products; categories: typeof categories }): Admin {
  const database = db as SQLiteDatabase;
  const admin = createAdmin({
    db: db as Parameters<typeof createAdmin>[0]["db"],
    authentication: [bearerTokenAuthentication({ verify: async (token) => (token === TOKEN ? STAFF : null) })],
    users: { verify: async () => null, get: async () => STAFF, isStaff: () => true },
  });
  const productModel = tableModel(tables.products);
  const productManager = createManager(database, tables.products, { searchIndex: PRODUCT_SEARCH_INDEX });
  admin.register("categories", {
    model: tableModel(tables.categories),
    queryset: createManager(database, tables.categories),
    searchFields: ["name"],
    ordering: ["name"],
  });
  admin.register("products", {
    model: productModel,
    queryset: productManager,
    listDisplay: ["id", "name", "categoryId", "status", "price", "inStock", "createdAt"],
    listFilter: [...FILTERS],
    searchFields: ["name", "description"],
    ordering: ["-createdAt"],
  });
  // The same list with its count capped, as a table of millions would register it.
  admin.register("products_capped", {
    model: productModel,
    queryset: productManager,
    searchFields: ["name", "description"],
    ordering: ["-createdAt"],
    count: { cap: 10_000 },
  });
  for (const field of FILTERS) {
    admin.register(`products_${field}`, {
      model: productModel,
      queryset: productManager,
      listFilter: [field],
      searchFields: ["name", "description"],
    });
  }
  return admin;
}

function request(path: string, rawQuery = ""): ApiRequest {
  return {
    method: "GET",
    path: `/admin/api/${path}`,
    rawQuery,
    headers: { authorization: `Bearer ${TOKEN}` },
    origin: "http://127.0.0.1",
    remoteAddress: "127.0.0.1",
    body: { kind: "none" },
  };
}

interface Timing {
  readonly label: string;
  readonly budgetMs: number;
  readonly medianMs: number;
  readonly maxMs: number;
}

async function time(admin: Admin, label: string, budgetMs: number, path: string, query = ""): Promise<Timing> {
  const once = async () => {
    const started = performance.now();
    const response = await admin.handle(request(path, query));
    const ms = performance.now() - started;
    if (response?.status !== 200) throw new Error(`${label}: ${response?.status} ${String(response?.body)}`);
    return ms;
  };
  for (let i = 0; i < 3; i++) await once();
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once());
  runs.sort((a, b) => a - b);
  return { label, budgetMs, medianMs: runs[Math.floor(runs.length / 2)]!, maxMs: runs.at(-1)! };
}

/** Every request the budgets name, on one database. */
async function measureAdmin(admin: Admin, allFacetsBudget: number): Promise<Timing[]> {
  const timings: Timing[] = [];
  timings.push(await time(admin, "rows page 1 with count (default order)", 100, "models/products/rows/"));
  timings.push(
    await time(
      admin,
      "rows, status=live, price ≥ 50, by -price",
      100,
      "models/products/rows/",
      "status=live&price__gte=50&ordering=-price",
    ),
  );
  // Issue 46's item 16: a price range and a status in the list's own order (-createdAt), with the exact count.
  timings.push(
    await time(
      admin,
      "rows, status=live, 50 ≤ price ≤ 150, by -createdAt",
      100,
      "models/products/rows/",
      "status=live&price__gte=50&price__lte=150",
    ),
  );
  timings.push(
    await time(admin, "rows, last 30 days (preset)", 100, "models/products/rows/", "createdAt__preset=last_30_days"),
  );
  timings.push(await time(admin, "rows, search", 100, "models/products/rows/", "search=lamp"));
  timings.push(
    await time(
      admin,
      "rows, search, status=live, by -price",
      100,
      "models/products/rows/",
      "search=lamp&status=live&ordering=-price",
    ),
  );
  timings.push(await time(admin, "rows, search for a rare term", 100, "models/products/rows/", "search=49999"));
  timings.push(
    await time(admin, "rows, search, count capped at 10,000", 100, "models/products_capped/rows/", "search=lamp"),
  );
  timings.push(
    await time(
      admin,
      "rows, search, status=live, by -price, count capped",
      100,
      "models/products_capped/rows/",
      "search=lamp&status=live&ordering=-price",
    ),
  );
  timings.push(await time(admin, "rows page 1, count capped at 10,000", 100, "models/products_capped/rows/"));
  for (const field of FILTERS) {
    timings.push(await time(admin, `facet ${field}`, 200, `models/products_${field}/facets`));
    timings.push(
      await time(admin, `facet ${field}, status=live`, 200, `models/products_${field}/facets`, "status=live"),
    );
  }
  // Issue 46's item 17: the price facet (its least and greatest) under a search.
  timings.push(await time(admin, "facet price, search", 200, "models/products_price/facets", "search=lamp"));
  timings.push(await time(admin, "all 5 facets", allFacetsBudget, "models/products/facets"));
  timings.push(
    await time(
      admin,
      "all 5 facets, status=live&inStock=true",
      allFacetsBudget,
      "models/products/facets",
      "status=live&inStock=true",
    ),
  );
  timings.push(await time(admin, "lookup categoryId?q=oo", 20, "models/products/lookup/categoryId", "q=oo"));
  timings.push(await time(admin, "lookup categoryId?ids=1,2,3", 20, "models/products/lookup/categoryId", "ids=1,2,3"));
  return timings;
}

/** Every product as CSV, and the live ones by price as JSON Lines. */
async function measureExports(admin: Admin, title: string): Promise<void> {
  reportExports(title, [
    await measureExport(admin, request, "all products, CSV", "products", "format=csv"),
    await measureExport(
      admin,
      request,
      "live, by -price, JSON Lines",
      "products",
      "status=live&ordering=-price&format=jsonl",
    ),
  ]);
}

function report(title: string, timings: readonly Timing[]): void {
  console.log(`\n### ${title}\n`);
  console.log("| request | budget | median | slowest | |");
  console.log("|---|---:|---:|---:|---|");
  for (const t of timings) {
    const verdict = t.medianMs <= t.budgetMs ? "within" : "**over**";
    console.log(
      `| ${t.label} | ${t.budgetMs} ms | ${t.medianMs.toFixed(1)} ms | ${t.maxMs.toFixed(1)} ms | ${verdict} |`,
    );
  }
}

async function onSqlite(size: number): Promise<void> {
  const { file, built, ms } = seededDatabase(productsLabel(size), { products: size, priceChanges: 0 });
  if (built) console.log(`seeded ${size.toLocaleString("en")} products in ${(ms / 1000).toFixed(1)} s`);
  const directory = mkdtempSync(join(tmpdir(), "viewsets-admin-bench-"));
  const opened = openDatabase(copyDatabase(file, directory, "admin"), { seed: false });
  try {
    const admin = benchAdmin(opened.db, { products, categories });
    await admin.ready();
    report(`SQLite, ${size.toLocaleString("en")} products`, await measureAdmin(admin, 600));
    await measureExports(admin, `SQLite, ${size.toLocaleString("en")} products`);
  } finally {
    opened.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

async function onPostgres(size: number): Promise<void> {
  const schema = `viewsets_bench_admin_${size}`;
  const pool = new pg.Pool({ connectionString: PG_URL, max: 8, options: `-c search_path=${schema},public` });
  pool.on("error", () => {});
  try {
    const ms = await fillPostgres(pool, schema, size);
    if (ms > 0)
      console.log(`filled ${size.toLocaleString("en")} products in PostgreSQL in ${(ms / 1000).toFixed(1)} s`);
    const tables = pgShopTables();
    const admin = benchAdmin(
      drizzlePg(pool),
      tables as unknown as { products: typeof products; categories: typeof categories },
    );
    await admin.ready();
    report(`PostgreSQL, ${size.toLocaleString("en")} products`, await measureAdmin(admin, 300));
    await measureExports(admin, `PostgreSQL, ${size.toLocaleString("en")} products`);
  } finally {
    await pool.end();
  }
}

for (const size of SIZES) {
  if (DATABASES.includes("sqlite")) await onSqlite(size);
  if (DATABASES.includes("pg")) await onPostgres(size);
}

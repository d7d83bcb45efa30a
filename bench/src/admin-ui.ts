/**
 * `pnpm bench:admin-ui`: the admin's list page in Chromium over the shop with 100,000 products on
 * SQLite (Express): how long from navigation until the table and its summary are drawn, and until
 * the filter counts are in; and how many rows requests typing in the search box sends.
 *
 *   BENCH_ADMIN_UI_PRODUCTS=100000   products
 *   BENCH_ADMIN_UI_RUNS=9            timed navigations
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { createShopAdmin } from "../../examples/shop/src/admin.js";
import { createShopRouter } from "../../examples/shop/src/app.js";
import { openDatabase } from "../../examples/shop/src/database.js";
import { listen } from "../../examples/shop/src/serve.js";
import { createShopAuth, DEMO_PASSWORD, seedUsers } from "../../examples/shop/src/auth.js";
import { copyDatabase, seededDatabase } from "./data.js";

const PRODUCTS = Number(process.env.BENCH_ADMIN_UI_PRODUCTS ?? 100_000);
const RUNS = Number(process.env.BENCH_ADMIN_UI_RUNS ?? 9);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const { file } = seededDatabase(`products-${PRODUCTS / 1000}k`, { products: PRODUCTS, priceChanges: 0 });
const directory = mkdtempSync(join(tmpdir(), "viewsets-admin-ui-bench-"));
const opened = openDatabase(copyDatabase(file, directory, "shop"), { seed: false });
const auth = createShopAuth(opened.db, "the-admin-ui-bench-secret-0123456789abcdef");
await seedUsers(auth);
const admin = createShopAdmin(opened.db, auth);
await admin.ready();
const server = await listen(createShopRouter(opened.db), "express", 0, "127.0.0.1", [admin]);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const page = await browser.newPage({ baseURL: server.url });
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("link", { name: "Products" }).first().waitFor();

  const table: number[] = [];
  const counts: number[] = [];
  for (let run = 0; run < RUNS + 2; run++) {
    await page.goto("about:blank");
    const started = performance.now();
    await page.goto("/admin/products/");
    await page.locator(".page-summary", { hasText: "of" }).waitFor();
    const drawn = performance.now() - started;
    // The filter panel's counts: a number beside the first status choice.
    await page.getByRole("region", { name: "Filters" }).locator(".count").first().waitFor();
    const counted = performance.now() - started;
    if (run >= 2) {
      table.push(drawn);
      counts.push(counted);
    }
  }

  // Typing "oak lamp" at 8 keys a second: how many rows requests go out while typing and after.
  const rowsRequests: number[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/admin/api/models/products/rows/")) rowsRequests.push(performance.now());
  });
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.click();
  const typingStarted = performance.now();
  await search.pressSequentially("oak lamp", { delay: 125 });
  const typingMs = performance.now() - typingStarted;
  await page.waitForTimeout(600);
  const gaps = rowsRequests.slice(1).map((at, i) => at - rowsRequests[i]!);

  console.log(`\n### The admin's list page in Chromium, ${PRODUCTS.toLocaleString("en")} products (SQLite, Express)\n`);
  console.log("| measure | median | slowest |");
  console.log("|---|---:|---:|");
  console.log(
    `| navigation → table and "1–50 of N" drawn | ${median(table).toFixed(0)} ms | ${Math.max(...table).toFixed(0)} ms |`,
  );
  console.log(
    `| navigation → filter counts drawn | ${median(counts).toFixed(0)} ms | ${Math.max(...counts).toFixed(0)} ms |`,
  );
  console.log(
    `\nTyping "oak lamp" (8 keys in ${typingMs.toFixed(0)} ms) sent ${rowsRequests.length} rows request(s)` +
      (gaps.length > 0 ? `, at least ${Math.min(...gaps).toFixed(0)} ms apart.` : "."),
  );
} finally {
  await browser.close();
  await server.close();
  opened.close();
  rmSync(directory, { recursive: true, force: true });
}

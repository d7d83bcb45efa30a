/** The list as issue 46 found it: paging focus, loading states, the empty state, target sizes and failed counts. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  axeViolations,
  firstColumn,
  type Harness,
  queryOf,
  SLOW,
  screenshot,
  signedInSuite,
  skipReason,
  type Tab,
} from "./harness.js";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** One axe rule's violations and how many elements it checked (so that a rule that checked nothing cannot pass). */
async function axeRule(page: Page, rule: string): Promise<{ violations: string[]; checked: number }> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (id) => {
    type Result = { id: string; nodes: { target: unknown[] }[] };
    const axe = (globalThis as unknown as { axe: { run(options: unknown): Promise<Record<string, Result[]>> } }).axe;
    const result = await axe.run({ runOnly: { type: "rule", values: [id] } });
    return {
      violations: result.violations!.flatMap((v) => v.nodes.map((node) => JSON.stringify(node.target))),
      checked: result.passes!.reduce((sum, v) => sum + v.nodes.length, 0),
    };
  }, rule);
}

const scrollY = (page: Page) => page.evaluate("window.scrollY") as Promise<number>;
/** The focused element as "TAG:text". */
const focused = (page: Page) =>
  page.evaluate("document.activeElement.tagName + ':' + document.activeElement.textContent") as Promise<string>;

/** Holds the next requests matching `pattern` until `release` is called. */
function holdRequests(page: Page, pattern: RegExp) {
  const held: Route[] = [];
  let open = false;
  const handler = (route: Route) => {
    if (open) return route.continue();
    held.push(route);
  };
  return {
    async start() {
      await page.route(pattern, handler);
    },
    held: () => held.length,
    async release() {
      open = true;
      for (const route of held.splice(0)) await route.continue();
      await page.unroute(pattern, handler);
    },
  };
}

describe.skipIf(skipReason !== undefined)("admin UI: the list's paging, loading, empty and failed states", SLOW, () => {
  let harness: Harness;
  let tab: Tab;
  let page: Page;
  signedInSuite((suite) => {
    ({ harness, tab, page } = suite);
  });

  it("moves to the top and focuses the list's heading after Next and Previous", async () => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto("/admin/products/?page_size=25");
    await page.getByRole("table").locator("tbody tr").first().waitFor();
    const before = await firstColumn(page);
    const next = page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" });
    await next.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(0);
    await next.click();
    await expect.poll(() => queryOf(page).get("page")).toBe("2");
    await expect.poll(async () => (await firstColumn(page))[0]).not.toBe(before[0]);
    await expect.poll(() => focused(page)).toBe("H1:Products");
    expect(await scrollY(page)).toBe(0);

    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Previous" }).click();
    await expect.poll(() => queryOf(page).get("page")).toBeNull();
    await expect.poll(() => focused(page)).toBe("H1:Products");
    expect(await scrollY(page)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("shows skeleton rows on the first load and a busy table, keeping the rows, on a refetch", async () => {
    const rows = holdRequests(page, /\/api\/models\/products\/rows\//);
    await rows.start();
    await page.goto("/admin/products/");
    await expect.poll(rows.held).toBeGreaterThan(0);
    const table = page.getByRole("table");
    await page.locator(".skeleton-row").first().waitFor();
    expect(await page.locator(".skeleton-row").count()).toBe(10);
    // Each placeholder row spans the table as its header does: the selection's column, every field.
    const headerCells = await page.locator("thead tr").first().locator("th, td").count();
    expect(await page.locator(".skeleton-row").first().locator("td").count()).toBe(headerCells);
    expect(await table.getAttribute("aria-busy")).toBe("true");
    // The placeholders are not rows to assistive technology.
    expect(await table.getByRole("row").count()).toBe(1);
    await screenshot(page, "list-first-load");
    await rows.release();
    await table.locator("tbody tr:not(.skeleton-row)").first().waitFor();
    expect(await page.locator(".skeleton-row").count()).toBe(0);
    await expect.poll(() => table.getAttribute("aria-busy")).toBe("false");

    const shown = await firstColumn(page);
    const refetch = holdRequests(page, /\/api\/models\/products\/rows\//);
    await refetch.start();
    await page.getByRole("group", { name: "Status" }).getByRole("checkbox", { name: "live" }).check();
    await expect.poll(refetch.held).toBeGreaterThan(0);
    expect(await table.getAttribute("aria-busy")).toBe("true");
    expect(await page.locator(".table-wrap.busy").count()).toBe(1);
    // The old rows stay (dimmed) until the new ones come: no skeleton, no jump.
    expect(await firstColumn(page)).toEqual(shown);
    expect(await page.locator(".skeleton-row").count()).toBe(0);
    await refetch.release();
    await expect.poll(() => table.getAttribute("aria-busy")).toBe("false");
    expect(await page.locator(".table-wrap.busy").count()).toBe(0);
  });

  it("offers the filters that matched nothing, each removable, and Clear filters", async () => {
    await page.goto("/admin/products/?status=live&search=nothing-like-this");
    const empty = page.locator(".empty-results");
    await empty.getByText("No products match these filters.").waitFor();
    const chips = page.getByRole("list", { name: "Filters that matched nothing" });
    expect(await chips.getByRole("button").allTextContents()).toEqual([
      "Search: “nothing-like-this” ×",
      "Status: live ×",
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "list-empty");
    await chips.getByRole("button", { name: "Remove Search: “nothing-like-this”" }).click();
    await expect.poll(() => queryOf(page).get("search")).toBeNull();
    expect(queryOf(page).getAll("status")).toEqual(["live"]);
    await page.getByRole("table").locator("tbody tr").first().waitFor();

    await page.goto("/admin/products/?status=live&search=nothing-like-this&ordering=price");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/products\/\?ordering=price$/);
    await page.getByRole("table").locator("tbody tr").first().waitFor();
    expect(await page.locator(".empty-results").count()).toBe(0);
  });

  it("gives filter checkboxes and radios WCAG 2.2's 24 px target size", async () => {
    await page.goto("/admin/products/");
    await page.getByRole("group", { name: "Status" }).getByRole("checkbox").first().waitFor();
    const { violations, checked } = await axeRule(page, "target-size");
    expect(violations).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(6);
    const box = await page.getByRole("group", { name: "Status" }).getByRole("checkbox").first().boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(20);
  });

  it("says the counts are unavailable when the facets request fails, and keeps the filters working", async () => {
    await page.route(/\/api\/models\/products\/facets/, (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/problem+json",
        body: '{"status":503,"title":"Service Unavailable"}',
      }),
    );
    await page.goto("/admin/products/");
    const filters = page.getByRole("region", { name: "Filters" });
    await filters.getByRole("status").filter({ hasText: "Counts are unavailable" }).waitFor();
    await filters.getByRole("group", { name: "Status" }).getByRole("checkbox", { name: "draft" }).check();
    await expect.poll(() => queryOf(page).getAll("status")).toEqual(["draft"]);
    await expect.poll(() => filters.getAttribute("aria-busy")).toBe("false");
    await filters.getByRole("status").filter({ hasText: "Counts are unavailable" }).waitFor();
    await screenshot(page, "list-facets-failed");
    await page.unroute(/\/api\/models\/products\/facets/);
    await page.getByRole("group", { name: "Status" }).getByRole("checkbox", { name: "draft" }).uncheck();
    await expect.poll(() => page.locator(".facets-failed").textContent()).toBe("");
    // The counts are back beside the choices.
    await expect
      .poll(() => filters.getByRole("group", { name: "Status" }).locator(".count").first().textContent())
      .toMatch(/\d/);
    // The failures this test made on purpose, and nothing else.
    expect(tab.problems.filter((problem) => !/status of 503/.test(problem))).toEqual([]);
  });

  it("shows counts beside every category the combobox offers, past the facet's top 20", async () => {
    // 40 more categories, one product in each: the facet's top 20 (the six seeded, with many
    // products each, then these) leaves most of them out.
    for (let i = 1; i <= 40; i++) {
      const [row] = await harness.database.query(
        `INSERT INTO categories (name) VALUES ('Zone ${String(i).padStart(2, "0")}') RETURNING id`,
      );
      await harness.database.query(`UPDATE products SET category_id = ${Number(row!.id)} WHERE id = ${i} RETURNING id`);
    }
    const facet = await tab.context.request.get(`${harness.url}/admin/api/models/products/facets`);
    const top = ((await facet.json()) as { facets: { categoryId: { counts: { label: string }[] } } }).facets.categoryId;
    const zonesInTop = top.counts.filter((entry) => entry.label?.startsWith("Zone")).length;
    expect(zonesInTop).toBeLessThan(20);

    await page.goto("/admin/products/");
    const category = page.getByRole("combobox", { name: "Category" });
    await category.fill("Zone");
    const listbox = page.getByRole("listbox", { name: "Category" });
    await listbox.getByRole("option", { name: /Zone 20/ }).waitFor();
    const options = listbox.getByRole("option");
    expect(await options.count()).toBe(20);
    // Every option its count, the ones past the top 20 too: one product each.
    await expect.poll(() => options.locator(".count").allTextContents()).toEqual(Array(20).fill("1"));
    await screenshot(page, "combobox-counts");
  });
});

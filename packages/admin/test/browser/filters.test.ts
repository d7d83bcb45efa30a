import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, expectNoProblems, firstColumn, type Harness, queryOf, SLOW, screenshot } from "./harness.js";
import { skipReason, type Tab, signedInSuite } from "./harness.js";

/** "1–25 of 60" under the table. */
const summary = async (page: Page) => (await page.locator(".page-summary").textContent()) ?? "";

/** Waits until the summary under the table reads `text` (the rows of the new URL have arrived). */
const expectSummary = (page: Page, text: string | RegExp) =>
  typeof text === "string"
    ? expect.poll(() => summary(page)).toBe(text)
    : expect.poll(() => summary(page)).toMatch(text);

/** The cells of the `index`th column of listDisplay (the selection's checkboxes left out). */
const column = (page: Page, index: number) =>
  page
    .getByRole("table")
    .locator("tbody tr")
    .evaluateAll(
      (rows, at) =>
        rows.map(
          (row) => [...row.children].filter((cell) => !cell.classList.contains("select"))[at]?.textContent ?? "",
        ),
      index,
    );

/** Waits until the column has cells and every one passes `check`. */
const expectColumn = (page: Page, index: number, check: (cell: string) => boolean) =>
  expect
    .poll(async () => {
      const cells = await column(page, index);
      return cells.length > 0 && cells.every(check);
    })
    .toBe(true);

describe.skipIf(skipReason !== undefined)("admin UI: the list and its filters", SLOW, () => {
  let harness: Harness;
  let tab: Tab;
  let page: Page;
  const filters = () => page.getByRole("region", { name: "Filters" });
  const group = (name: string) => filters().getByRole("group", { name, exact: true });

  signedInSuite((suite) => {
    ({ harness, tab, page } = suite);
  });

  it("shows listDisplay with foreign keys by label, and passes axe with the filters open", async () => {
    await page.goto("/admin/products/");
    await expectSummary(page, "1–25 of 60");
    const headers = await page.getByRole("columnheader").allTextContents();
    expect(headers.map((h) => h.replace(/[▲▼]/g, "").trim())).toEqual([
      "Id",
      "Name",
      "Category",
      "Status",
      "Price",
      "In stock",
      "Created at",
    ]);
    await expect.poll(() => column(page, 2)).toContain("Books");
    await expect.poll(() => group("Status").getByText("20").count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "list");
  });

  it("filters by checkboxes (repeated key = any) and writes the URL", async () => {
    await group("Status").getByRole("checkbox", { name: "live" }).check();
    await page.waitForURL(/status=live/);
    await expectSummary(page, "1–20 of 20");
    await expectColumn(page, 3, (cell) => cell === "live");
    await group("Status").getByRole("checkbox", { name: "draft" }).check();
    await page.waitForURL(/status=draft/);
    expect(queryOf(page).getAll("status")).toEqual(["live", "draft"]);
    await expectSummary(page, "1–25 of 40");
  });

  it("moves through the tri-state with arrow keys", async () => {
    await group("In stock").getByRole("radio", { name: "All" }).focus();
    await page.keyboard.press("ArrowDown");
    await page.waitForURL(/inStock=true/);
    expect(await group("In stock").getByRole("radio", { name: "Yes" }).isChecked()).toBe(true);
    await page.keyboard.press("ArrowDown");
    await page.waitForURL(/inStock=false/);
    await expectColumn(page, 5, (cell) => cell === "No");
    await page.keyboard.press("ArrowDown");
    await page.waitForURL((url) => !url.searchParams.has("inStock"));
  });

  it("goes back and forward through the filters it wrote", async () => {
    await page.goBack();
    await page.waitForURL(/inStock=false/);
    expect(await group("In stock").getByRole("radio", { name: "No" }).isChecked()).toBe(true);
    await page.goBack();
    await page.waitForURL(/inStock=true/);
    await expectSummary(page, "1–25 of 30");
    await page.goForward();
    await page.waitForURL(/inStock=false/);
    await page.reload();
    expect(await group("In stock").getByRole("radio", { name: "No" }).isChecked()).toBe(true);
    expect(await group("Status").getByRole("checkbox", { name: "draft" }).isChecked()).toBe(true);
  });

  it("removes active filters one by one, then all at once", async () => {
    const active = page.getByRole("list", { name: "Active filters" });
    expect(await active.getByRole("listitem").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining("Status: live"), expect.stringContaining("In stock: No")]),
    );
    await active
      .getByRole("listitem")
      .filter({ hasText: "In stock: No" })
      .getByRole("button", { name: "Remove" })
      .click();
    await page.waitForURL((url) => !url.searchParams.has("inStock"));
    expect(queryOf(page).getAll("status")).toEqual(["live", "draft"]);
    await page.getByRole("button", { name: "Clear all" }).click();
    await page.waitForURL((url) => !url.searchParams.has("status"));
    expect(await active.count()).toBe(0);
    await expectSummary(page, "1–25 of 60");
  });

  it("searches the foreign key with the combobox, by keyboard, and names the chosen id after a reload", async () => {
    const combobox = filters().getByRole("combobox", { name: "Category" });
    const lookups: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/lookup/categoryId?q=")) lookups.push(request.url());
    });
    await combobox.focus();
    await page.keyboard.type("gar", { delay: 40 });
    const listbox = page.getByRole("listbox", { name: "Category" });
    await listbox.getByRole("option", { name: /Garden/ }).waitFor();
    expect(lookups).toHaveLength(1);
    expect(lookups[0]).toContain("q=gar");
    expect(await combobox.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => filters().getByRole("status").allTextContents()).toContain("1 result available.");
    await page.keyboard.press("Escape");
    expect(await combobox.getAttribute("aria-expanded")).toBe("false");
    // Reopened, the list shows its last options at once and asks again. Hold that answer until
    // the arrows have moved: its arrival must keep the active option, not reset it.
    const lookup = "**/lookup/categoryId?q=**";
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Each held lookup is answered from here once released, so the test knows when the page has
    // its answer (a response event can be missed on a loaded machine: the page may give up on a
    // lookup a newer one replaced).
    const delivered: Promise<unknown>[] = [];
    await page.route(lookup, (route) => {
      const done = held.then(async () => route.fulfill({ response: await route.fetch() })).catch(() => undefined);
      delivered.push(done);
      return done;
    });
    await page.keyboard.press("ArrowDown");
    await listbox.getByRole("option", { name: /Garden/ }).waitFor();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => combobox.getAttribute("aria-activedescendant")).not.toBeNull();
    await expect.poll(() => delivered.length).toBeGreaterThan(0);
    release();
    await Promise.all(delivered);
    await page.unroute(lookup);
    // Two frames: Preact has rendered what the answer changed.
    await page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))");
    const active = await combobox.getAttribute("aria-activedescendant");
    expect(active).not.toBeNull();
    expect(await page.locator(`[id="${active}"]`).textContent()).toContain("Garden");
    await page.keyboard.press("Enter");
    await page.waitForURL(/categoryId=5/);
    await expectColumn(page, 2, (cell) => cell === "Garden");

    const named = page.waitForRequest((request) => request.url().includes("/lookup/categoryId?ids=5"));
    await page.reload();
    await named;
    const chips = page.getByRole("list", { name: "Active filters" });
    await expect.poll(() => chips.textContent()).toContain("Category: Garden");
    await page.getByRole("button", { name: "Clear all" }).click();
    await page.waitForURL((url) => !url.searchParams.has("categoryId"));
  });

  it("says when the minimum is above the maximum, and sends no such range", async () => {
    const price = group("Price");
    await price.getByRole("spinbutton", { name: "Minimum" }).fill("100");
    await price.getByRole("spinbutton", { name: "Maximum" }).fill("50");
    await price.getByRole("spinbutton", { name: "Maximum" }).press("Enter");
    await expect.poll(() => price.getByRole("alert").textContent()).toContain("greater than the maximum");
    expect(await price.getByRole("spinbutton", { name: "Minimum" }).getAttribute("aria-invalid")).toBe("true");
    await page.waitForTimeout(700);
    expect(queryOf(page).has("price__lte")).toBe(false);
    await price.getByRole("spinbutton", { name: "Maximum" }).fill("150");
    await price.getByRole("spinbutton", { name: "Maximum" }).press("Enter");
    await page.waitForURL(/price__lte=150/);
    expect(queryOf(page).get("price__gte")).toBe("100");
    await expectColumn(page, 4, (cell) => Number(cell) >= 100 && Number(cell) <= 150);
    expect(await price.getByRole("alert").count()).toBe(0);
    await page.getByRole("button", { name: "Clear all" }).click();
  });

  it("filters by a date preset, resolved in the browser's time zone", async () => {
    const rows = page.waitForRequest((request) => request.url().includes("createdAt__preset=last_7_days"));
    await group("Created at").getByRole("button", { name: "Last 7 days" }).click();
    const request = await rows;
    expect(new URL(request.url()).searchParams.get("tz")).toBe("Europe/Berlin");
    expect(queryOf(page).get("createdAt__preset")).toBe("last_7_days");
    expect(await group("Created at").getByRole("button", { name: "Last 7 days" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(
      await group("Created at")
        .getByText(/^Showing /)
        .textContent(),
    ).toMatch(/\d{4}/);
    const api = await tab.context.request.get(
      `${harness.url}/admin/api/models/products/rows/?createdAt__preset=last_7_days&tz=Europe/Berlin`,
    );
    const { count } = (await api.json()) as { count: number };
    await expectSummary(page, new RegExp(` of ${count}$`));
    await page.getByRole("list", { name: "Active filters" }).getByRole("button", { name: "Remove" }).click();
    await page.waitForURL((url) => !url.searchParams.has("createdAt__preset"));
  });

  it("filters by a custom date range, sent as local midnights", async () => {
    const created = group("Created at");
    await created.getByLabel("From").fill("2026-03-20");
    await page.waitForURL(/createdAt__gte=/);
    // Midnight in Berlin (UTC+1 in March before the switch) is 23:00 UTC the day before.
    expect(queryOf(page).get("createdAt__gte")).toBe("2026-03-19T23:00:00.000Z");
    await created.getByLabel("To").fill("2026-03-10");
    await created.getByRole("alert").waitFor();
    expect(queryOf(page).has("createdAt__lt")).toBe(false);
    await created.getByLabel("To").fill("2026-03-28");
    await page.waitForURL(/createdAt__lt=/);
    expect(queryOf(page).get("createdAt__lt")).toBe("2026-03-28T23:00:00.000Z");
    const api = await tab.context.request.get(
      `${harness.url}/admin/api/models/products/rows/?createdAt__gte=2026-03-19T23:00:00.000Z&createdAt__lt=2026-03-28T23:00:00.000Z`,
    );
    const { count } = (await api.json()) as { count: number };
    await expectSummary(page, new RegExp(` of ${count}$`));
    const chips = await page.getByRole("list", { name: "Active filters" }).getByRole("listitem").allTextContents();
    expect(chips.join(" ")).toContain("Created at from 20 Mar 2026");
    expect(chips.join(" ")).toContain("Created at until 28 Mar 2026");
    await page.getByRole("button", { name: "Clear all" }).click();
    await page.waitForURL((url) => !url.searchParams.has("createdAt__gte"));
  });

  it("never shows facet counts from an older request", async () => {
    // The counts asked for "archived" alone answer late; those for "archived or live" come first.
    await page.route("**/facets?**", async (route) => {
      const statuses = new URL(route.request().url()).searchParams.getAll("status");
      if (statuses.join() === "archived") await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    await group("Status").getByRole("checkbox", { name: "Withdrawn" }).check();
    await page.waitForTimeout(300);
    await group("Status").getByRole("checkbox", { name: "live" }).check();
    // In stock counts rows that are archived or live: 30 in stock, 10 not.
    const yes = group("In stock").locator(".option-row").filter({ hasText: "Yes" }).locator(".count [aria-hidden]");
    await expect.poll(() => yes.textContent()).toBe("30");
    await page.waitForTimeout(1800);
    expect(await yes.textContent()).toBe("30");
    await page.unroute("**/facets?**");
    await page.getByRole("button", { name: "Clear all" }).click();
  });

  it("filters by the string chips and by search", async () => {
    await group("Name")
      .getByRole("button", { name: /Blue item 04/ })
      .click();
    await page.waitForURL(/name=Blue\+item\+04/);
    await expectSummary(page, "1–1 of 1");
    await page.getByRole("button", { name: "Clear all" }).click();
    const searches: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/rows/?") && request.url().includes("search=")) searches.push(request.url());
    });
    await page.getByRole("searchbox", { name: "Search" }).pressSequentially("red", { delay: 60 });
    await page.waitForURL(/search=red/);
    await page.waitForTimeout(400);
    // Typing pauses for 250 ms before the list is asked: one request for the whole word.
    expect(searches).toHaveLength(1);
    await expectSummary(page, "1–20 of 20");
    await expectColumn(page, 1, (name) => name.startsWith("Red"));
    await page.getByRole("button", { name: "Clear all" }).click();
  });

  it("sorts by a column header and pages through the rows", async () => {
    await page.getByRole("columnheader", { name: "Price" }).getByRole("button").click();
    await page.waitForURL(/ordering=price/);
    expect(await page.getByRole("columnheader", { name: "Price" }).getAttribute("aria-sort")).toBe("ascending");
    await expect.poll(async () => (await column(page, 4))[0]).toBe("6.00");
    const ascending = (await column(page, 4)).map(Number);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await page.getByRole("columnheader", { name: "Price" }).getByRole("button").click();
    await page.waitForURL(/ordering=-price/);
    await expect.poll(async () => (await column(page, 4))[0]).toBe("199.00");
    const descending = (await column(page, 4)).map(Number);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    await expectSummary(page, "26–50 of 60");
    await page.getByLabel("Rows per page").selectOption("10");
    await page.waitForURL(/page_size=10/);
    expect(queryOf(page).has("page")).toBe(false);
    await expectSummary(page, "1–10 of 60");
    expect(await firstColumn(page)).toHaveLength(10);
    expectNoProblems(tab);
  });
});

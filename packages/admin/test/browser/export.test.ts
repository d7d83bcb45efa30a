/** Export in Chromium: a filtered, searched and ordered list downloads as CSV with exactly the rows it shows. */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, expectNoProblems, firstColumn, type Harness, SLOW, screenshot, type Tab } from "./harness.js";
import { signedInSuite, skipReason } from "./harness.js";
import { shotsInEveryView } from "./views.js";

describe.skipIf(skipReason !== undefined)("admin UI: export", SLOW, () => {
  let harness: Harness;
  let tab: Tab;
  let page: Page;

  signedInSuite((suite) => {
    ({ harness, tab, page } = suite);
  });

  it("exports a filtered view as CSV: the rows the table shows, in its order, with labels", async () => {
    await page.goto("/admin/products/?status=archived&search=green&ordering=-price");
    await page.getByRole("heading", { level: 1, name: "Products" }).waitFor();
    await expect.poll(async () => (await firstColumn(page)).length).toBeGreaterThan(3);
    const shown = await firstColumn(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "export-links");
    const link = page.getByRole("link", { name: "Export CSV" });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d\d-\d\d\.csv$/);
    const lines = readFileSync((await download.path())!, "utf8")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Id,Name,Category,Status,Price,In stock,Created at");
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(shown);
    expect(lines.slice(1).every((line) => line.includes(",Withdrawn,"))).toBe(true);
    // The keyboard reaches the link, and JSON Lines holds the same rows.
    const jsonl = page.getByRole("link", { name: "Export JSON Lines" });
    await jsonl.focus();
    const [second] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    const rows = readFileSync((await second.path())!, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(rows.map((row) => String(row.id))).toEqual(shown);
    await shotsInEveryView(harness, tab, "/admin/products/?status=archived&search=green", "export", async (other) => {
      await other.getByRole("link", { name: "Export CSV" }).waitFor();
    });
    expectNoProblems(tab);
  });
});

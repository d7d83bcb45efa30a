/**
 * History in Chromium: an edit's old and new values on the record's History page, reverting it
 * (a new change, checked as any edit), and the index's Recent actions; axe-clean, screenshots.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seedRows } from "../fixture.js";
import { axeViolations, expectNoProblems, type Harness, SLOW, screenshot, type Tab } from "./harness.js";
import { signedInSuite, skipReason } from "./harness.js";
import { shotsInEveryView } from "./views.js";

describe.skipIf(skipReason !== undefined)("admin UI: history", SLOW, () => {
  let harness: Harness;
  let tab: Tab;
  let page: Page;
  const product = seedRows().products[8]!;
  const stored = async () =>
    (await harness.database.query(`SELECT name, price FROM products WHERE id = ${product.id}`)).map((row) => ({
      name: row.name,
      price: Number(row.price).toFixed(2),
    }))[0];

  signedInSuite((suite) => {
    ({ harness, tab, page } = suite);
  });

  it("shows an edit's old and new values in History, and reverts it", async () => {
    await page.goto(`/admin/products/${product.id}`);
    await page.getByLabel("Name", { exact: true }).fill("Renamed lamp");
    await page.getByLabel("Price", { exact: true }).fill("12.34");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved product “Renamed lamp”.").waitFor();
    await page.goto(`/admin/products/${product.id}`);
    await page.getByRole("link", { name: "History" }).click();
    await page.getByRole("heading", { level: 1, name: "History of product Renamed lamp" }).waitFor();
    const entry = page.getByRole("region", { name: /^Changed by admin/ });
    const row = (label: string) => entry.getByRole("row", { name: new RegExp(`^${label}`) }).getByRole("cell");
    expect(await row("Name").allTextContents()).toEqual([product.name, "Renamed lamp"]);
    expect(await row("Price").allTextContents()).toEqual([product.price, "12.34"]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "history");
    await shotsInEveryView(harness, tab, `/admin/products/${product.id}/history`, "history", async (other) => {
      await other.getByRole("region", { name: /^Changed by admin/ }).waitFor();
    });

    await entry.getByRole("button", { name: "Revert this change" }).click();
    await page
      .getByRole("region", { name: /^Changed by admin/ })
      .nth(1)
      .waitFor();
    expect(await stored()).toEqual({ name: product.name, price: product.price });
    const latest = page.getByRole("region", { name: /^Changed by admin/ }).first();
    expect(await latest.getByRole("row", { name: /^Name/ }).getByRole("cell").allTextContents()).toEqual([
      "Renamed lamp",
      product.name,
    ]);
    expectNoProblems(tab);
  });

  it("lists the user's recent actions on the index, each a link to its record", async () => {
    await page.goto("/admin/");
    const recent = page.getByRole("region", { name: "Recent actions" });
    await recent.getByRole("link", { name: product.name }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await recent.getByRole("link", { name: product.name }).first().click();
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    expectNoProblems(tab);
  });
});

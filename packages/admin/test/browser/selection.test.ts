/**
 * The list's selection and delete confirmation in Chromium: select three rows and delete them,
 * select all matching a filter, and try to delete a category in use (its products listed first),
 * by keyboard, axe-clean, with screenshots light and dark at 1366 and 375 px.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seedRows } from "../fixture.js";
import { axeViolations, expectNoProblems, type Harness, SLOW, screenshot, type Tab } from "./harness.js";
import { signedInSuite, skipReason } from "./harness.js";
import { shotsInEveryView } from "./views.js";

describe.skipIf(skipReason !== undefined)("admin UI: selection, actions and the delete confirmation", SLOW, () => {
  let harness: Harness;
  let tab: Tab;
  let page: Page;
  const seeded = seedRows();
  const exists = async (table: string, ids: readonly number[]) =>
    (await harness.database.query(`SELECT id FROM ${table} WHERE id IN (${ids.join(",")}) ORDER BY id`)).map((row) =>
      Number(row.id),
    );

  signedInSuite((suite) => {
    ({ harness, tab, page } = suite);
  });

  const shots = (path: string, name: string, open: (page: Page) => Promise<void>) =>
    shotsInEveryView(harness, tab, path, name, open);

  it("selects three rows by keyboard and deletes them after the confirmation lists them", async () => {
    const chosen = seeded.products.filter((p) => [1, 2, 4].includes(p.id));
    await page.goto("/admin/products/?view=all&ordering=id");
    for (const product of chosen) {
      const box = page.getByRole("checkbox", { name: `Select ${product.name}`, exact: true });
      await box.focus();
      await page.keyboard.press("Space");
      expect(await box.isChecked()).toBe(true);
    }
    await page.getByText("3 of 60 selected").waitFor();
    await page.getByRole("combobox", { name: "Action" }).selectOption({ label: "Delete selected products" });
    await page.getByRole("button", { name: "Run", exact: true }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Delete 3 products" });
    await dialog.getByRole("button", { name: "Delete", exact: true }).waitFor();
    for (const product of chosen) await dialog.getByRole("link", { name: product.name }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "delete-selected-dialog");
    // The dialog starts on Cancel; Shift+Tab reaches Delete.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await page.getByText("Deleted 3 products.").waitFor();
    expect(await exists("products", [1, 2, 4])).toEqual([]);
    await page.getByText("0 of 57 selected").waitFor();
    expect(await page.getByRole("checkbox", { name: `Select ${chosen[0]!.name}` }).count()).toBe(0);
    await shots("/admin/products/?view=all&ordering=id", "selection", async (other) => {
      await other.getByRole("checkbox", { name: "Select all on this page" }).check();
      await other.getByRole("button", { name: "Select all 57 matching" }).waitFor();
    });
    expectNoProblems(tab);
  });

  it("selects all rows matching a filter across pages, and deletes exactly those", async () => {
    const drafts = seeded.products.filter((p) => p.status === "draft" && ![1, 2, 4].includes(p.id));
    const others = seeded.products.filter((p) => p.status !== "draft" && ![1, 2, 4].includes(p.id));
    await page.goto("/admin/products/?status=draft&page_size=10");
    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    await page.getByText(`10 of ${drafts.length} selected`).waitFor();
    await page.getByRole("button", { name: `Select all ${drafts.length} matching` }).click();
    await page.getByText(`All ${drafts.length} products selected`).waitFor();
    await page.getByRole("combobox", { name: "Action" }).selectOption("delete_selected");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${drafts.length} products` });
    await dialog.getByText(`Delete ${drafts.length} products? This cannot be undone.`).waitFor();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText(`Deleted ${drafts.length} products.`).waitFor();
    expect(
      await exists(
        "products",
        drafts.map((p) => p.id),
      ),
    ).toEqual([]);
    expect(
      await exists(
        "products",
        others.map((p) => p.id),
      ),
    ).toEqual(others.map((p) => p.id));
    expectNoProblems(tab);
  });

  it("lists the products that keep a category in use before any delete is offered", async () => {
    const used = seeded.products.filter((p) => p.categoryId === 3 && p.status !== "draft" && ![1, 2, 4].includes(p.id));
    await page.goto("/admin/categories/3");
    await page.getByRole("heading", { level: 1, name: "100% Cotton" }).waitFor();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Delete category" });
    await dialog.getByText("“100% Cotton” cannot be deleted").waitFor();
    await dialog.getByText(`${used.length} products`).waitFor();
    for (const product of used) await dialog.getByRole("link", { name: product.name }).waitFor();
    expect(await dialog.getByRole("button", { name: "Delete", exact: true }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Close" }).click();
    expect(await exists("categories", [3])).toEqual([3]);
    await shots("/admin/categories/3", "delete-blocked", async (other) => {
      await other.getByRole("button", { name: "Delete", exact: true }).click();
      await other.getByRole("dialog", { name: "Delete category" }).getByText("In the way").waitFor();
    });
    // A category no product uses is deleted from the same dialog.
    await page.goto("/admin/categories/6");
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("dialog", { name: "Delete category" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText("Deleted category “Tools”.").waitFor();
    expect(await exists("categories", [6])).toEqual([]);
    expectNoProblems(tab);
  });
});

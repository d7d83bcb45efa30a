/**
 * An app's own action in Chromium (the fixture's discount, as the shop's): over all rows matching
 * a filter from the Action menu, with its form's errors beside the field, the summary naming the
 * rows that failed; and from the change form. Checked in the database; axe-clean; screenshots.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { discountAction } from "../daily-fixture.js";
import { type FixtureDatabase, fixtureAdmin, seedRows } from "../fixture.js";
import { axeViolations, expectNoProblems, type Harness, SLOW, screenshot, type Tab } from "./harness.js";
import { signedInSuite, skipReason } from "./harness.js";
import { shotsInEveryView } from "./views.js";

const withDiscount = (database: FixtureDatabase) =>
  fixtureAdmin(database, {}, { actions: { discount: discountAction(database) } });

const discounted = (price: string, percent: number) =>
  (Math.max(1, Math.round(Number(price) * (100 - percent))) / 100).toFixed(2);

describe.skipIf(skipReason !== undefined)("admin UI: the app's actions", SLOW, () => {
  let harness: Harness;
  let tab: Tab;
  let page: Page;
  const seeded = seedRows();
  const prices = async () =>
    new Map(
      (await harness.database.query("SELECT id, price FROM products")).map((row) => [
        Number(row.id),
        Number(row.price).toFixed(2),
      ]),
    );

  signedInSuite((suite) => {
    ({ harness, tab, page } = suite);
  }, withDiscount);

  it("discounts all products matching a filter by 10%, listing the withdrawn ones it could not change", async () => {
    const before = await prices();
    const matching = seeded.products.filter((p) => p.categoryId === 2);
    const changed = matching.filter((p) => p.status !== "archived").map((p) => p.id);
    await page.goto("/admin/products/?categoryId=2&page_size=5");
    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    await page.getByRole("button", { name: `Select all ${matching.length} matching` }).click();
    await page.getByRole("combobox", { name: "Action" }).selectOption({ label: "Discount" });
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Discount ${matching.length} products` });
    const percent = dialog.getByLabel("Percent");
    await percent.fill("150");
    await dialog.getByRole("button", { name: "Discount" }).click();
    await dialog.getByRole("alert").filter({ hasText: "correct the errors" }).waitFor();
    expect(await percent.getAttribute("aria-invalid")).toBe("true");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "action-form-errors");
    expect(await prices()).toEqual(before);

    await percent.fill("10");
    await dialog.getByRole("button", { name: "Discount" }).click();
    const failed = matching.length - changed.length;
    await dialog
      .getByRole("status")
      .filter({ hasText: `Discounted ${changed.length} products.` })
      .waitFor();
    await dialog.getByText(`${failed} products could not be changed.`).waitFor();
    const withdrawn = matching.find((p) => p.status === "archived")!;
    await dialog.getByRole("listitem").filter({ hasText: withdrawn.name }).getByText("keeps its price").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "action-summary");
    const after = await prices();
    for (const [id, price] of before) {
      expect(after.get(id), `product ${id}`).toBe(changed.includes(id) ? discounted(price, 10) : price);
    }
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByText(`0 of ${matching.length} selected`).waitFor();
    expectNoProblems(tab);
  });

  it("discounts one product from its change form, by keyboard", async () => {
    const before = (await prices()).get(3)!;
    await page.goto("/admin/products/3");
    await page.getByRole("button", { name: "Discount", exact: true }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Discount product" });
    await dialog.getByLabel("Percent").focus();
    await page.keyboard.type("25");
    await page.keyboard.press("Enter");
    await dialog.getByRole("status").filter({ hasText: "Discounted 1 product." }).waitFor();
    await page.keyboard.press("Enter");
    await page.getByText("Discounted 1 product.").first().waitFor();
    expect((await prices()).get(3)).toBe(discounted(before, 25));
    await shotsInEveryView(harness, tab, "/admin/products/3", "action-change-form", async (other) => {
      await other.getByRole("button", { name: "Discount", exact: true }).click();
      await other.getByRole("dialog", { name: "Discount product" }).getByLabel("Percent").waitFor();
    });
    expectNoProblems(tab);
  });
});

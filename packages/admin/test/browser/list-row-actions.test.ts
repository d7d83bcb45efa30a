/**
 * An app action from a row of the list in Chromium (the fixture's discount, as the shop's): a button
 * per row named for the row, the same dialog as the change form over that one row; checked in the
 * database, the other rows untouched; axe-clean; screenshots light and dark, wide and narrow.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { discountAction } from "../daily-fixture.js";
import { type FixtureDatabase, fixtureAdmin, seedRows } from "../fixture.js";
import { axeViolations, expectNoProblems, type Harness, SLOW, screenshot, type Tab } from "./harness.js";
import { computedStyle, signedInSuite, skipReason } from "./harness.js";
import { shotsInEveryView } from "./views.js";

const withDiscount = (database: FixtureDatabase) =>
  fixtureAdmin(database, {}, { actions: { discount: discountAction(database) } });

const discounted = (price: string, percent: number) =>
  (Math.max(1, Math.round(Number(price) * (100 - percent))) / 100).toFixed(2);

describe.skipIf(skipReason !== undefined)("admin UI: an action from a row of the list", SLOW, () => {
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

  it("discounts one product from its row, and only that one", async () => {
    const product = seeded.products.find((p) => p.status !== "archived" && p.categoryId === 1)!;
    const before = await prices();
    await page.goto("/admin/products/?categoryId=1");
    const button = page.getByRole("button", { name: `Discount ${product.name}`, exact: true });
    const row = page.getByRole("row").filter({ has: button });
    await button.click();
    const dialog = page.getByRole("dialog", { name: `Discount ${product.name}` });
    await dialog.getByLabel("Percent").fill("20");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "list-row-action-form");
    await dialog.getByRole("button", { name: "Discount", exact: true }).click();
    await dialog.getByRole("status").filter({ hasText: "Discounted 1 product." }).waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByRole("status").filter({ hasText: "Discounted 1 product." }).waitFor();

    const after = await prices();
    for (const [id, price] of before) {
      expect(after.get(id), `product ${id}`).toBe(id === product.id ? discounted(price, 20) : price);
    }
    // The list reads its rows again: the row shows the new price.
    await row.getByText(discounted(product.price, 20)).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await shotsInEveryView(harness, tab, "/admin/products/?categoryId=1", "list-row-actions", async (other) => {
      await other.getByRole("button", { name: `Discount ${product.name}`, exact: true }).waitFor();
    });
    expectNoProblems(tab);
  });

  it("keeps each row's actions in view at the right edge while a wide table scrolls sideways", async () => {
    await page.setViewportSize({ width: 900, height: 800 });
    await page.goto("/admin/products/");
    const wrap = page.locator(".table-wrap");
    const actions = page.getByRole("table").locator("tbody tr").first().locator("td.row-actions");
    await actions.getByRole("button").first().waitFor();
    // The table is wider than its frame here: without the sticky column its last cell is out of view.
    expect(await wrap.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    const inView = async () => {
      const frame = (await wrap.boundingBox())!;
      const cell = (await actions.boundingBox())!;
      return cell.x >= frame.x && cell.x + cell.width <= frame.x + frame.width + 1;
    };
    expect(await inView()).toBe(true);
    // Halfway, the other columns pass under it; without the sticky column it would sit off to the right.
    await wrap.evaluate((element) => {
      element.scrollLeft = (element.scrollWidth - element.clientWidth) / 2;
    });
    await expect.poll(() => wrap.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect(await inView()).toBe(true);
    // The column's cells cover what scrolls under them: an opaque background, not the row's text showing through.
    expect(await computedStyle(actions, "background-color")).not.toBe("rgba(0, 0, 0, 0)");
    await screenshot(page, "list-row-actions-sticky-900");
    await page.setViewportSize({ width: 1280, height: 900 });
    expectNoProblems(tab);
  });

  it("offers the row's action by keyboard, and a withdrawn product keeps its price", async () => {
    const withdrawn = seeded.products.find((p) => p.status === "archived")!;
    const before = (await prices()).get(withdrawn.id);
    await page.goto(`/admin/products/?search=${encodeURIComponent(withdrawn.name)}`);
    await page.getByRole("button", { name: `Discount ${withdrawn.name}`, exact: true }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Discount ${withdrawn.name}` });
    await dialog.getByLabel("Percent").focus();
    await page.keyboard.type("50");
    await page.keyboard.press("Enter");
    await dialog.getByRole("listitem").filter({ hasText: withdrawn.name }).getByText("keeps its price").waitFor();
    expect((await prices()).get(withdrawn.id)).toBe(before);
    await page.keyboard.press("Escape");
    expect(await page.getByRole("dialog").count()).toBe(0);
    expectNoProblems(tab);
  });
});

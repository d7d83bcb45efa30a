/** The list's frame (issue 46, items 9 and 10): the count by the heading, a header row in view, the theme, phones. */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  axeViolations,
  expectNoProblems,
  type Harness,
  SLOW,
  screenshot,
  signedInSuite,
  skipReason,
  type Tab,
} from "./harness.js";

const background = (page: Page) => page.evaluate("getComputedStyle(document.body).backgroundColor") as Promise<string>;

describe.skipIf(skipReason !== undefined)("admin UI: the list's count, header, theme and phone layout", SLOW, () => {
  let harness: Harness;
  let tab: Tab;
  let page: Page;
  signedInSuite((suite) => {
    ({ harness, tab, page } = suite);
  });

  it("shows the total beside the heading and keeps the header row in view while the rows scroll", async () => {
    await page.setViewportSize({ width: 1366, height: 600 });
    await page.goto("/admin/products/?page_size=50");
    await page.getByRole("table").locator("tbody tr").nth(49).waitFor();
    const count = page.locator(".page-head .heading-count");
    await expect.poll(() => count.textContent()).toBe("60 results");
    await page.goto("/admin/products/?status=live&page_size=50");
    await expect.poll(() => count.textContent()).toBe("20 results");

    const wrap = page.locator(".table-wrap");
    const header = page.getByRole("table").locator("thead th").first();
    const top = (await wrap.boundingBox())!.y;
    await wrap.evaluate((element) => {
      element.scrollTop = 400;
    });
    await expect.poll(() => wrap.evaluate((element) => element.scrollTop)).toBeGreaterThan(100);
    // Scrolled past many rows, the header row is still at the top of the table's frame.
    expect(Math.abs((await header.boundingBox())!.y - top)).toBeLessThan(3);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("switches the theme (auto, light, dark) and remembers it for the user, not for others", async () => {
    await page.goto("/admin/products/");
    const theme = page.getByLabel("Theme");
    expect(await theme.inputValue()).toBe("auto");
    const light = await background(page);
    await theme.selectOption("dark");
    await expect.poll(() => page.evaluate("document.documentElement.dataset.theme")).toBe("dark");
    expect(await background(page)).not.toBe(light);
    await page.getByRole("table").locator("tbody tr").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "list-dark-toggle");
    await page.reload();
    await page.getByRole("table").locator("tbody tr").first().waitFor();
    expect(await page.getByLabel("Theme").inputValue()).toBe("dark");
    expect(await background(page)).not.toBe(light);

    // Another user in the same browser: the system's theme.
    const other = await tab.context.newPage();
    await tab.context.request.delete(`${harness.url}/admin/api/session`);
    await tab.context.request.post(`${harness.url}/admin/api/session`, {
      data: { username: "editor", password: "pw-editor" },
    });
    await other.goto("/admin/products/");
    await other.getByLabel("Theme").waitFor();
    expect(await other.getByLabel("Theme").inputValue()).toBe("auto");
    expect(await background(other)).toBe(light);
    await other.close();
    await tab.context.request.delete(`${harness.url}/admin/api/session`);
    await tab.context.request.post(`${harness.url}/admin/api/session`, {
      data: { username: "admin", password: "pw-admin" },
    });
    await page.goto("/admin/products/");
    await page.getByLabel("Theme").selectOption("auto");
    await expect.poll(() => page.evaluate("document.documentElement.hasAttribute('data-theme')")).toBe(false);
    expectNoProblems(tab);
  });

  it.each([
    ["light", 375],
    ["dark", 375],
    ["light", 1366],
    ["dark", 1366],
  ] as const)(
    "shows each row's fields without sideways scrolling, and the changed screens (%s, %i px)",
    async (colorScheme, width) => {
      const small = page;
      await small.emulateMedia({ colorScheme });
      await small.setViewportSize({ width, height: 800 });
      await small.goto("/admin/products/");
      const rows = small.getByRole("table").locator("tbody tr");
      await rows.first().waitFor();
      expect(await small.evaluate("document.scrollingElement.scrollWidth")).toBeLessThanOrEqual(width);
      // Every field of a row is on screen, and its selection checkbox: none cut off at the right.
      const cells = rows.first().locator("th, td");
      // Polled: the first rows can be drawn again as the page settles (a count is one snapshot).
      await expect.poll(() => cells.count()).toBe(8);
      await expect.poll(() => rows.first().locator("td.select").getByRole("checkbox").count()).toBe(1);
      for (const box of await Promise.all((await cells.all()).map((cell) => cell.boundingBox()))) {
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      if (width === 375) {
        // Each value with its column's name beside it.
        expect(await rows.first().locator("td:not(.select)").nth(2).getAttribute("data-label")).toBe("Status");
      }
      expect(await axeViolations(small)).toEqual([]);
      await screenshot(small, `list-${width}-${colorScheme}`);
      await small.goto("/admin/products/add");
      await small.getByLabel("Name", { exact: true }).waitFor();
      expect(await small.evaluate("document.scrollingElement.scrollWidth")).toBeLessThanOrEqual(width);
      await screenshot(small, `add-form-${width}-${colorScheme}`);
      await small.goto("/admin/products/?search=nothing-like-this");
      await small.getByRole("button", { name: "Clear filters" }).waitFor();
      await screenshot(small, `list-empty-${width}-${colorScheme}`);
      expectNoProblems(tab);
      await small.emulateMedia({ colorScheme: "light" });
      await small.setViewportSize({ width: 1280, height: 900 });
    },
  );
});

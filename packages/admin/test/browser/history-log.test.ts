/**
 * The whole history log in Chromium, for history readers: the "History" link in the header, an
 * edit found by filtering on its model with its old and new values, the filters kept in the URL;
 * a user who may not read the log sees no link. axe-clean; screenshots light and dark, wide and narrow.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type FixtureDatabase, fixtureAdmin, NOW, seedRows } from "../fixture.js";
import { axeViolations, expectNoProblems, type Harness, queryOf, SLOW, signedInTab, type Tab } from "./harness.js";
import { signedInSuite, skipReason } from "./harness.js";
import { shotsInEveryView } from "./views.js";

const withReaders = (database: FixtureDatabase) =>
  fixtureAdmin(database, { historyReaders: (user) => user.username === "admin" });

describe.skipIf(skipReason !== undefined)("admin UI: the history log", SLOW, () => {
  let harness: Harness;
  let tab: Tab;
  let page: Page;
  const product = seedRows().products[5]!;
  const category = seedRows().categories[0]!;

  signedInSuite((suite) => {
    ({ harness, tab, page } = suite);
  }, withReaders);

  it("finds an edit in the log by its model, with its old and new values", async () => {
    await page.goto(`/admin/products/${product.id}`);
    await page.getByLabel("Name", { exact: true }).fill("Logged lamp");
    await page.getByLabel("Price", { exact: true }).fill("43.21");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved product “Logged lamp”.").waitFor();
    await page.goto(`/admin/categories/${category.id}`);
    await page.getByLabel("Name", { exact: true }).fill("Logged category");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText(/^Saved category/).waitFor();

    await page.goto("/admin/");
    await page.getByRole("navigation", { name: "Models" }).getByRole("link", { name: "History" }).click();
    await page.getByRole("heading", { level: 1, name: "History" }).waitFor();
    const entries = page.locator("section.history-entry");
    await page.getByRole("region", { name: /^Changed category Logged category by admin/ }).waitFor();
    await page.getByRole("combobox", { name: "Model", exact: true }).selectOption({ label: "Products" });
    // The product's edit was listed before the filter too: wait for the category's to go, not for it to come.
    await page
      .getByRole("region", { name: /^Changed category Logged category by admin/ })
      .waitFor({ state: "detached" });
    await page.getByRole("region", { name: /^Changed product Logged lamp by admin/ }).waitFor();
    expect(queryOf(page).get("model")).toBe("products");
    expect(await page.getByRole("region", { name: /category/ }).count()).toBe(0);
    expect(await entries.count()).toBe(1);
    const entry = page.getByRole("region", { name: /^Changed product Logged lamp by admin/ });
    const row = (label: string) => entry.getByRole("row", { name: new RegExp(`^${label}`) }).getByRole("cell");
    expect(await row("Name").allTextContents()).toEqual([product.name, "Logged lamp"]);
    expect(await row("Price").allTextContents()).toEqual([product.price, "43.21"]);
    expect(await axeViolations(page)).toEqual([]);

    // The filters live in the URL: a reload, or a link, shows the same entries; unknown users match nothing.
    await page.getByRole("combobox", { name: "Action", exact: true }).selectOption({ label: "Changed" });
    await page.getByRole("searchbox", { name: "User", exact: true }).fill("nobody");
    await page.getByRole("searchbox", { name: "User", exact: true }).press("Enter");
    await page.getByText("No entries match.").waitFor();
    expect(Object.fromEntries(queryOf(page))).toEqual({ model: "products", action: "change", user: "nobody" });
    await page.goto("/admin/_history/?model=products&user=admin&action=change");
    await entry.waitFor();
    expect(await page.getByRole("searchbox", { name: "User", exact: true }).inputValue()).toBe("admin");
    expect(await page.getByRole("button", { name: "Next" }).count()).toBe(0);

    await entry.getByRole("link", { name: "Logged lamp" }).click();
    await page.getByRole("heading", { level: 1, name: "Logged lamp" }).waitFor();
    await shotsInEveryView(harness, tab, "/admin/_history/", "history-log", async (other) => {
      await other.getByRole("region", { name: /^Changed product Logged lamp/ }).waitFor();
    });
    expectNoProblems(tab);
  });

  // Eight screenshots (two pages in four views) besides the paging: over the suite's 30 s on a slow machine
  // (seen at 30.0 s in CI). The timeout guards against hangs; it does not measure speed.
  it("pages through the log 50 entries at a time, newest first, with Next and Previous in the URL", {
    timeout: 90_000,
  }, async () => {
    const values = Array.from({ length: 60 }, (_, i) => {
      const at = NOW.getTime() - (i + 1) * 60_000;
      return `('9', 'bulk', 'categories', '${category.id}', 'Bulk ${i}', 'change', '[]', ${at})`;
    });
    await harness.database.query(`INSERT INTO viewsets_admin_history (user_id, username, model, object_id,
      object_label, action, changes, created_at) VALUES ${values.join(", ")}`);
    await page.goto("/admin/_history/?user=bulk");
    const entries = page.locator("section.history-entry");
    await page.getByRole("region", { name: /^Changed category Bulk 0 by bulk/ }).waitFor();
    expect(await entries.count()).toBe(50);
    expect(await page.getByRole("button", { name: "Previous" }).count()).toBe(0);
    await shotsInEveryView(harness, tab, "/admin/_history/?user=bulk", "history-log-paging", async (other) => {
      await other.getByRole("button", { name: "Next" }).waitFor();
    });
    await shotsInEveryView(harness, tab, "/admin/_history/?user=bulk&page=2", "history-log-page-2", async (other) => {
      await other.getByRole("button", { name: "Previous" }).waitFor();
    });
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("region", { name: /^Changed category Bulk 59 by bulk/ }).waitFor();
    expect(Object.fromEntries(queryOf(page))).toEqual({ user: "bulk", page: "2" });
    // The pressed button is gone on the last page: the heading takes the focus, as after the list's paging.
    expect(await page.evaluate<string | undefined>("document.activeElement?.tagName")).toBe("H1");
    expect(await entries.count()).toBe(10);
    expect(await entries.first().getAttribute("aria-label")).toMatch(/^Changed category Bulk 50 by bulk/);
    expect(await page.getByRole("button", { name: "Next" }).count()).toBe(0);
    // From the keyboard too: Previous pressed with Enter, the first page read from its top.
    await page.getByRole("button", { name: "Previous" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("region", { name: /^Changed category Bulk 0 by bulk/ }).waitFor();
    expect(Object.fromEntries(queryOf(page))).toEqual({ user: "bulk" });
    expect(await page.evaluate<string | undefined>("document.activeElement?.tagName")).toBe("H1");
    expect(await page.evaluate<number>("window.scrollY")).toBe(0);

    // Exactly one page of entries: the server says no next page, so there is no Next to an empty one.
    await page.goto("/admin/_history/?user=bulk&action=change&model=categories&page=1");
    await page.getByRole("region", { name: /^Changed category Bulk 0 by bulk/ }).waitFor();
    await harness.database.query(
      "DELETE FROM viewsets_admin_history WHERE username = 'bulk' AND object_label IN ('Bulk 50', 'Bulk 51', 'Bulk 52', 'Bulk 53', 'Bulk 54', 'Bulk 55', 'Bulk 56', 'Bulk 57', 'Bulk 58', 'Bulk 59')",
    );
    await page.reload();
    await page.getByRole("region", { name: /^Changed category Bulk 49 by bulk/ }).waitFor();
    expect(await entries.count()).toBe(50);
    expect(await page.getByRole("button", { name: "Next" }).count()).toBe(0);
    expectNoProblems(tab);
  });

  it("shows no History link to a user who may not read the log, and no log at its address", async () => {
    const editor = await signedInTab(harness, "editor", "pw-editor");
    try {
      await editor.page.goto("/admin/");
      const nav = editor.page.getByRole("navigation", { name: "Models" });
      await nav.getByRole("link", { name: "Products" }).waitFor();
      expect(await nav.getByRole("link", { name: "History" }).count()).toBe(0);
      await editor.page.goto("/admin/_history/");
      await editor.page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
      expectNoProblems(editor);
    } finally {
      await editor.context.close();
    }
  });
});

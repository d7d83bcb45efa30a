/** Django's ModelAdmin options (issue 46, items 4 and 14): links, read-only fields, fieldsets, save buttons, shortcuts. */
import { createManager, type SQLiteDatabase, tableModel } from "@viewsets/drizzle";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type FixtureDatabase, type FixtureTables, fixtureAdmin } from "../fixture.js";
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

/** The fixture's admin, plus its products as "inventory" with ModelAdmin's options. */
function withInventory(database: FixtureDatabase) {
  const admin = fixtureAdmin(database);
  const { products } = database.tables as FixtureTables;
  admin.register("inventory", {
    model: tableModel(products),
    queryset: createManager(database.db as unknown as SQLiteDatabase, products),
    listDisplay: ["id", "name", "status", "price"],
    listDisplayLinks: ["name"],
    readonlyFields: ["status"],
    fieldsets: [
      { fields: ["name", "categoryId"] },
      { name: "Pricing", description: "Prices include VAT.", fields: ["price", "status", "inStock"] },
    ],
  });
  return admin;
}

describe.skipIf(skipReason !== undefined)("admin UI: ModelAdmin's options and the keyboard shortcuts", SLOW, () => {
  let harness: Harness;
  let tab: Tab;
  let page: Page;
  signedInSuite((suite) => {
    ({ harness, tab, page } = suite);
  }, withInventory);
  const stored = async (id: number) =>
    (await (await tab.context.request.get(`${harness.url}/admin/api/models/inventory/rows/${id}`)).json()) as Record<
      string,
      unknown
    >;

  it("links the listDisplayLinks column to the record, and not the others", async () => {
    await page.goto("/admin/inventory/?ordering=id");
    const first = page.getByRole("table").locator("tbody tr").first();
    await first.waitFor();
    // The first field's cell (the selection's checkbox cell comes before it).
    const name = await first.locator("td:not(.select)").first().textContent();
    expect(await first.getByRole("link").count()).toBe(1);
    expect(await first.getByRole("link").textContent()).toBe(name);
    expect(await first.getByRole("link").getAttribute("href")).toBe("/admin/inventory/1");
    expect(await first.locator("th").getByRole("link").count()).toBe(0);
  });

  it("groups the form by fieldsets and shows readonlyFields without writing them", async () => {
    await page.goto("/admin/inventory/3");
    const pricing = page.getByRole("group", { name: "Pricing" });
    await pricing.waitFor();
    expect(await pricing.getAttribute("aria-describedby")).toBeTruthy();
    await pricing.getByText("Prices include VAT.").waitFor();
    expect(await pricing.getByLabel("Price", { exact: true }).count()).toBe(1);
    expect(await pricing.getByLabel("In stock").count()).toBe(1);
    // Status is read-only: shown as text (by its value), no control.
    expect(await page.getByLabel("Status").count()).toBe(0);
    expect(await pricing.locator(".read-only dt").allTextContents()).toEqual(["Status"]);
    // Fields in no fieldset are not in the form.
    expect(await page.getByText("Created at").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "change-form-fieldsets");

    // The server ignores a read-only field a body sends (as the REST API ignores read-only keys).
    const before = await stored(3);
    const csrf = (
      (await (await tab.context.request.get(`${harness.url}/admin/api/session`)).json()) as {
        csrfToken: string;
      }
    ).csrfToken;
    const reply = await tab.context.request.patch(`${harness.url}/admin/api/models/inventory/rows/3`, {
      data: { status: before.status === "live" ? "draft" : "live", name: "Renamed" },
      headers: { "X-CSRF-Token": csrf },
    });
    expect(reply.status()).toBe(200);
    expect(await stored(3)).toMatchObject({ status: before.status, name: "Renamed" });
  });

  it("saves and adds another, then saves and continues editing", async () => {
    await page.goto("/admin/inventory/add");
    await page.getByLabel("Name", { exact: true }).fill("First lamp");
    await page.getByLabel("Price", { exact: true }).fill("10.00");
    const created = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/rows/"));
    await page.getByRole("button", { name: "Save and add another" }).click();
    const first = (await (await created).json()) as { id: number };
    await page.getByText("Added inventory “First lamp”. Add another below.").waitFor();
    expect(page.url()).toMatch(/\/admin\/inventory\/add$/);
    await expect.poll(() => page.getByLabel("Name", { exact: true }).inputValue()).toBe("");
    expect(await stored(first.id)).toMatchObject({ name: "First lamp" });

    await page.getByLabel("Name", { exact: true }).fill("Second lamp");
    await page.getByLabel("Price", { exact: true }).fill("11.00");
    const again = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/rows/"));
    await page.getByRole("button", { name: "Save and continue editing" }).click();
    const second = (await (await again).json()) as { id: number };
    await expect.poll(() => page.url()).toMatch(new RegExp(`/admin/inventory/${second.id}$`));
    await page.getByRole("heading", { level: 1, name: "Second lamp" }).waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Second lamp");

    await page.getByLabel("Name", { exact: true }).fill("Second lamp, brass");
    const patched = page.waitForResponse((r) => r.request().method() === "PATCH");
    await page.getByRole("button", { name: "Save and continue editing" }).click();
    expect((await patched).status()).toBe(200);
    await page.getByText("Saved inventory “Second lamp, brass”. You may edit it again below.").waitFor();
    expect(page.url()).toMatch(new RegExp(`/admin/inventory/${second.id}$`));
    expect(await stored(second.id)).toMatchObject({ name: "Second lamp, brass" });
    expectNoProblems(tab);
  });

  it("saves with Ctrl+S, searches with /, and lists the shortcuts with ?", async () => {
    await page.goto("/admin/products/4");
    const name = page.getByLabel("Name", { exact: true });
    await name.waitFor();
    await name.fill("Saved by keyboard");
    await page.keyboard.press("Control+s");
    await page.getByText("Saved product “Saved by keyboard”.").waitFor();
    expect(await stored(4)).toMatchObject({ name: "Saved by keyboard" });

    await page.getByRole("table").locator("tbody tr").first().waitFor();
    await page.getByRole("heading", { level: 1, name: "Products" }).focus();
    await page.keyboard.press("/");
    expect(await page.evaluate("document.activeElement.getAttribute('aria-label')")).toBe("Search");
    // Typed into the search box, "?" is text, not the shortcut.
    await page.keyboard.type("a?");
    expect(await page.getByRole("searchbox", { name: "Search" }).inputValue()).toBe("a?");
    expect(await page.getByRole("dialog").count()).toBe(0);

    await page.getByRole("heading", { level: 1, name: "Products" }).focus();
    await page.keyboard.press("Shift+?");
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await dialog.waitFor();
    expect(await dialog.locator("dt").allTextContents()).toEqual(["/", "Ctrl+S or ⌘S", "?", "Esc"]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "shortcuts-dialog");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expectNoProblems(tab);
  });
});

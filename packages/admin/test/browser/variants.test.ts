import { createManager, tableModel } from "@viewsets/drizzle";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createAdmin } from "../../src/server/index.js";
import { type FixtureDatabase, type FixtureUser, NOW, USERS } from "../fixture.js";
import { axeViolations, expectNoProblems, type Harness, openTab, queryOf, SLOW, screenshot } from "./harness.js";
import { skipReason, type Tab, signedInSuite } from "./harness.js";

/** The fixture's tables under another path, with the widgets' variants: multiSelect, entityDropdown, choice chips. */
function variantsAdmin(database: FixtureDatabase) {
  const { categories, products } = database.tables as any;
  const db = database.db as any;
  const admin = createAdmin<FixtureUser>({
    db: database.db,
    path: "/backoffice",
    now: () => NOW,
    users: {
      verify: async (username, password) =>
        USERS.find((u) => u.username === username && u.password === password) ?? null,
      get: async (id) => USERS.find((u) => String(u.id) === id) ?? null,
      isStaff: (user) => user.isStaff,
    },
  });
  admin.register("categories", { model: tableModel(categories), queryset: createManager(db, categories) });
  admin.register("products", {
    model: tableModel(products) as any,
    queryset: createManager(db, products) as any,
    listDisplay: ["id", "name", "categoryId", "status"],
    listFilter: [
      { field: "status", widget: "multiSelect" },
      { field: "categoryId", widget: "entityDropdown" },
    ],
  });
  admin.register("items", {
    model: tableModel(products, { choiceLabels: { status: { archived: "Withdrawn" } } }) as any,
    queryset: createManager(db, products) as any,
    listDisplay: ["id", "name", "status"],
    listFilter: [{ field: "status", widget: "chips" }],
    add: false,
    delete: false,
  });
  // A filter and search through the category: its names as chips, as Django's `category__name` filter.
  admin.register("goods", {
    model: tableModel(products) as any,
    queryset: createManager(db, products) as any,
    relations: { category: { source: "categoryId", target: { model: tableModel(categories) } } },
    listDisplay: ["id", "name", "categoryId"],
    listFilter: ["category__name"],
    searchFields: ["name", "category__name"],
    add: false,
  });
  return admin;
}

describe.skipIf(skipReason !== undefined)("admin UI: widget variants, another mount path, dark mode", SLOW, () => {
  let harness: Harness;
  let tab: Tab;
  let page: Page;
  const group = (name: string) =>
    page.getByRole("region", { name: "Filters" }).getByRole("group", { name, exact: true });
  const summary = () => page.locator(".page-summary").textContent();
  const column = (index: number) =>
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

  const signIn = { path: "/backoffice", colorScheme: "dark" } as const;
  signedInSuite(
    (suite) => {
      ({ harness, tab, page } = suite);
    },
    variantsAdmin,
    "admin",
    "pw-admin",
    signIn,
  );

  it("signs in and links every page under its own mount path", async () => {
    const fresh = await openTab(harness);
    await fresh.page.goto("/backoffice/");
    await fresh.page.waitForURL(/\/backoffice\/login/);
    await fresh.page.getByLabel("Username").fill("editor");
    await fresh.page.getByLabel("Password").fill("pw-editor");
    await fresh.page.getByRole("button", { name: "Sign in" }).click();
    await fresh.page.getByRole("heading", { level: 1, name: "Site administration" }).waitFor();
    const links = await fresh.page
      .getByRole("main")
      .getByRole("link")
      .evaluateAll((all) => all.map((a) => (a as unknown as { pathname: string }).pathname));
    expect(links).toEqual(
      expect.arrayContaining(["/backoffice/products/", "/backoffice/products/add", "/backoffice/items/"]),
    );
    expect(links).not.toContain("/backoffice/items/add");
    expectNoProblems(fresh);
    await fresh.context.close();
  });

  it("filters with the multiple select", async () => {
    await page.goto("/backoffice/products/");
    await expect.poll(summary).toBe("1–50 of 60");
    await group("Status").getByRole("listbox", { name: "Status" }).selectOption(["live", "draft"]);
    await page.waitForURL(/status=/);
    expect(queryOf(page).getAll("status").sort()).toEqual(["draft", "live"]);
    await expect.poll(summary).toBe("1–40 of 40");
    expect(new Set(await column(3))).toEqual(new Set(["live", "draft"]));
  });

  it("filters with the entity dropdown", async () => {
    const dropdown = group("Category").getByRole("combobox", { name: "Category" });
    await expect.poll(() => dropdown.locator("option").count()).toBeGreaterThan(5);
    // Options read "Garden (10)": the count follows the other filters, so choose by the record's id.
    expect(await dropdown.locator('option[value="5"]').textContent()).toMatch(/^Garden/);
    await dropdown.selectOption("5");
    await page.waitForURL(/categoryId=5/);
    await expect.poll(async () => new Set(await column(2))).toEqual(new Set(["Garden"]));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "variants-dark");
  });

  it("filters with chips over a field's choices", async () => {
    await page.goto("/backoffice/items/");
    await expect.poll(summary).toBe("1–50 of 60");
    expect(await page.getByRole("link", { name: /^Add/ }).count()).toBe(0);
    // A chip reads the choice's label and filters by its value.
    const archived = group("Status").getByRole("button", { name: /^Withdrawn/ });
    await archived.click();
    await page.waitForURL(/status=archived/);
    expect(await archived.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(summary).toBe("1–20 of 20");
    // The cells and the active filter read the label too.
    expect(new Set(await column(2))).toEqual(new Set(["Withdrawn"]));
    expect(await page.getByRole("list", { name: "Active filters" }).textContent()).toContain("Status: Withdrawn");
    await page.goto("/backoffice/items/3");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("button", { name: "Delete" }).count()).toBe(0);
    expectNoProblems(tab);
  });

  it("filters by a related field's names, and names the filter it applied", async () => {
    await page.goto("/backoffice/goods/");
    await expect.poll(summary).toBe("1–50 of 60");
    const garden = group("Category name").getByRole("button", { name: /^Garden/ });
    await garden.click();
    await page.waitForURL(/category__name=Garden/);
    await expect.poll(() => garden.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(async () => new Set(await column(2))).toEqual(new Set(["Garden"]));
    await expect.poll(() => page.getByText("Category name: Garden").count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Clear all" }).click();
    await page.getByRole("searchbox", { name: "Search" }).fill("cotton");
    await page.waitForURL(/search=cotton/);
    await expect.poll(async () => new Set(await column(2))).toEqual(new Set(["100% Cotton"]));
    // The counts are dimmed while the facets of the new search load (aria-busy): check the settled page.
    await expect.poll(() => page.locator(".filters.stale").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expectNoProblems(tab);
  });
});

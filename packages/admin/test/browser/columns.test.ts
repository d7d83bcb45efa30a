import { readFileSync } from "node:fs";
import { createManager, type SQLiteDatabase, tableModel } from "@viewsets/drizzle";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type FixtureDatabase, type FixtureTables, fixtureAdmin } from "../fixture.js";
import { axeViolations, expectNoProblems, type Harness, queryOf, SLOW, screenshot, signedInSuite } from "./harness.js";
import { skipReason, type Tab } from "./harness.js";
import { shotsInEveryView } from "./views.js";

/** The fixture's admin plus `goods`: products with their category's name and two computed columns. */
function columnsAdmin(database: FixtureDatabase) {
  const admin = fixtureAdmin(database);
  const { categories, products } = database.tables as FixtureTables;
  admin.register("goods", {
    model: tableModel(products),
    queryset: createManager(database.db as unknown as SQLiteDatabase, products),
    relations: { category: { source: "categoryId", target: { model: tableModel(categories) } } },
    listDisplay: [
      "id",
      "name",
      "category__name",
      "price",
      { name: "twice", label: "Twice the price", value: (row) => Number(row.price) * 2, ordering: "price" },
      { name: "shout", value: (row) => `${row.name.toUpperCase()}!` },
    ],
    ordering: ["id"],
  });
  return admin;
}

describe.skipIf(skipReason !== undefined)("admin UI: related and computed columns, the column chooser", SLOW, () => {
  let harness: Harness;
  let tab: Tab;
  let page: Page;
  const headers = () => page.getByRole("table").locator("thead th").allTextContents();
  const header = (name: string) => page.getByRole("columnheader", { name });
  const chooser = () => page.getByRole("button", { name: /^Columns/ });
  const checkbox = (name: string) => page.getByRole("group", { name: "Show columns" }).getByRole("checkbox", { name });
  /** Whether the element has the keyboard's focus. */
  const focused = (locator: ReturnType<Page["locator"]>) =>
    locator.evaluate(
      (element) =>
        element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
    );
  const cells = (index: number) =>
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

  signedInSuite((suite) => {
    ({ harness, tab, page } = suite);
  }, columnsAdmin);

  it("shows the related row's value and the computed ones, and sorts by those that sort", async () => {
    await page.goto("/admin/goods/");
    await expect.poll(headers).toEqual(["Id▲", "Name", "Category name", "Price", "Twice the price", "Shout"]);
    expect((await cells(2)).slice(0, 7)).toEqual([
      "Games",
      "100% Cotton",
      "snake_case",
      "Garden",
      "Books",
      "Games",
      "—",
    ]);
    expect((await cells(4)).slice(0, 2)).toEqual(["74", "148"]);
    expect((await cells(5))[0]).toBe("BLUE ITEM 01!");
    // A computed column without an order is a heading, not a button.
    expect(await header("Shout").getByRole("button").count()).toBe(0);
    await header("Category name").getByRole("button").click();
    await page.waitForURL(/ordering=category__name/);
    await expect.poll(() => header("Category name").getAttribute("aria-sort")).toBe("ascending");
    const names = await cells(2);
    expect(names.filter((name, i) => i === 0 || name !== names[i - 1]).length).toBe(new Set(names).size);
    await header("Twice the price").getByRole("button").click();
    await page.waitForURL(/ordering=twice/);
    // Sorted by the price it names: the cheapest first.
    await expect.poll(async () => (await cells(4)).slice(0, 3)).toEqual(["12", "14", "26"]);
    const twice = (await cells(4)).map(Number);
    expect(twice).toEqual([...twice].sort((a, b) => a - b));
    expect(await axeViolations(page)).toEqual([]);
    await shotsInEveryView(harness, tab, "/admin/goods/?ordering=-twice", "columns-related", async (other) => {
      await other.getByRole("columnheader", { name: /Twice the price/ }).waitFor();
    });
    expectNoProblems(tab);
  });

  it("hides a column by keyboard; the URL keeps it through reload and back, and the export follows it", async () => {
    await page.goto("/admin/goods/?ordering=id");
    await expect.poll(headers).toContain("Shout");
    await chooser().focus();
    await page.keyboard.press("Enter");
    expect(await chooser().getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    // Tab to "Category name" (the third checkbox) and clear it with Space.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await focused(checkbox("Category name"))).toBe(true);
    await page.keyboard.press("Space");
    await page.waitForURL(/columns=/);
    expect(queryOf(page).get("columns")).toBe("id,name,price,twice,shout");
    await expect.poll(headers).toEqual(["Id▲", "Name", "Price", "Twice the price", "Shout"]);
    expect(await checkbox("Category name").isChecked()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "columns-chooser");
    await checkbox("Shout").uncheck();
    await page.waitForURL(/columns=id%2Cname%2Cprice%2Ctwice$|columns=id,name,price,twice$/);
    await page.keyboard.press("Escape");
    await expect.poll(() => chooser().getAttribute("aria-expanded")).toBe("false");
    expect(await focused(chooser())).toBe(true);
    expect(await chooser().textContent()).toBe("Columns2 hidden");

    await page.reload();
    await expect.poll(headers).toEqual(["Id▲", "Name", "Price", "Twice the price"]);
    await page.goBack();
    await expect.poll(headers).toEqual(["Id▲", "Name", "Price", "Twice the price", "Shout"]);
    await page.goForward();
    await expect.poll(headers).toEqual(["Id▲", "Name", "Price", "Twice the price"]);

    const link = page.getByRole("link", { name: "Export CSV" });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const lines = readFileSync((await download.path())!, "utf8")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Id,Name,Price,Twice the price");
    expect(lines[1]).toBe("1,Blue item 01,37,74");
    await shotsInEveryView(
      harness,
      tab,
      "/admin/goods/?columns=id,name,twice",
      "columns-chooser-open",
      async (other) => {
        await other.getByRole("button", { name: /^Columns/ }).click();
        await other.getByRole("group", { name: "Show columns" }).waitFor();
      },
    );
    expectNoProblems(tab);
  });

  it("keeps the hidden columns in a saved view: applied again, they stay hidden", async () => {
    // With the linking column (the key) hidden, the first column shown links to the record.
    await page.goto("/admin/goods/?ordering=id&columns=name,twice");
    await expect.poll(headers).toEqual(["Name", "Twice the price"]);
    await page.getByRole("link", { name: "Blue item 01" }).click();
    await page.waitForURL(/\/admin\/goods\/1$/);
    await page.goto("/admin/goods/?ordering=id&columns=id,name,twice");
    await expect.poll(headers).toEqual(["Id▲", "Name", "Twice the price"]);
    await page.getByRole("button", { name: "Save view", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Save view" });
    await dialog.getByRole("textbox", { name: "Name" }).fill("Slim");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/view=\d+/);
    const views = await (await tab.context.request.get(`${harness.url}/admin/api/saved-views/goods`)).json();
    expect(views).toMatchObject([{ name: "Slim", columns: ["id", "name", "twice"] }]);

    await page.goto("/admin/goods/?view=all");
    await expect.poll(headers).toContain("Category name");
    await page.getByRole("combobox", { name: "Saved views" }).selectOption({ label: "Slim" });
    await page.waitForURL(/columns=/);
    await expect.poll(headers).toEqual(["Id▲", "Name", "Twice the price"]);
    await page.reload();
    await expect.poll(headers).toEqual(["Id▲", "Name", "Twice the price"]);
    // Showing a column again marks the view modified; saving keeps the new choice.
    await chooser().click();
    await checkbox("Shout").check();
    await page.getByText("Modified", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect
      .poll(async () => (await (await tab.context.request.get(`${harness.url}/admin/api/saved-views/goods`)).json())[0])
      .toMatchObject({ columns: ["id", "name", "twice", "shout"] });
    expectNoProblems(tab);
  });
});

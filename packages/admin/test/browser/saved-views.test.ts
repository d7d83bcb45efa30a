import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoProblems, type Harness, queryOf, SLOW, screenshot, signedInTab, skipReason } from "./harness.js";
import { axeViolations, computedStyle, type Tab, signedInSuite } from "./harness.js";

interface View {
  id: number;
  name: string;
  filters: Record<string, string[]>;
  isDefault: boolean;
}

describe.skipIf(skipReason !== undefined)("admin UI: saved views", SLOW, () => {
  let harness: Harness;
  let tab: Tab;
  let page: Page;
  const select = () => page.getByRole("combobox", { name: "Saved views" });
  const status = () => page.getByRole("region", { name: "Filters" }).getByRole("group", { name: "Status" });
  const button = (name: string) => page.getByRole("button", { name, exact: true });
  const views = async (of: Tab = tab): Promise<View[]> =>
    (await (await of.context.request.get(`${harness.url}/admin/api/saved-views/products`)).json()) as View[];
  const summary = () => page.locator(".page-summary").textContent();

  signedInSuite((suite) => {
    ({ harness, tab, page } = suite);
  });

  it("saves the list as a view through the dialog, and restores it after a reload", async () => {
    await page.goto("/admin/products/?status=live&ordering=-price");
    await expect.poll(summary).toBe("1–20 of 20");
    await button("Save view").click();
    const dialog = page.getByRole("dialog", { name: "Save view" });
    await dialog.getByRole("textbox", { name: "Name" }).fill("Live by price");
    await screenshot(page, "save-view-dialog");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/view=\d+/);
    expect(await dialog.count()).toBe(0);
    // "Save view" gave way to the view's own buttons: the focus goes to the view now chosen, not to the page.
    await expect.poll(() => select().evaluate((element) => element.matches(":focus"))).toBe(true);
    const [saved] = await views();
    expect(saved).toMatchObject({ name: "Live by price", filters: { status: ["live"] }, ordering: ["-price"] });
    expect(queryOf(page).get("view")).toBe(String(saved!.id));

    await page.goto("/admin/products/?view=all");
    await expect.poll(summary).toBe("1–25 of 60");
    await select().selectOption({ label: "Live by price" });
    await page.waitForURL(/status=live/);
    expect(queryOf(page).get("ordering")).toBe("-price");
    await page.reload();
    await expect.poll(() => select().inputValue()).toBe(String(saved!.id));
    expect(await status().getByRole("checkbox", { name: "live" }).isChecked()).toBe(true);
  });

  it("marks a changed view Modified, and resets it or saves the change", async () => {
    await status().getByRole("checkbox", { name: "draft" }).check();
    await page.getByText("Modified", { exact: true }).waitFor();
    await button("Reset").click();
    await page.waitForURL((url) => url.searchParams.getAll("status").join() === "live");
    expect(await page.getByText("Modified", { exact: true }).count()).toBe(0);

    await status().getByRole("checkbox", { name: "draft" }).check();
    // One save for the chosen view, named for what it does; no "Save view" beside it.
    expect(await button("Save view").count()).toBe(0);
    await button("Save changes").click();
    await expect.poll(async () => (await views())[0]?.filters.status).toEqual(["live", "draft"]);
    await expect.poll(() => page.getByText("Modified", { exact: true }).count()).toBe(0);
  });

  it("saves a change as a new view and renames it", async () => {
    await status().getByRole("checkbox", { name: "live" }).uncheck();
    await button("Save as new").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Name" }).fill("Drafts");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect.poll(async () => (await views()).map((v) => v.name)).toEqual(["Drafts", "Live by price"]);
    const drafts = (await views()).find((v) => v.name === "Drafts")!;
    await page.waitForURL(new RegExp(`view=${drafts.id}`));

    await button("Rename view").click();
    const rename = page.getByRole("dialog", { name: "Rename view" });
    expect(await rename.getByRole("textbox", { name: "Name" }).inputValue()).toBe("Drafts");
    await rename.getByRole("textbox", { name: "Name" }).fill("Live by price");
    await rename.getByRole("button", { name: "Save" }).click();
    await rename.getByRole("alert").waitFor();
    await rename.getByRole("textbox", { name: "Name" }).fill("Draft products");
    await rename.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => select().locator("option:checked").textContent()).toBe("Draft products");
  });

  it("opens the default view when the list is opened without a query, with a way back to all records", async () => {
    // Off, the toggle shows an empty box where its check mark goes: the off state reads as one, not as a blank space.
    const mark = button("Default view").locator(".toggle-mark");
    expect(await computedStyle(mark, "border-top-style")).toBe("solid");
    expect((await mark.boundingBox())!.width).toBeGreaterThan(6);
    await screenshot(page, "saved-views-default-off");
    await button("Default view").click();
    await expect.poll(() => button("Default view").getAttribute("aria-pressed")).toBe("true");
    // The state in words, not only in the button's look.
    await page.getByText("Opens by default", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "saved-views-default");
    const drafts = (await views()).find((v) => v.name === "Draft products")!;
    expect(drafts.isDefault).toBe(true);
    await page.getByRole("navigation", { name: "Models" }).getByRole("link", { name: "Categories" }).click();
    await page.getByRole("heading", { level: 1, name: "Categories" }).waitFor();
    await page.getByRole("navigation", { name: "Models" }).getByRole("link", { name: "Products" }).click();
    await page.waitForURL(new RegExp(`view=${drafts.id}`));
    expect(queryOf(page).getAll("status")).toEqual(["draft"]);
    await expect.poll(summary).toBe("1–20 of 20");

    await select().selectOption({ label: "All records" });
    await page.waitForURL(/\?view=all$/);
    await expect.poll(summary).toBe("1–25 of 60");
    await page.reload();
    await expect.poll(summary).toBe("1–25 of 60");
    expect(queryOf(page).get("view")).toBe("all");
  });

  it("keeps each user's views apart", async () => {
    const editor = await signedInTab(harness, "editor", "pw-editor");
    const mine = await views();
    await editor.page.goto(`/admin/products/?view=${mine[0]!.id}&status=live`);
    await editor.page.getByText("That saved view no longer exists", { exact: false }).waitFor();
    expect(
      await editor.page.getByRole("combobox", { name: "Saved views" }).locator("option").allTextContents(),
    ).toEqual(["All records"]);
    expect(await views(editor)).toEqual([]);
    // The editor's default view is theirs alone: the admin's list still opens the admin's.
    await editor.page.goto("/admin/products/");
    await editor.page.getByRole("table").waitFor();
    expect(editor.page.url()).toMatch(/\/admin\/products\/$/);
    expectNoProblems(editor);
    await editor.context.close();
  });

  it("deletes the selected view after asking", async () => {
    const drafts = (await views()).find((v) => v.name === "Draft products")!;
    await page.goto(`/admin/products/?view=${drafts.id}&status=draft`);
    await button("Delete view").click();
    const dialog = page.getByRole("dialog", { name: "Delete view" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect.poll(async () => (await views()).map((v) => v.name)).toEqual(["Live by price"]);
    await page.waitForURL((url) => !url.searchParams.has("view"));
    expect(queryOf(page).getAll("status")).toEqual(["draft"]);
    await expect.poll(() => select().locator("option").allTextContents()).toEqual(["All records", "Live by price"]);
    await screenshot(page, "saved-views");
    expectNoProblems(tab);
  });

  it("says when a view names a filter the model no longer has", async () => {
    const [view] = await views();
    // As if the model had lost a field since the view was saved (RETURNING: the fixture's query reads rows).
    await harness.database.query(
      `UPDATE viewsets_admin_saved_views SET filters = '{"status":["live"],"colour":["red"]}' WHERE id = ${view!.id} RETURNING id`,
    );
    await page.goto(`/admin/products/?view=all`);
    await select().selectOption({ label: "Live by price" });
    await page.getByText(/filters on colour/).waitFor();
    expect(queryOf(page).has("colour")).toBe(false);
    expect(queryOf(page).getAll("status")).toEqual(["live"]);
  });
});

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, expectNoProblems, type Harness, SLOW, screenshot, skipReason, type Tab } from "./harness.js";
import { signedInSuite } from "./harness.js";

describe.skipIf(skipReason !== undefined)("admin UI: the change form", SLOW, () => {
  let harness: Harness;
  let tab: Tab;
  let page: Page;
  let created: number;
  const row = async (id: number) => {
    const reply = await tab.context.request.get(`${harness.url}/admin/api/models/products/rows/${id}`);
    return {
      status: reply.status(),
      body: reply.status() === 200 ? ((await reply.json()) as Record<string, unknown>) : null,
    };
  };
  /** The accessible description of a control (where the server's errors are read out). */
  const description = async (name: string) => {
    const id = await page.getByLabel(name, { exact: true }).getAttribute("aria-describedby");
    return id ? page.locator(`[id="${id}"]`).textContent() : null;
  };

  signedInSuite((suite) => {
    ({ harness, tab, page } = suite);
  });

  it("shows the server's 400 errors beside each field, then creates the record", async () => {
    await page.goto("/admin/products/");
    await page.getByRole("link", { name: "Add product" }).click();
    await page.getByRole("heading", { level: 1, name: "Add product" }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Desk lamp");
    await page.getByLabel("Price", { exact: true }).fill("cheap");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "correct the errors" }).waitFor();
    expect(await page.getByLabel("Price", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await description("Price")).toMatch(/decimal|number/i);
    expect(await page.getByLabel("Name", { exact: true }).getAttribute("aria-invalid")).toBeNull();
    await expect.poll(() => page.evaluate(() => (globalThis as any).document.activeElement?.id)).toMatch(/price$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "change-form-errors");

    await page.getByLabel("Price", { exact: true }).fill("24.50");
    // Each status by its label ("archived" reads "Withdrawn"), sent as its value.
    const options = page.getByLabel("Status").locator("option");
    expect(await options.allTextContents()).toEqual(expect.arrayContaining(["draft", "live", "Withdrawn"]));
    expect(await options.filter({ hasText: "Withdrawn" }).getAttribute("value")).toBe("archived");
    await page.getByLabel("Status").selectOption("live");
    const category = page.getByRole("combobox", { name: "Category" });
    await category.fill("boo");
    await page.getByRole("option", { name: "Books" }).click();
    await expect.poll(() => category.inputValue()).toBe("Books");
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/rows/"));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const body = (await (await answer).json()) as { id: number };
    created = body.id;
    await page.getByRole("heading", { level: 1, name: "Products" }).waitFor();
    await page.getByText("Added product “Desk lamp”.").waitFor();
    const saved = (await row(created)).body!;
    expect(saved).toMatchObject({ name: "Desk lamp", status: "live", categoryId: 1 });
    expect(Number(saved.price)).toBe(24.5);
  });

  it("edits a record, asking before unsaved changes are left", async () => {
    await page.goto("/admin/products/?view=all");
    await page
      .getByRole("table")
      .getByRole("link", { name: String(created), exact: true })
      .click();
    await page.getByRole("heading", { level: 1, name: "Desk lamp" }).waitFor();
    await expect.poll(() => page.getByRole("combobox", { name: "Category" }).inputValue()).toBe("Books");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "change-form");
    await page.getByLabel("Name", { exact: true }).fill("Floor lamp");
    await page.getByLabel("In stock").uncheck();

    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toContain("unsaved changes");
    expect(page.url()).toMatch(new RegExp(`/products/${created}$`));
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Floor lamp");

    // Back to the list inside the app: asked too, and staying keeps the edits.
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goBack();
    await expect.poll(() => asked.length).toBe(2);
    await expect.poll(() => page.url()).toMatch(new RegExp(`/products/${created}$`));
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Floor lamp");

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved product “Floor lamp”.").waitFor();
    expect((await row(created)).body).toMatchObject({ name: "Floor lamp", inStock: false });
  });

  it("deletes a record after confirmation", async () => {
    await page.goto(`/admin/products/${created}`);
    await page.getByRole("heading", { level: 1, name: "Floor lamp" }).waitFor();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Delete product" });
    await screenshot(page, "delete-dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await dialog.count()).toBe(0);
    expect((await row(created)).status).toBe(200);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Deleted product “Floor lamp”.").waitFor();
    expect((await row(created)).status).toBe(404);
  });

  it("uses the combobox in the form with the keyboard alone", async () => {
    await page.goto("/admin/products/2");
    const category = page.getByRole("combobox", { name: "Category" });
    await expect.poll(() => category.inputValue()).toBe("100% Cotton");
    await category.focus();
    await page.keyboard.press("ArrowDown");
    await page.getByRole("listbox", { name: "Category" }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect.poll(() => category.inputValue()).not.toBe("100% Cotton");
    const chosen = await category.inputValue();
    await page.keyboard.press("Tab");
    await page.getByRole("button", { name: "Save", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByText(/Saved product/).waitFor();
    const saved = (await row(2)).body!;
    const labels = await tab.context.request.get(
      `${harness.url}/admin/api/models/products/lookup/categoryId?ids=${String(saved.categoryId)}`,
    );
    expect(((await labels.json()) as { results: { label: string }[] }).results[0]?.label).toBe(chosen);
    expectNoProblems(tab);
  });

  it("says so for a record that does not exist", async () => {
    await page.goto("/admin/products/99999");
    await page.getByRole("alert").filter({ hasText: "There is no product 99999" }).waitFor();
  });
});

/** The change form as issue 46 found it: defaults on a new record, words for an empty field, read-only records. */
import type { Page } from "playwright-core";
import { createManager, type SQLiteDatabase, tableModel } from "@viewsets/drizzle";
import { describe, expect, it } from "vitest";
import { type FixtureDatabase, fixtureAdmin, type FixtureTables } from "../fixture.js";
import { axeViolations, expectNoProblems, SLOW, screenshot, signedInSuite, skipReason, type Tab } from "./harness.js";

/** The fixture's admin, plus its products once more as a catalogue nobody may change. */
function withCatalogue(database: FixtureDatabase) {
  const admin = fixtureAdmin(database);
  const { products } = database.tables as FixtureTables;
  admin.register("catalogue", {
    model: tableModel(products),
    queryset: createManager(database.db as unknown as SQLiteDatabase, products),
    add: false,
    change: false,
    delete: false,
  });
  return admin;
}

describe.skipIf(skipReason !== undefined)(
  "admin UI: the change form's defaults, words and read-only records",
  SLOW,
  () => {
    let tab: Tab;
    let page: Page;
    signedInSuite((suite) => {
      ({ tab, page } = suite);
    }, withCatalogue);

    /** The accessible description of a control (where errors are read out). */
    const description = async (name: string) => {
      const id = await page.getByLabel(name, { exact: true }).getAttribute("aria-describedby");
      return id ? page.locator(`[id="${id}"]`).textContent() : null;
    };

    it("starts a new record from the model's defaults, and says an empty required field is required", async () => {
      await page.goto("/admin/products/add");
      await page.getByRole("heading", { level: 1, name: "Add product" }).waitFor();
      // The columns' defaults: status "draft", in stock true (issue 46: "—" and unchecked before).
      expect(await page.getByLabel("Status").inputValue()).toBe("draft");
      expect(await page.getByLabel("In stock").isChecked()).toBe(true);
      // A non-null choice with a default has no blank option to fall back to.
      expect(await page.getByLabel("Status").locator("option").allTextContents()).toEqual([
        "draft",
        "live",
        "Withdrawn",
      ]);

      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().includes("/rows/")) posts.push(request.url());
      });
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByRole("alert").filter({ hasText: "correct the errors" }).waitFor();
      expect(await description("Name")).toBe("This field is required.");
      expect(await description("Price")).toBe("This field is required.");
      expect(posts).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, "change-form-required");

      await page.getByLabel("Name", { exact: true }).fill("Reading lamp");
      await page.getByLabel("Price", { exact: true }).fill("12.00");
      const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/rows/"));
      await page.getByRole("button", { name: "Save", exact: true }).click();
      const reply = await answer;
      expect(reply.status()).toBe(201);
      expect(await reply.json()).toMatchObject({
        name: "Reading lamp",
        status: "draft",
        inStock: true,
        price: "12.00",
      });
      expectNoProblems(tab);
    });

    it("says an emptied required field is required when editing, and sends nothing", async () => {
      await page.goto("/admin/products/5");
      await page.getByRole("heading", { level: 1 }).filter({ hasText: "item 05" }).waitFor();
      await page.getByLabel("Price", { exact: true }).fill("");
      const patches: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "PATCH") patches.push(request.url());
      });
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByRole("alert").filter({ hasText: "correct the errors" }).waitFor();
      expect(await description("Price")).toBe("This field is required.");
      expect(patches).toEqual([]);
    });

    it("shows a read-only record's foreign keys by label, linked, with a way back that says where", async () => {
      await page.goto("/admin/catalogue/2");
      await page.getByRole("heading", { level: 1 }).filter({ hasText: "item 02" }).waitFor();
      // Product 2's category is 3, "100% Cotton": the list shows the label, and so does this page.
      const category = page.getByRole("link", { name: "100% Cotton" });
      await category.waitFor();
      expect(await category.getAttribute("href")).toBe("/admin/categories/3");
      expect(await page.locator(".read-only").textContent()).not.toContain("#3");
      expect(await page.getByRole("button", { name: "Save" }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "Cancel" }).count()).toBe(0);
      const back = page.getByRole("link", { name: "Back to catalogue" });
      expect(await back.getAttribute("href")).toBe("/admin/catalogue/");
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, "change-form-read-only");
      expectNoProblems(tab);
    });
  },
);

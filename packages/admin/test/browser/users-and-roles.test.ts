/**
 * The admin on better-auth in Chromium: the editor signs in through the form and sees only the
 * models and controls their role allows (no Delete, no Users page); a superuser's Users page
 * creates a user and sets a role, and passes axe.
 */
import type { Mountable } from "@viewsets/core";
import { chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthApp, authApp, createUser, PASSWORD } from "../better-auth-fixture.js";
import { type FixtureDatabase, sqliteDatabase } from "../fixture.js";
import { type Served, serve } from "../serve.js";
import {
  axeViolations,
  buildUi,
  CHROMIUM,
  expectNoProblems,
  openTab,
  SETUP_TIMEOUT,
  SLOW,
  screenshot,
  skipReason,
  type Tab,
} from "./harness.js";

describe.skipIf(skipReason !== undefined)("admin UI on better-auth: roles and the Users page", SLOW, () => {
  let database: FixtureDatabase;
  let app: AuthApp;
  let served: Served;
  let browser: Awaited<ReturnType<typeof chromium.launch>>;
  const harness = () => ({ url: served.url, browser, database, close: async () => {} });

  beforeAll(async () => {
    buildUi();
    database = await sqliteDatabase();
    app = await authApp(database);
    served = await serve("express", [app.router as Mountable, app.admin]);
    await createUser(app.auth, "root", "admin");
    await createUser(app.auth, "eddie", "editor");
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await served?.close();
    await database?.close();
  });

  async function signIn(username: string): Promise<Tab> {
    const tab = await openTab(harness());
    await tab.page.goto("/admin/login");
    await tab.page.getByLabel("Username").fill(username);
    await tab.page.getByLabel("Password").fill(PASSWORD);
    await tab.page.getByRole("button", { name: "Sign in" }).click();
    await tab.page.getByRole("heading", { level: 1, name: "Site administration" }).waitFor();
    return tab;
  }

  const navLinks = (page: Page) => page.getByRole("navigation", { name: "Models" }).getByRole("link").allTextContents();

  it("shows the editor only products, with Add and Save but no Delete anywhere, and no Users page", async () => {
    const tab = await signIn("eddie");
    const { page } = tab;
    await page.getByRole("link", { name: "Products" }).first().waitFor();
    expect(await navLinks(page)).toEqual(["Products"]);
    await page.getByRole("navigation", { name: "Models" }).getByRole("link", { name: "Products" }).click();
    await page.getByRole("heading", { level: 1, name: "Products" }).waitFor();
    await page.getByRole("table").locator("tbody tr").first().waitFor();
    expect(await page.getByRole("link", { name: "Add product" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: /delete/i }).count()).toBe(0);
    expect(await page.getByRole("link", { name: /delete/i }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "editor-products-list");

    await page.getByRole("table").locator("tbody tr a").first().click();
    await page.getByRole("button", { name: "Save", exact: true }).waitFor();
    expect(await page.getByRole("button", { name: /delete/i }).count()).toBe(0);

    await page.goto("/admin/_users/");
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    await page.goto("/admin/categories/");
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    expectNoProblems(tab);
    await tab.context.close();
  });

  it("lets a superuser create a user on the Users page and set their role", async () => {
    const tab = await signIn("root");
    const { page } = tab;
    expect(await navLinks(page)).toEqual(["Categories", "Products", "Users"]);
    await page.getByRole("link", { name: "Users" }).click();
    await page.getByRole("heading", { level: 1, name: "Users" }).waitFor();
    await page.getByRole("row", { name: /eddie/ }).waitFor();

    await page.getByLabel("Username").fill("nina");
    await page.getByLabel("Email").fill("nina@example.test");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Role", { exact: true }).selectOption("editor");
    await page.getByRole("button", { name: "Create user" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Password", { exact: true }).fill("quiet-harbour-17");
    await page.getByRole("button", { name: "Create user" }).click();
    await page.getByText("User nina was added with the role editor.").waitFor();
    const role = page.getByLabel("Role of nina");
    await expect.poll(() => role.inputValue()).toBe("editor");

    await role.selectOption("user");
    await page.getByText("nina now has the role user.").waitFor();
    const listed = await tab.context.request.get(`${served.url}/admin/api/users?search=nina`);
    expect(((await listed.json()) as { results: { role: string }[] }).results).toEqual([
      expect.objectContaining({ username: "nina", role: "user" }),
    ]);

    await page.getByLabel("Search users").fill("nin");
    await expect.poll(() => page.getByRole("table", { name: "Users" }).locator("tbody tr").count()).toBe(1);
    await page
      .getByRole("region", { name: "Roles and permissions" })
      .getByRole("row", { name: /editor/ })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "users-page");
    expectNoProblems(tab);
    await tab.context.close();
  });
});

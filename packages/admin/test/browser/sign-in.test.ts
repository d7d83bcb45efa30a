import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  expectNoProblems,
  type Harness,
  openTab,
  SETUP_TIMEOUT,
  SLOW,
  screenshot,
  skipReason,
  startHarness,
} from "./harness.js";

describe.skipIf(skipReason !== undefined)("admin UI: sign-in and the frame", SLOW, () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  }, SETUP_TIMEOUT);
  afterAll(async () => harness?.close());

  it("serves the page with its CSP, and hashed assets cached for a year", async () => {
    const page = await fetch(`${harness.url}/admin/products/?status=live`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<meta name="admin-base" content="/admin">');
    const script = /src="(\/admin\/assets\/app-[A-Z0-9]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${harness.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("signs in with the form, refuses a wrong password and a customer, and passes axe", async () => {
    const tab = await openTab(harness);
    const { page } = tab;
    await page.goto("/admin/");
    await page.waitForURL(/\/admin\/login/);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "sign-in");

    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("wrong");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Invalid username or password");

    await page.getByLabel("Username").fill("customer");
    await page.getByLabel("Password").fill("pw-customer");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("not a staff account");
    await screenshot(page, "sign-in-refused");

    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("pw-admin");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { level: 1, name: "Site administration" }).waitFor();
    expect(await page.getByRole("link", { name: "Products" }).count()).toBeGreaterThan(0);
    await screenshot(page, "index");
    expectNoProblems(tab);
    await tab.context.close();
  });

  it("comes back to the page asked for after signing in, and signs out for good", async () => {
    const tab = await openTab(harness);
    const { page, context } = tab;
    await page.goto("/admin/products/?status=live");
    await page.waitForURL(/\/admin\/login\?next=/);
    await page.getByLabel("Username").fill("editor");
    await page.getByLabel("Password").fill("pw-editor");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/admin\/products\/\?status=live$/);
    await expect.poll(() => page.getByRole("checkbox", { name: "live" }).isChecked()).toBe(true);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await expect.poll(async () => (await context.request.get(`${harness.url}/admin/api/session`)).status()).toBe(401);
    await page.goto("/admin/products/");
    await page.waitForURL(/\/admin\/login/);
    expectNoProblems(tab);
    await context.close();
  });

  it("signs in with the keyboard alone", async () => {
    const tab = await openTab(harness);
    const { page } = tab;
    await page.goto("/admin/login");
    await page.getByLabel("Username").focus();
    await page.keyboard.type("admin");
    await page.keyboard.press("Tab");
    await page.keyboard.type("pw-admin");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Site administration" }).waitFor();
    expectNoProblems(tab);
    await tab.context.close();
  });

  it("keeps a sign-in made while the page's own session check is still under way", async () => {
    const tab = await openTab(harness);
    const { page } = tab;
    // The page's first check of the session answers late (a slow network, a busy server).
    let held = true;
    await page.route("**/admin/api/session", async (route) => {
      if (route.request().method() !== "GET" || !held) return route.continue();
      held = false;
      // Asked before the sign-in (a 401), answered after it.
      const early = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return route.fulfill({ response: early });
    });
    await page.goto("/admin/login");
    // The editor (the file's other tests sign the admin in up to the per-user sign-in rate).
    await page.getByLabel("Username").fill("editor");
    await page.getByLabel("Password").fill("pw-editor");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { level: 1, name: "Site administration" }).waitFor();
    // The late 401 arrives after the sign-in: the person stays signed in.
    await page.waitForTimeout(2000);
    expect(held).toBe(false);
    expect(await page.getByRole("heading", { level: 1, name: "Site administration" }).isVisible()).toBe(true);
    expect(page.url()).not.toMatch(/\/login/);
    expectNoProblems(tab);
    await tab.context.close();
  });

  it("shows a readable page at 375 px wide", async () => {
    const tab = await openTab(harness, { width: 375 });
    await tab.context.request.post(`${harness.url}/admin/api/session`, {
      data: { username: "admin", password: "pw-admin" },
    });
    const { page } = tab;
    await page.goto("/admin/products/");
    await page.getByRole("table").waitFor();
    await page.getByRole("button", { name: "Show filters" }).click();
    await page.getByRole("region", { name: "Filters" }).waitFor();
    const overflow = await page.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document;
      return root.documentElement.scrollWidth;
    });
    expect(overflow).toBeLessThanOrEqual(375);
    await screenshot(page, "list-375px");
    expectNoProblems(tab);
    await tab.context.close();
  });

  it("wraps a long unbroken name instead of widening the page at 375 px", async () => {
    const tab = await openTab(harness, { width: 375 });
    const session = await tab.context.request.post(`${harness.url}/admin/api/session`, {
      data: { username: "admin", password: "pw-admin" },
    });
    const { csrfToken } = (await session.json()) as { csrfToken: string };
    // The fixture's names hold 100 characters at most: still ~1,000 px of one word.
    const name = `Unbroken-${"x".repeat(90)}`;
    const created = await tab.context.request.post(`${harness.url}/admin/api/models/products/rows/`, {
      data: { name, price: "3.00", status: "live", inStock: true },
      headers: { "x-csrf-token": csrfToken },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const { page } = tab;
    const width = () =>
      page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
            .scrollWidth,
      );
    // The change page: its breadcrumb and heading are the name; the delete dialog repeats it.
    await page.goto(`/admin/products/${id}/`);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    expect(await width()).toBeLessThanOrEqual(375);
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").waitFor();
    expect(await width()).toBeLessThanOrEqual(375);
    await page.keyboard.press("Escape");
    // The list, searched by the name: the search shows as an active filter too.
    await page.goto(`/admin/products/?search=${name}`);
    // Its cell, not the selection checkbox's ("Select …"); at 375 px the cell also shows its column's name.
    await page.locator("td:not(.select)").filter({ hasText: name }).first().waitFor();
    expect(await width()).toBeLessThanOrEqual(375);
    expectNoProblems(tab);
    await tab.context.close();
  });
});

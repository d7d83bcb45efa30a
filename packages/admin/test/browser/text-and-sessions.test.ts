import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  expectNoProblems,
  type Harness,
  SETUP_TIMEOUT,
  SLOW,
  screenshot,
  signedInTab,
  skipReason,
  startHarness,
} from "./harness.js";

/** 51 characters, 102 UTF-16 units: an HTML maxlength of 100 would cut it to 50. */
const EMOJI_51 = "😀".repeat(51);
const EMOJI_101 = "😀".repeat(101);

describe.skipIf(skipReason !== undefined)("admin UI: lengths in characters, and other sessions", SLOW, () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  }, SETUP_TIMEOUT);
  afterAll(async () => harness?.close());

  it("keeps 51 emoji in a 100-character field, and says so before sending 101", async () => {
    const tab = await signedInTab(harness);
    const { page } = tab;
    const posted: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/rows/")) posted.push(request.postData() ?? "");
    });
    await page.goto("/admin/products/add");
    const name = page.getByLabel("Name", { exact: true });
    await name.fill(EMOJI_101);
    expect(await name.inputValue()).toBe(EMOJI_101);
    await page.getByLabel("Price", { exact: true }).fill("5.00");
    await page.getByLabel("Status").selectOption("draft");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "correct the errors" }).waitFor();
    const errorId = await name.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe(
      "Ensure this field has no more than 100 characters.",
    );
    expect(posted).toEqual([]);

    await name.fill(EMOJI_51);
    expect(await name.inputValue()).toBe(EMOJI_51);
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/rows/"));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const created = await answer;
    expect(JSON.parse(created.request().postData() ?? "{}").name).toBe(EMOJI_51);
    // The server counts characters too: stored whole.
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const stored = await tab.context.request.get(`${harness.url}/admin/api/models/products/rows/${id}`);
    expect(((await stored.json()) as { name: string }).name).toBe(EMOJI_51);
    expectNoProblems(tab);
    await tab.context.close();
  });

  it("names a saved view with 51 emoji, and refuses 101 in the dialog", async () => {
    const tab = await signedInTab(harness);
    const { page, context } = tab;
    const names = async () =>
      (
        (await (await context.request.get(`${harness.url}/admin/api/saved-views/products`)).json()) as {
          name: string;
        }[]
      ).map((view) => view.name);
    await page.goto("/admin/products/?status=live");
    await page.getByRole("button", { name: "Save view", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Save view" });
    const field = dialog.getByRole("textbox", { name: "Name" });
    await field.fill(EMOJI_101);
    expect(await field.inputValue()).toBe(EMOJI_101);
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByRole("alert").filter({ hasText: "no more than 100 characters" }).waitFor();
    expect(await names()).toEqual([]);

    await field.fill(EMOJI_51);
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/view=\d+/);
    expect(await names()).toEqual([EMOJI_51]);
    expectNoProblems(tab);
    await context.close();
  });

  it("ends the user's sessions in other browsers from the index page, keeping this one", async () => {
    const here = await signedInTab(harness, "editor", "pw-editor");
    const elsewhere = await signedInTab(harness, "editor", "pw-editor");
    const status = async (tab: typeof here) =>
      (await tab.context.request.get(`${harness.url}/admin/api/session`)).status();
    expect(await status(elsewhere)).toBe(200);
    await here.page.goto("/admin/");
    const sessions = here.page.getByRole("region", { name: "Your sessions" });
    await sessions.getByRole("button", { name: "End other sessions" }).click();
    await here.page.getByRole("status").filter({ hasText: "Signed out of 1 other session." }).waitFor();
    expect(await status(elsewhere)).toBe(401);
    expect(await status(here)).toBe(200);
    await elsewhere.page.goto("/admin/products/");
    await elsewhere.page.waitForURL(/\/admin\/login/);
    expect(await axeViolations(here.page)).toEqual([]);
    await screenshot(here.page, "index-sessions");
    expectNoProblems(here);
    await here.context.close();
    await elsewhere.context.close();
  });
});

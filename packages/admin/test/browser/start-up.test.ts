/** Start-up (issue 46, item 18): the session check, the models and the first page's data are asked together. */
import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoProblems, SLOW, signedInSuite, skipReason, type Tab } from "./harness.js";

const SESSION_DELAY_MS = 400;

/** Opens `path` with the session check held back, and says when each API request went out and the session came back. */
async function openWithSlowSession(page: Page, path: string) {
  const sent: { path: string; at: number }[] = [];
  let sessionBack = Number.POSITIVE_INFINITY;
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/admin/api/"))
      sent.push({ path: url.pathname.slice(10) + url.search, at: Date.now() });
  };
  page.on("request", onRequest);
  await page.route(/\/admin\/api\/session$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SESSION_DELAY_MS));
    const reply = await route.fetch();
    sessionBack = Date.now();
    await route.fulfill({ response: reply });
  });
  await page.goto(path);
  return {
    sent,
    sessionBack: () => sessionBack,
    async done() {
      page.off("request", onRequest);
      await page.unroute(/\/admin\/api\/session$/);
    },
  };
}

describe.skipIf(skipReason !== undefined)("admin UI: start-up requests", SLOW, () => {
  let tab: Tab;
  let page: Page;
  signedInSuite((suite) => {
    ({ tab, page } = suite);
  });

  it("asks for the models, the saved views and the rows while the session is checked, each once", async () => {
    const run = await openWithSlowSession(page, "/admin/products/?status=live");
    await page.getByRole("table").locator("tbody tr").first().waitFor();
    const before = run.sent.filter((request) => request.at < run.sessionBack()).map((request) => request.path);
    expect(before).toEqual(
      expect.arrayContaining([
        "/session",
        "/models",
        "/saved-views/products",
        expect.stringMatching(/^\/models\/products\/rows\/\?status=live&tz=/),
      ]),
    );
    // Taken by the page, not asked again.
    const rows = run.sent.filter((request) => request.path.startsWith("/models/products/rows/"));
    expect(rows).toHaveLength(1);
    expect(run.sent.filter((request) => request.path === "/models")).toHaveLength(1);
    expect(run.sent.filter((request) => request.path === "/saved-views/products")).toHaveLength(1);
    await run.done();
    expectNoProblems(tab);
  });

  it("asks for a record with the session check on its page", async () => {
    const run = await openWithSlowSession(page, "/admin/products/7");
    await page.getByRole("heading", { level: 1, name: /item 07/ }).waitFor();
    const before = run.sent.filter((request) => request.at < run.sessionBack()).map((request) => request.path);
    expect(before).toEqual(expect.arrayContaining(["/session", "/models", "/models/products/rows/7"]));
    expect(run.sent.filter((request) => request.path === "/models/products/rows/7")).toHaveLength(1);
    await run.done();
    expectNoProblems(tab);
  });
});

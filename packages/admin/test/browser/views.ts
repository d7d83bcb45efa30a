/** Screenshots of one page state light and dark at 1366 and 375 px, each checked by axe, from tabs sharing a suite's session. */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { axeViolations, type Harness, openTab, screenshot, type Tab } from "./harness.js";

export const VIEWS = [
  { width: 1366, colorScheme: "light" },
  { width: 375, colorScheme: "dark" },
  { width: 375, colorScheme: "light" },
  { width: 1366, colorScheme: "dark" },
] as const;

/**
 * Opens `path` in each view with `tab`'s cookies (signing in again would meet the throttle), in
 * `locale` when given, brings it to a state with `open`, and saves `name-{width}-{scheme}.png`.
 */
export async function shotsInEveryView(
  harness: Harness,
  tab: Tab,
  path: string,
  name: string,
  open: (page: Page) => Promise<void>,
  locale?: string,
): Promise<void> {
  for (const view of VIEWS) {
    const other = await openTab(harness, { ...view, ...(locale ? { locale } : {}) });
    await other.context.addCookies(await tab.context.cookies());
    await other.page.goto(path);
    await open(other.page);
    await screenshot(other.page, `${name}-${view.width}-${view.colorScheme}`);
    expect(await axeViolations(other.page), `${name} at ${view.width} px, ${view.colorScheme}`).toEqual([]);
    await other.context.close();
  }
}

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Mountable } from "@viewsets/core";
import { CHROMIUM, chromiumSkipReason } from "@viewsets/core/testing";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { type FixtureDatabase, fixtureAdmin, sqliteDatabase } from "../fixture.js";
import { type Served, serve } from "../serve.js";

export const PACKAGE_ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** Each run's screenshots of every page (gitignored): look at them before calling the UI done. */
export const SCREENSHOTS = join(PACKAGE_ROOT, "test/browser/screenshots");

export { CHROMIUM };

/** Why the browser suites cannot run here; in CI a missing browser fails instead of skipping. */
export const skipReason = chromiumSkipReason();

/** Timeouts for a real browser against a real server: against hangs, not a measure of speed (a slow 2-CPU machine takes 20-30 s for a test with screenshots). */
export const SLOW = { timeout: 60_000 };
export const SETUP_TIMEOUT = 60_000;

/** Builds the UI into ui-dist/ (esbuild takes well under a second). */
export function buildUi(): void {
  execFileSync(process.execPath, [join(PACKAGE_ROOT, "scripts/build-ui.mjs")], { stdio: "pipe" });
}

export interface Harness {
  readonly url: string;
  readonly browser: Browser;
  readonly database: FixtureDatabase;
  close(): Promise<void>;
}

/** The built UI, the fixture's admin (or `admin`) on Express over a new SQLite file, and Chromium. */
export async function startHarness(admin: (database: FixtureDatabase) => Mountable = fixtureAdmin): Promise<Harness> {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: install Debian's chromium package (apt-get install chromium).`);
  buildUi();
  const database = await sqliteDatabase();
  const server: Served = await serve("express", [admin(database)]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  return {
    url: server.url,
    browser,
    database,
    async close() {
      await browser.close();
      await server.close();
      await database.close();
    },
  };
}

/** API answers the tests provoke on purpose (the session check before sign-in, a 400 on save, a 409). */
const EXPECTED_STATUS = /Failed to load resource: the server responded with a status of (400|401|409)/;

export interface Tab {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Console errors, CSP violations and uncaught exceptions seen so far. */
  readonly problems: string[];
}

/** A new browser context (its own cookies) in Berlin's time zone, British English unless `locale` says otherwise, watching the console. */
export async function openTab(
  harness: Harness,
  options: { width?: number; colorScheme?: "light" | "dark"; locale?: string } = {},
): Promise<Tab> {
  const context = await harness.browser.newContext({
    baseURL: harness.url,
    timezoneId: "Europe/Berlin",
    locale: options.locale ?? "en-GB",
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.colorScheme ?? "light",
  });
  const page = await context.newPage();
  // Fail on the line that waits, well before the test's own timeout.
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text)) problems.push(`CSP: ${text}`);
    else if (message.type() === "error" && !EXPECTED_STATUS.test(text)) problems.push(text);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  return { page, context, problems };
}

/** A new tab already signed in (the session cookie set through the API, as the form would). */
export async function signedInTab(
  harness: Harness,
  username = "admin",
  password = "pw-admin",
  options: { path?: string; colorScheme?: "light" | "dark"; locale?: string } = {},
): Promise<Tab> {
  const tab = await openTab(harness, options);
  const path = options.path ?? "/admin";
  const reply = await tab.context.request.post(`${harness.url}${path}/api/session`, { data: { username, password } });
  expect(reply.status()).toBe(200);
  return tab;
}

export function expectNoProblems(tab: Tab): void {
  expect(tab.problems, tab.problems.join("\n")).toEqual([]);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core's serious and critical violations on the page as it is now (run through the DevTools protocol, so the CSP stays on). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((node) => JSON.stringify(node.target)).join(", ")})`);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** One CSS property of an element as the browser computed it (the tests compile without the DOM's types). */
export function computedStyle(locator: Locator, property: string): Promise<string> {
  return locator.evaluate((element, name) => {
    const view = globalThis as unknown as { getComputedStyle(of: unknown): { getPropertyValue(name: string): string } };
    return view.getComputedStyle(element).getPropertyValue(name);
  }, property);
}

/** The URL's query as a map of lists, for comparing what the list wrote. */
export function queryOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** The first column of the results table (the records' ids, when listDisplay starts with the key). */
export async function firstColumn(page: Page): Promise<string[]> {
  return page.getByRole("table").locator("tbody tr th").allTextContents();
}

/** What a suite's tests share: the harness and a tab signed in to it. */
export interface SignedInSuite {
  readonly harness: Harness;
  readonly tab: Tab;
  readonly page: Page;
}

/**
 * Starts a harness of `admin` and signs a tab in (as `signIn` says) before the suite's tests,
 * handing both to `use`, and closes the harness after them.
 */
export function signedInSuite(
  use: (suite: SignedInSuite) => void,
  admin: (database: FixtureDatabase) => Mountable = fixtureAdmin,
  ...signIn: Parameters<typeof signedInTab> extends [Harness, ...infer Rest] ? Rest : never
): void {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness(admin);
    const tab = await signedInTab(harness, ...signIn);
    use({ harness, tab, page: tab.page });
  }, SETUP_TIMEOUT);
  afterAll(async () => harness?.close());
}

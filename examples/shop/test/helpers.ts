import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createShopRouter, shopApiAuth } from "../src/app.js";
import { createShopAuth, DEMO_PASSWORD, DEMO_USERS, seedUsers, type ShopAuth } from "../src/auth.js";
import { type OpenedDatabase, openDatabase } from "../src/database.js";
import { shopAllowedHosts } from "../src/hosts.js";
import { type Framework, listen } from "../src/serve.js";

/** A fresh directory for one test file's databases, removed by `remove()`. */
export function tempDirectory(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), "viewsets-shop-"));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface RunningShop {
  /** `http://127.0.0.1:<port>/api/v1` */
  readonly api: string;
  readonly database: OpenedDatabase;
  /** With `users`: a session token per demo user, to send as `authorization: Bearer <token>`. */
  readonly tokens: Readonly<Record<DemoUser, string>>;
  close(): Promise<void>;
}

export type DemoUser = (typeof DEMO_USERS)[number]["username"];

export interface StartOptions {
  /** Serve the API as `pnpm start` does, with the shop's users and their permissions (default: anyone may write). */
  readonly users?: boolean;
}

/** A signed-in session's token for one of the seeded users, as the bearer plugin takes it. */
async function tokenOf(auth: ShopAuth, username: DemoUser): Promise<string> {
  const response = await auth.api.signInUsername({ body: { username, password: DEMO_PASSWORD }, asResponse: true });
  const token = response.headers.get("set-auth-token");
  if (!response.ok || !token) throw new Error(`signing in ${username} answered ${response.status}`);
  return token;
}

/** The shop on a freshly seeded SQLite file in `directory`, on port 0 of the loopback. */
export async function startShop(
  framework: Framework,
  directory: string,
  options: StartOptions = {},
): Promise<RunningShop> {
  const database = openDatabase(join(directory, `${framework}.sqlite`));
  let routerOptions = { allowedHosts: shopAllowedHosts("shop.example.com") };
  const tokens: Partial<Record<DemoUser, string>> = {};
  if (options.users) {
    const auth = createShopAuth(database.db, "a-secret-for-the-shop-tests-0123456789abcdef");
    await seedUsers(auth);
    routerOptions = { ...routerOptions, ...shopApiAuth(auth) };
    for (const { username } of DEMO_USERS) tokens[username] = await tokenOf(auth, username);
  }
  const server = await listen(createShopRouter(database.db, routerOptions), framework, 0, "127.0.0.1");
  return {
    api: `${server.url}/api/v1`,
    database,
    tokens: tokens as Record<DemoUser, string>,
    async close() {
      await server.close();
      database.close();
    },
  };
}

export async function getJSON(url: string): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

export async function send(
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === "" ? null : JSON.parse(text) };
}

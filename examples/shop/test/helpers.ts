import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createShopRouter } from "../src/app.js";
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
  close(): Promise<void>;
}

/** The shop on a freshly seeded SQLite file in `directory`, on port 0 of the loopback. */
export async function startShop(framework: Framework, directory: string): Promise<RunningShop> {
  const database = openDatabase(join(directory, `${framework}.sqlite`));
  const server = await listen(
    createShopRouter(database.db, { allowedHosts: shopAllowedHosts("shop.example.com") }),
    framework,
    0,
    "127.0.0.1",
  );
  return {
    api: `${server.url}/api/v1`,
    database,
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

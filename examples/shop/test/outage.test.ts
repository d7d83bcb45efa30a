/**
 * A database outage through a real HTTP server on each framework: the shop's SQLite file locked
 * by another process, then its connection closed. Each is the README's 503 problem+json with
 * `Retry-After`, written by the adapter as the core answered it, and nothing refused is stored.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../src/document.js";
import { FRAMEWORKS } from "../src/serve.js";
import { getJSON, send, startSqliteShop, tempDirectory } from "./helpers.js";
import { DocumentCheck, type Method } from "./openapi-check.js";

const check = new DocumentCheck(openapi.generate());

const directory = tempDirectory();
afterAll(() => directory.remove());

/** A 503 as the README and the OpenAPI document describe it (the operation's documented 503, its Retry-After). */
function expectUnavailable(
  reply: { status: number; headers: Headers; body: any },
  retryAfter: string,
  [path, method]: [string, Method],
): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(503);
  const operation = check.operation(path, method);
  const problems = check.answerProblems(operation, 503, reply.headers.get("content-type"), JSON.stringify(reply.body));
  expect(problems, `${method} ${path}`).toEqual([]);
  expect(check.resolve<{ headers?: object }>(operation.responses["503"]!).headers).toHaveProperty("Retry-After");
  expect(reply.headers.get("content-type")).toBe("application/problem+json");
  expect(reply.headers.get("retry-after")).toBe(retryAfter);
  expect(reply.body).toMatchObject({ status: 503, title: "Service Unavailable" });
  expect(JSON.stringify(reply.body)).not.toMatch(/SQLITE|sqlite|insert|select|locked|\.ts:/i);
}

describe.each(FRAMEWORKS)("the shop on %s, its database out", (framework) => {
  let shop: Awaited<ReturnType<typeof startSqliteShop>>;
  let locker: Database.Database | undefined;
  const product = { name: "Locked Lamp", categoryId: 1, price: "10.00", status: "live" };
  const stored = () =>
    (
      shop.database.client.prepare("SELECT count(*) AS n FROM products WHERE name = ?").get(product.name) as {
        n: number;
      }
    ).n;

  beforeAll(async () => {
    shop = await startSqliteShop(framework, directory.path);
  });
  afterEach(() => {
    locker?.close();
    locker = undefined;
  });
  afterAll(() => shop.close());

  it("answers a write 503 with Retry-After: 1 while another process holds the lock, and stores nothing", async () => {
    locker = new Database(join(directory.path, `${framework}.sqlite`));
    locker.exec("BEGIN EXCLUSIVE");
    expectUnavailable(await send("POST", `${shop.api}/products/`, product), "1", ["/api/v1/products/", "post"]);
    // Readers go on under WAL while the write waits.
    expect((await getJSON(`${shop.api}/categories/`)).status).toBe(200);
    locker.exec("ROLLBACK");
    expect(stored()).toBe(0);
    expect((await send("POST", `${shop.api}/products/`, product)).status).toBe(201);
    expect(stored()).toBe(1);
  });

  it("answers 503 with Retry-After: 5 once the connection is gone, reads and writes alike", async () => {
    shop.database.client.close();
    expectUnavailable(await getJSON(`${shop.api}/products/`), "5", ["/api/v1/products/", "get"]);
    expectUnavailable(await send("PATCH", `${shop.api}/products/1`, { price: "1.00" }), "5", [
      "/api/v1/products/{id}",
      "patch",
    ]);
  });
});

/**
 * Stoplight Prism in proxy mode with `--errors`, in front of the shop on each framework, carrying
 * real requests to every operation: each valid one goes through with no violation of the document
 * by the request or the answer; each invalid one Prism itself refuses (422), as the server does.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../src/document.js";
import { FRAMEWORKS } from "../src/serve.js";
import { freePort, type RunningShop, startShop, tempDirectory } from "./helpers.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const JSON_TYPE = { "content-type": "application/json" };

interface Case {
  readonly name: string;
  readonly method: string;
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Who sends it: the seeded admin (who may do everything) unless it says otherwise. */
  readonly as?: "admin" | "editor" | "anonymous";
}

const json = (value: unknown) => JSON.stringify(value);
const PRODUCT = { name: "Teak Bench", categoryId: 1, price: "149.90", status: "live" };

/** Valid requests, by the document: Prism passes each on, and the answer must be as documented. */
function validCases(etag: (url: string) => Promise<string>): (() => Promise<Case>)[] {
  const plain =
    (name: string, method: string, url: string, more: Partial<Case> = {}) =>
    async () => ({
      name,
      method,
      url,
      ...more,
    });
  return [
    plain("list", "GET", "/products/?status=live&inStock=true&ordering=-price,name&page=1&page_size=5"),
    plain(
      "list, lookups",
      "GET",
      "/products/?price__gte=10&price__lt=500&name__icontains=oak&createdAt__gte=2020-01-01",
    ),
    plain("list, in and range", "GET", "/products/?status__in=live,draft&price__range=5,80&categoryId__in=1,2"),
    plain("list, repeated", "GET", "/products/?status=live&status=draft&inStock=0"),
    plain("list, search", "GET", "/products/?search=oak&ordering=price"),
    plain("list, an ordering the server ignores", "GET", "/products/?ordering=colour,-price"),
    plain("list, sparse", "GET", "/products/?fields=id,name,category,available&page_size=3"),
    plain("list, omit", "GET", "/products/?omit=description"),
    plain("list, past the last page", "GET", "/products/?page=999"),
    plain("list, filter value that does not fit", "GET", "/products/?name__in=a,b&categoryId=4"),
    plain("list, Accept without JSON", "GET", "/products/", { headers: { accept: "text/html" } }),
    async () => ({
      name: "list, If-None-Match",
      method: "GET",
      url: "/products/?status=live",
      headers: { "if-none-match": await etag("/products/?status=live") },
    }),
    plain("create", "POST", "/products/", { headers: JSON_TYPE, body: json(PRODUCT) }),
    plain("create, form", "POST", "/products/", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=Form+Lamp&categoryId=2&price=19.90&inStock=false",
    }),
    plain("create, bulk", "POST", "/products/", {
      headers: JSON_TYPE,
      body: json([PRODUCT, { ...PRODUCT, name: "Oak Stool", status: "draft" }]),
    }),
    plain("create, echoing read-only fields", "POST", "/products/", {
      headers: JSON_TYPE,
      body: json({ ...PRODUCT, id: 1, category: "x", available: false }),
    }),
    plain("create, refused by the whole product's rule", "POST", "/products/", {
      headers: JSON_TYPE,
      body: json({ ...PRODUCT, price: "0" }),
    }),
    plain("create, a category that does not exist", "POST", "/products/", {
      headers: JSON_TYPE,
      body: json({ ...PRODUCT, categoryId: 999999 }),
    }),
    plain("create, too large", "POST", "/products/", {
      headers: JSON_TYPE,
      body: json({ ...PRODUCT, description: "x".repeat(1_100_000) }),
    }),
    plain("retrieve", "GET", "/products/3"),
    plain("retrieve, sparse", "GET", "/products/3?fields=id,price"),
    plain("retrieve, missing", "GET", "/products/999999"),
    async () => ({
      name: "retrieve, If-None-Match",
      method: "GET",
      url: "/products/3",
      headers: { "if-none-match": await etag("/products/3") },
    }),
    plain("update", "PUT", "/products/4", { headers: JSON_TYPE, body: json({ ...PRODUCT, name: "Replaced" }) }),
    async () => ({
      name: "update, If-Match",
      method: "PUT",
      url: "/products/4",
      headers: { ...JSON_TYPE, "if-match": await etag("/products/4") },
      body: json({ ...PRODUCT, name: "Replaced again" }),
    }),
    plain("update, stale If-Match", "PUT", "/products/4", {
      headers: { ...JSON_TYPE, "if-match": 'W/"stale"' },
      body: json(PRODUCT),
    }),
    plain("partial update", "PATCH", "/products/5", { headers: JSON_TYPE, body: json({ price: "12.50" }) }),
    plain("partial update, merge-patch", "PATCH", "/products/5", {
      headers: { "content-type": "application/merge-patch+json" },
      body: json({ inStock: false }),
    }),
    plain("partial update, missing", "PATCH", "/products/999999", { headers: JSON_TYPE, body: json({ price: "1" }) }),
    // Anyone may read, and the editor may not delete (403); an anonymous write is below (Prism refuses it itself).
    plain("list, anonymous", "GET", "/products/?page_size=2", { as: "anonymous" }),
    plain("destroy, as the editor", "DELETE", "/products/6", { as: "editor" }),
    plain("destroy, stale If-Match", "DELETE", "/products/6", { headers: { "if-match": 'W/"stale"' } }),
    plain("destroy", "DELETE", "/products/6"),
    plain("destroy, missing", "DELETE", "/products/6"),
    plain("stats", "GET", "/products/stats"),
    plain("stats of a category", "GET", "/products/stats?categoryId=2"),
    plain("discount", "POST", "/products/7/discount", {
      headers: JSON_TYPE,
      body: json({ percent: 15, reason: "sale" }),
    }),
    plain("discount, missing", "POST", "/products/999999/discount", { headers: JSON_TYPE, body: json({ percent: 5 }) }),
    plain("categories", "GET", "/categories/?ordering=name&name__icontains=a"),
    plain("category create", "POST", "/categories/", { headers: JSON_TYPE, body: json({ name: "Lamps" }) }),
    plain("category create, taken name", "POST", "/categories/", { headers: JSON_TYPE, body: json({ name: "Lamps" }) }),
    plain("category", "GET", "/categories/1"),
    plain("category update", "PUT", "/categories/2", {
      headers: JSON_TYPE,
      body: json({ name: "Benches", description: null }),
    }),
    plain("category partial update", "PATCH", "/categories/2", {
      headers: JSON_TYPE,
      body: json({ description: "Seats" }),
    }),
    plain("category still referenced", "DELETE", "/categories/1"),
    plain("price changes", "GET", "/price_changes/?productId=7&changedAt__gte=2020-01-01T00:00:00Z"),
    plain("price change", "GET", "/price_changes/1"),
    plain("the document", "GET", "/schema/openapi.json"),
    plain("the API root", "GET", "/"),
    plain("the reference page", "GET", "/schema/docs"),
    plain("the reference page's script", "GET", "/schema/docs?asset=swagger-ui-bundle.js"),
  ];
}

/** Invalid requests, by the document: Prism refuses each itself, and so does the server. */
const INVALID: Case[] = [
  { name: "a choice that is not one", method: "GET", url: "/products/?status=sold" },
  { name: "a boolean that is not one", method: "GET", url: "/products/?inStock=yes" },
  { name: "a range of one value", method: "GET", url: "/products/?price__range=5" },
  { name: "a date-time without its offset", method: "GET", url: "/products/?createdAt__gte=2024-01-01T10:00:00" },
  { name: "an unknown sparse field", method: "GET", url: "/products/?fields=id,colour" },
  { name: "a page of 0", method: "GET", url: "/products/?page=0" },
  {
    name: "a missing required field",
    method: "POST",
    url: "/products/",
    headers: JSON_TYPE,
    body: json({ name: "x" }),
  },
  {
    name: "an unknown field",
    method: "POST",
    url: "/products/",
    headers: JSON_TYPE,
    body: json({ ...PRODUCT, colour: "brown" }),
  },
  {
    name: "a blank name",
    method: "POST",
    url: "/products/",
    headers: JSON_TYPE,
    body: json({ ...PRODUCT, name: "  " }),
  },
  { name: "a wrong type", method: "PATCH", url: "/products/3", headers: JSON_TYPE, body: json({ price: true }) },
  {
    name: "a media type not taken",
    method: "POST",
    url: "/products/",
    headers: { "content-type": "text/plain" },
    body: "x",
  },
  { name: "an empty discount", method: "POST", url: "/products/3/discount", headers: JSON_TYPE, body: json({}) },
  { name: "a stats category that is no number", method: "GET", url: "/products/stats?categoryId=four" },
];

/** Prism in proxy mode with errors on, in front of `upstream`; resolves once it listens. */
async function startPrism(file: string, upstream: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const prism = spawn(
    join(root, "node_modules", ".bin", "prism"),
    ["proxy", file, upstream, "--errors", "--host", "127.0.0.1", "--port", String(port)],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${output}`)), 60_000);
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Prism is listening")) {
        clearTimeout(timer);
        resolve();
      }
    };
    prism.stdout!.on("data", listen);
    prism.stderr!.on("data", listen);
    prism.once("exit", (code) => reject(new Error(`Prism exited (${code}):\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, process: prism };
}

describe.each(FRAMEWORKS)("Prism's proxy in front of the shop on %s", (framework) => {
  const data = tempDirectory();
  const directory = mkdtempSync(join(tmpdir(), "viewsets-prism-"));
  let shop: RunningShop;
  let prism: { url: string; process: ChildProcess };

  beforeAll(async () => {
    shop = await startShop(framework, data.path, { users: true });
    const file = join(directory, "openapi.json");
    writeFileSync(file, JSON.stringify(openapi.generate()));
    prism = await startPrism(file, new URL(shop.api).origin);
  }, 90_000);

  afterAll(async () => {
    prism?.process.kill();
    await shop?.close();
    data.remove();
    rmSync(directory, { recursive: true, force: true });
  });

  const etag = async (url: string) => (await fetch(`${shop.api}${url}`)).headers.get("etag")!;
  const through = (base: string, request: Case) => {
    const sender = request.as ?? "admin";
    const credentials: Record<string, string> =
      sender === "anonymous" ? {} : { authorization: `Bearer ${shop.tokens[sender]}` };
    return fetch(`${base}/api/v1${request.url}`, {
      method: request.method,
      headers: { ...credentials, ...request.headers },
      body: request.body ?? null,
    });
  };

  it("passes every valid request on, and finds each answer as the document says", async () => {
    const seen = new Map<string, number>();
    for (const make of validCases(etag)) {
      const request = await make();
      const answer = await through(prism.url, request);
      const body = await answer.text();
      const violations = answer.headers.get("sl-violations");
      expect(violations ?? "", `${request.name}: ${body.slice(0, 300)}`).toBe("");
      expect(body, request.name).not.toContain("stoplight.io/prism/errors");
      seen.set(request.name, answer.status);
    }
    // Every status of the document's kinds came through: successes, 304, and the errors.
    expect(new Set(seen.values())).toEqual(new Set([200, 201, 204, 304, 400, 403, 404, 406, 409, 412, 413]));
  }, 120_000);

  it("covers every operation of the document", async () => {
    const requests = await Promise.all(validCases(etag).map((make) => make()));
    for (const [path, item] of Object.entries(openapi.generate().paths)) {
      for (const method of Object.keys(item as object)) {
        const pattern = new RegExp(`^/api/v1${path.slice("/api/v1".length).replace("{id}", "\\d+")}(\\?|$)`);
        const hit = requests.some(
          (request) => request.method === method.toUpperCase() && pattern.test(`/api/v1${request.url}`),
        );
        expect(hit, `${method} ${path}`).toBe(true);
      }
    }
  });

  it("asks for credentials where the document does, as the server does", async () => {
    const write: Case = {
      name: "create, anonymous",
      method: "POST",
      url: "/products/",
      as: "anonymous",
      headers: { "content-type": "application/json" },
      body: json(PRODUCT),
    };
    const refused = await through(prism.url, write);
    expect([refused.status, ((await refused.json()) as { type?: string }).type]).toEqual([
      401,
      "https://stoplight.io/prism/errors#UNAUTHORIZED",
    ]);
    const direct = await through(new URL(shop.api).origin, write);
    expect(direct.status).toBe(401);
    expect(direct.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("refuses each invalid request, as the server does", async () => {
    for (const request of INVALID) {
      const answer = await through(prism.url, request);
      const problem = (await answer.json()) as { type?: string; validation?: unknown[] };
      expect([answer.status, problem.type], request.name).toEqual([
        422,
        "https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY",
      ]);
      const direct = await through(new URL(shop.api).origin, request);
      expect([400, 404, 415], request.name).toContain(direct.status);
    }
  }, 60_000);
});

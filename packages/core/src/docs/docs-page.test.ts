import { CHROMIUM, chromiumSkipReason } from "../testing/services.js";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ApiRequest, ApiResponse, Handler } from "../http/request.js";
import { contractApp } from "../testing/fixtures.js";
import { docsPage } from "./docs-page.js";
import { OpenAPIGenerator } from "./openapi.js";

const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

function get(path: string, rawQuery = "", method = "GET"): ApiRequest {
  return {
    method,
    path,
    rawQuery,
    headers: {},
    origin: "http://localhost",
    remoteAddress: "127.0.0.1",
    body: { kind: "none" },
  };
}

describe("docsPage", () => {
  const page = docsPage({ specUrl: "/openapi.json", title: "Shop <API> & co" });

  it("serves an HTML page that loads swagger-ui from its own assets, never from a CDN", async () => {
    const response = await page(get("/docs"));
    expect(response.status).toBe(200);
    expect(response.headers["Content-Type"]).toBe("text/html; charset=utf-8");
    const html = response.body!;
    expect(html).toContain("<title>Shop &#60;API&#62; &#38; co</title>");
    expect(html).toContain('<div id="swagger-ui"></div>');
    expect(html).toContain('<link rel="stylesheet" href="?asset=swagger-ui.css">');
    expect(html).toContain('<script src="?asset=swagger-ui-bundle.js"></script>');
    expect(html).toContain('<script src="?asset=init.js"></script>');
    expect(html).not.toMatch(/https?:\/\//);
  });

  it("serves swagger-ui's script and style from swagger-ui-dist", async () => {
    const css = await page(get("/docs", "asset=swagger-ui.css"));
    expect(css.status).toBe(200);
    expect(css.headers["Content-Type"]).toBe("text/css; charset=utf-8");
    expect(css.body).toBe(await readFile(join(SWAGGER_UI_DIR, "swagger-ui.css"), "utf8"));
    const js = await page(get("/docs/", "asset=swagger-ui-bundle.js"));
    expect(js.status).toBe(200);
    expect(js.headers["Content-Type"]).toBe("text/javascript; charset=utf-8");
    expect(js.headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(js.body!.length).toBeGreaterThan(100_000);
  });

  it("starts swagger-ui on the document's URL", async () => {
    const init = await page(get("/docs", "asset=init.js"));
    expect(init.status).toBe(200);
    expect(init.body).toContain('"url":"/openapi.json"');
    expect(init.body).toContain("SwaggerUIBundle(");
  });

  it("serves only its own assets", async () => {
    expect((await page(get("/docs", "asset=../package.json"))).status).toBe(404);
    expect((await page(get("/docs", "asset=index.html"))).status).toBe(404);
    expect((await page(get("/docs", "asset=constructor"))).status).toBe(404);
    const post = await page(get("/docs", "", "POST"));
    expect(post.status).toBe(405);
    expect(post.headers.Allow).toBe("GET, HEAD");
  });

  it("answers 500 without details when swagger-ui-dist cannot be read", async () => {
    const dir = await mkdtemp(join(tmpdir(), "viewsets-no-swagger-"));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const broken = docsPage({ specUrl: "/openapi.json", assetsDir: dir });
      const response = await broken(get("/docs", "asset=swagger-ui.css"));
      expect(response.status).toBe(500);
      expect(response.headers["Content-Type"]).toBe("application/problem+json");
      expect(response.body).not.toContain(dir);
      expect(errors).toHaveBeenCalledOnce();
    } finally {
      errors.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// ---- the page in a real browser --------------------------------------------------------------

const skipReason = chromiumSkipReason();

function toApiRequest(req: IncomingMessage, url: URL): ApiRequest {
  return {
    method: req.method ?? "GET",
    path: url.pathname,
    rawQuery: url.search.slice(1),
    headers: req.headers as Record<string, string | undefined>,
    origin: `http://${req.headers.host}`,
    remoteAddress: req.socket.remoteAddress,
    body: { kind: "stream", stream: req },
  };
}

/** A minimal node:http bridge: exact paths to core handlers, everything else to the router. */
async function serve(routes: Record<string, Handler>, fallback: (request: ApiRequest) => Promise<ApiResponse | null>) {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const request = toApiRequest(req, url);
    const handler = routes[url.pathname];
    (handler ? handler(request) : fallback(request)).then(
      (response) => {
        if (!response) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(response.status, response.headers);
        res.end(response.body ?? undefined);
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

describe.skipIf(skipReason !== undefined)("docsPage in a browser", () => {
  let server: Awaited<ReturnType<typeof serve>> | undefined;

  beforeAll(async () => {
    const { router } = contractApp();
    const generator = new OpenAPIGenerator("Shop API", "1.0.0");
    generator.description = "The contract app.";
    generator.include(router);
    server = await serve(
      {
        "/openapi.json": generator.handler(),
        "/docs": docsPage({ specUrl: "/openapi.json", title: "Shop API reference" }),
      },
      (request) => router.handle(request),
    );
  });

  afterAll(async () => {
    await server?.close();
  });

  it("renders the resources and operations of the document, offline", async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
    try {
      const page = await browser.newPage();
      const elsewhere: string[] = [];
      // Nothing may come from outside the app: the page must work without internet access.
      await page.route("**/*", (route) => {
        const url = route.request().url();
        if (url.startsWith(server!.origin) || url.startsWith("data:")) return route.continue();
        elsewhere.push(url);
        return route.abort();
      });
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(error.message));

      const response = await page.goto(`${server!.origin}/docs`);
      expect(response?.status()).toBe(200);
      await expect(page.title()).resolves.toBe("Shop API reference");

      await page.locator("#operations-tag-products").waitFor({ timeout: 30_000 });
      await expect(page.locator(".info .title").textContent()).resolves.toContain("Shop API");
      await expect(page.locator("#operations-tag-categories").isVisible()).resolves.toBe(true);
      await expect(page.locator("#operations-tag-reports").isVisible()).resolves.toBe(true);

      const list = page.locator("#operations-products-products_list");
      await expect(list.isVisible()).resolves.toBe(true);
      await expect(list.locator(".opblock-summary-path").textContent()).resolves.toBe("/api/v1/products/");
      await expect(list.locator(".opblock-summary-method").textContent()).resolves.toBe("GET");
      await expect(
        page.locator("#operations-products-products_create .opblock-summary-method").textContent(),
      ).resolves.toBe("POST");
      // Read-only reports: no write operations.
      await expect(page.locator('[id^="operations-reports-"]').count()).resolves.toBe(2);

      // Opening an operation shows its parameters.
      await list.locator(".opblock-summary-control").click();
      await page.locator('#operations-products-products_list tr[data-param-name="price__gte"]').waitFor();
      await expect(
        page.locator('#operations-products-products_list tr[data-param-name="ordering"]').count(),
      ).resolves.toBe(1);

      expect(pageErrors).toEqual([]);
      expect(elsewhere).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

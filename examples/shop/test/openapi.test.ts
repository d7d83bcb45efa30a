import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import SwaggerParser from "@apidevtools/swagger-parser";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { openapi } from "../src/document.js";
import { startShop, tempDirectory } from "./helpers.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const SNAPSHOT = join(root, "openapi.json");

/** A small client written against the generated types: it must type-check, and misuse must not. */
const CLIENT = `import type { components, paths } from "./schema";

type Page = paths["/api/v1/products/"]["get"]["responses"][200]["content"]["application/json"];
type Query = NonNullable<paths["/api/v1/products/"]["get"]["parameters"]["query"]>;
type NewProduct = paths["/api/v1/products/"]["post"]["requestBody"]["content"]["application/json"];
type Problem = paths["/api/v1/products/"]["post"]["responses"][400]["content"]["application/problem+json"];

export const query: Query = { status: "live", price__lt: "20", ordering: ["-price"], search: "oak", page: 2 };
export const draft: NewProduct = { name: "Teak Bench", categoryId: 3, price: "149.90", status: "live" };
export function names(page: Page): string[] {
  return page.results.map((product: components["schemas"]["Product"]) => product.name);
}
export function labels(page: Page): string[] {
  return page.results.map((product) => \`\${product.name} in \${product.category}\${product.available ? "" : " (unavailable)"}\`);
}
export function firstError(problem: Problem): string | undefined {
  return problem.errors?.price?.[0];
}
`;
const MISUSE = `import type { paths } from "./schema";
type NewProduct = paths["/api/v1/products/"]["post"]["requestBody"]["content"]["application/json"];
export const wrongStatus: NewProduct = { name: "Bench", categoryId: 3, price: "1.00", status: "sold" };
export const noName: NewProduct = { categoryId: 3, price: "1.00" };
`;

function typeErrors(directory: string, file: string): string[] {
  const program = ts.createProgram([join(directory, file)], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe("the shop's OpenAPI document", () => {
  const document = openapi.generate();

  it("is the snapshot in examples/shop/openapi.json (regenerate with `pnpm --filter @viewsets/example-shop openapi`)", () => {
    expect(document).toEqual(JSON.parse(readFileSync(SNAPSHOT, "utf8")));
  });

  it("describes every resource, the action and the read-only log", () => {
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string }>).map((op) => op.operationId),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        "products_list",
        "products_create",
        "products_retrieve",
        "products_update",
        "products_partial_update",
        "products_destroy",
        "products_discount",
        "products_stats",
        "categories_list",
        "price_changes_list",
        "price_changes_retrieve",
      ]),
    );
    expect(operations).not.toContain("price_changes_create");
    expect(operations).not.toContain("price_changes_destroy");
  });

  it("describes a product's category name and availability as read-only response fields", () => {
    const product = document.components!.schemas!.Product as { properties: Record<string, Record<string, unknown>> };
    expect(product.properties.category).toMatchObject({ type: "string", readOnly: true });
    expect(product.properties.available).toMatchObject({ type: "boolean", readOnly: true });
    // A request may echo them back (the server ignores them), but never sets them.
    const request = document.components!.schemas!.ProductRequest as {
      properties: Record<string, Record<string, unknown>>;
    };
    expect(request.properties.category).toMatchObject({ readOnly: true });
    expect(request.properties.available).toMatchObject({ readOnly: true });
  });

  it("is a valid OpenAPI 3.0 document", async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it("generates types with openapi-typescript that a client type-checks against", async () => {
    const directory = mkdtempSync(join(tmpdir(), "viewsets-shop-openapi-"));
    try {
      writeFileSync(join(directory, "schema.ts"), astToString(await openapiTS(structuredClone(document) as never)));
      writeFileSync(join(directory, "client.ts"), CLIENT);
      writeFileSync(join(directory, "misuse.ts"), MISUSE);
      expect(typeErrors(directory, "client.ts")).toEqual([]);
      const misuse = typeErrors(directory, "misuse.ts");
      expect(misuse).toHaveLength(2);
      expect(misuse.join("\n")).toMatch(/"sold"/);
      expect(misuse.join("\n")).toMatch(/name/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it("is what the viewsets-openapi command exports", () => {
    const cli = fileURLToPath(new URL("../../../packages/core/src/docs/cli.ts", import.meta.url));
    const out = execFileSync(process.execPath, ["--import", "tsx", "--conditions=source", cli, "src/document.ts"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(JSON.parse(out)).toEqual(document);
  }, 30_000);

  it("is served by the running shop, with the reference page beside it", async () => {
    const directory = tempDirectory();
    const shop = await startShop("express", directory.path, { users: true });
    try {
      const served = await fetch(`${shop.api}/schema/openapi.json`);
      expect(served.status).toBe(200);
      expect(await served.json()).toEqual(document);
      const page = await fetch(`${shop.api}/schema/docs`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/text\/html/);
      const html = await page.text();
      expect(html).not.toMatch(/https?:\/\//);
      const init = html.match(/src="(\?asset=[^"]*init[^"]*)"/)?.[1];
      expect(init).toBeDefined();
      expect(await (await fetch(`${shop.api}/schema/docs${init}`)).text()).toContain("/api/v1/schema/openapi.json");
      const bundle = await fetch(`${shop.api}/schema/docs?asset=swagger-ui-bundle.js`);
      expect(bundle.status).toBe(200);
    } finally {
      await shop.close();
      directory.remove();
    }
  });
});

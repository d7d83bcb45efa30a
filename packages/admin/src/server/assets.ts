/**
 * The admin's built UI served from ui-dist/: the page with its mount path, the hashed assets, and their security
 * headers.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { type ApiResponse, MethodNotAllowed, NotFound } from "@viewsets/core";

/** The page's policy: scripts and styles from the admin's own files only, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

const TYPES: Readonly<Record<string, string>> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

const BASE_PLACEHOLDER = /__ADMIN_BASE__/g;
const ASSET_NAME = /^[A-Za-z0-9._-]{1,200}$/;

const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  "Cache-Control": "no-store",
};

/** Shown when the package's UI has not been built: the API works, the page says how to build it. */
const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>viewsets admin</title>
<h1>The admin's UI is not built</h1><p>Run <code>pnpm --filter @viewsets/admin build:ui</code>, then reload.</p></html>`;

/** The built UI, read once: the page (its mount path filled in) and the content-hashed assets. */
export class UiAssets {
  private readonly page: string;
  private readonly files = new Map<string, { body: Uint8Array; type: string }>();

  constructor(base: string, directory = fileURLToPath(new URL("../../ui-dist/", import.meta.url))) {
    const index = `${directory}/index.html`;
    this.page = existsSync(index) ? readFileSync(index, "utf8").replace(BASE_PLACEHOLDER, base) : NOT_BUILT;
    const assets = `${directory}/assets`;
    if (!existsSync(assets)) return;
    for (const name of readdirSync(assets)) {
      const type = TYPES[extname(name)];
      if (type && ASSET_NAME.test(name)) this.files.set(name, { body: readFileSync(`${assets}/${name}`), type });
    }
  }

  /** A GET under the admin's path outside its API: a hashed asset (404 for a name that is none), else the page. */
  serve(method: string, rest: string): ApiResponse {
    if (method !== "GET") throw new MethodNotAllowed(method, ["GET"]);
    if (!rest.startsWith("/assets/")) return this.pageResponse();
    const asset = this.assetResponse(rest.slice(8));
    if (!asset) throw new NotFound();
    return asset;
  }

  pageResponse(): ApiResponse {
    return { status: 200, headers: { ...PAGE_HEADERS }, body: this.page };
  }

  /** A hashed asset, cached for a year; null for a name that is not one. */
  assetResponse(name: string): ApiResponse | null {
    const file = ASSET_NAME.test(name) ? this.files.get(name) : undefined;
    if (!file) return null;
    return {
      status: 200,
      headers: {
        "Content-Type": file.type,
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      },
      body: file.body,
    };
  }
}

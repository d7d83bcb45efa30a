import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { buildUi, PACKAGE_ROOT } from "./harness.js";

const BUDGET = 60 * 1024;
const ASSETS = join(PACKAGE_ROOT, "ui-dist/assets");

describe("the built UI", () => {
  beforeAll(() => buildUi(), 60_000);

  it("keeps all of its JavaScript under 60 KB gzipped", () => {
    const scripts = readdirSync(ASSETS).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    const gzipped = scripts.reduce((sum, name) => sum + gzipSync(readFileSync(join(ASSETS, name))).length, 0);
    console.info(`admin UI JavaScript: ${(gzipped / 1024).toFixed(1)} KB gzipped (budget 60 KB)`);
    expect(gzipped).toBeLessThan(BUDGET);
  });

  it("names assets by content hash, and its page loads them with no inline script or style", () => {
    const names = readdirSync(ASSETS);
    for (const name of names) expect(name).toMatch(/^app-[A-Z0-9]{8}\.(js|css)(\.map)?$/);
    const page = readFileSync(join(PACKAGE_ROOT, "ui-dist/index.html"), "utf8");
    expect(page).toContain('<meta name="admin-base" content="__ADMIN_BASE__">');
    expect(page).toMatch(/<script type="module" src="__ADMIN_BASE__\/assets\/app-[A-Z0-9]{8}\.js"><\/script>/);
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page).not.toMatch(/<style|\sstyle=/);
  });

  it("builds the same files twice (idempotent, old assets cleaned)", () => {
    const before = readdirSync(ASSETS).sort();
    buildUi();
    expect(readdirSync(ASSETS).sort()).toEqual(before);
  });
});

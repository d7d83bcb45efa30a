#!/usr/bin/env node
// `pnpm docs:links`: every relative link of the READMEs, ARCHITECTURE.md, BENCHMARKS.md and bench/'s pages leads to a
// file of the repository (and, for a link into a Markdown file with #anchor, to one of its headings).
// The site's own pages are checked by VitePress's build, which fails on a dead link.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const pages = [
  "README.md",
  "ARCHITECTURE.md",
  "BENCHMARKS.md",
  ...readdirSync(join(repo, "packages")).map((folder) => `packages/${folder}/README.md`),
  ...readdirSync(join(repo, "bench"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `bench/${name}`),
].filter((page) => existsSync(join(repo, page)));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

function anchorsOf(file) {
  const text = readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "");
  const seen = new Map();
  const anchors = new Set();
  for (const [, heading] of text.matchAll(/^#{1,6} (.*)$/gm)) {
    const base = slug(heading.trim());
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const problems = [];
let checked = 0;
for (const page of pages) {
  const text = readFileSync(join(repo, page), "utf8").replace(/^```[\s\S]*?^```/gm, "");
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:
    checked++;
    const [path, anchor] = target.split("#");
    const file = path === "" ? join(repo, page) : join(repo, dirname(page), decodeURI(path));
    if (!existsSync(file)) {
      problems.push(`${page}: ${target} (no ${relative(repo, file)})`);
      continue;
    }
    if (anchor && file.endsWith(".md") && statSync(file).isFile() && !anchorsOf(file).has(anchor)) {
      problems.push(`${page}: ${target} (no heading #${anchor} in ${relative(repo, file)})`);
    }
  }
}
if (problems.length > 0) {
  console.error(`broken links:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`${checked} relative links in ${pages.length} pages lead to files and headings of the repository`);

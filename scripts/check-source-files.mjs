#!/usr/bin/env node
// `pnpm lint:files`: every source file under packages/*/src (tests aside) opens with a comment whose
// first sentence says what the file is, and none is longer than 300 lines (ARCHITECTURE.md).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const MAX_LINES = 300;
const repo = fileURLToPath(new URL("..", import.meta.url));
const packages = join(repo, "packages");
const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /\.test(-d)?\.(ts|tsx|mts)$/;
const SKIPPED = new Set(["node_modules", "dist", "ui-dist"]);

/** The source files of one package's src/, tests left out. */
function sourcesUnder(folder) {
  const found = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name) && entry.name !== "__fixtures__") found.push(...sourcesUnder(path));
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) found.push(path);
  }
  return found;
}

/** The first sentence of the file's opening comment, or the reason it has none. */
export function openingSentence(text) {
  const lines = text.replace(/^#!.*\n/, "").split("\n");
  let index = 0;
  while (index < lines.length && lines[index].trim() === "") index++;
  const first = lines[index]?.trim() ?? "";
  const comment = [];
  if (first.startsWith("/*")) {
    for (; index < lines.length; index++) {
      comment.push(lines[index]);
      if (lines[index].includes("*/")) break;
    }
    if (!comment.at(-1)?.includes("*/")) return { problem: "its opening comment never ends" };
  } else if (first.startsWith("//")) {
    for (; index < lines.length && lines[index].trim().startsWith("//"); index++) comment.push(lines[index]);
  } else {
    return { problem: "it does not open with a comment saying what it is" };
  }
  // The opening paragraph (up to a blank comment line), as words.
  const paragraph = [];
  for (const line of comment) {
    const text = line
      .replace(/^\s*(\/\*\*?|\*\/|\*(?!\/)|\/\/)?/, "")
      .replace(/\*\/\s*$/, "")
      .trim();
    if (text === "" && paragraph.length > 0) break;
    if (text !== "") paragraph.push(text);
  }
  const words = paragraph.join(" ");
  // Its first sentence: up to the first full stop (or question or exclamation mark) that ends a
  // word, or the whole paragraph when it ends with a colon before an example.
  const sentence = /^[\s\S]*?[.!?](?=\s|$)/.exec(words)?.[0] ?? (words.endsWith(":") ? words : undefined);
  if (!sentence || sentence.split(" ").length < 2) return { problem: "its opening comment is not a sentence" };
  return { sentence };
}

/** Every problem found in the repository's source files, one line each. */
export function problemsIn(root = packages) {
  const problems = [];
  for (const pkg of readdirSync(root, { withFileTypes: true })) {
    if (!pkg.isDirectory()) continue;
    let files;
    try {
      files = sourcesUnder(join(root, pkg.name, "src"));
    } catch {
      continue;
    }
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const name = relative(repo, file);
      const lines = text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
      if (lines > MAX_LINES) problems.push(`${name}: ${lines} lines (at most ${MAX_LINES}): split it by concern`);
      const { problem } = openingSentence(text);
      if (problem) problems.push(`${name}: ${problem}`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = problemsIn();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} source file problem(s): open each file with one sentence saying what it is.`);
    process.exit(1);
  }
}

import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "../../..");
const READMES = ["README.md", "packages/drizzle/README.md", "packages/redis/README.md"];

/** Every complete ```ts block: one that imports something and elides nothing (`// ...`). */
function completeBlocks(file: string): { name: string; code: string }[] {
  let text: string;
  try {
    text = readFileSync(join(repo, file), "utf8");
  } catch {
    return [];
  }
  return [...text.matchAll(/```ts\n([\s\S]*?)```/g)]
    .map((match, index) => ({ name: `${file.replace(/[^a-z0-9]+/gi, "_")}_${index}.ts`, code: match[1]! }))
    .filter(({ code }) => /^import /m.test(code) && !/^\s*\/\/\s*\.\.\./m.test(code));
}

describe("README code blocks", () => {
  it("type-check as pasted", () => {
    const dir = join(here, "../.readme-blocks");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files = READMES.flatMap(completeBlocks).map(({ name, code }) => {
      const path = join(dir, name);
      writeFileSync(path, code);
      return path;
    });
    expect(files.length).toBeGreaterThan(3);
    const config = ts.readConfigFile(join(repo, "tsconfig.base.json"), ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, repo);
    const program = ts.createProgram(files, { ...options, noEmit: true, noUnusedLocals: false });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && files.includes(d.file.fileName))
      .map((d) => `${d.file!.fileName.slice(dir.length + 1)}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    expect(problems).toEqual([]);
  }, 120_000);
});

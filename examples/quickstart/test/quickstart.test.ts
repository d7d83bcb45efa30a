import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "@viewsets/core/testing";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
// The README shows the Express app; the getting-started guide the other frameworks' lines.
const readme = ["../../README.md", "../../docs/guides/getting-started.md"]
  .map((file) => readFileSync(join(root, file), "utf8"))
  .join("\n");

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} never answered`);
}

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill();
  child = undefined;
});

describe("the README quick start", () => {
  const blocks = [...readme.matchAll(/```ts[^\n]*\n([\s\S]*?)```/g)].map((match) => match[1]!);

  it("shows express.ts exactly as it is, in under 30 lines", () => {
    const source = readFileSync(join(root, "express.ts"), "utf8");
    expect(blocks).toContain(source);
    expect(source.trim().split("\n").length).toBeLessThan(30);
  });

  for (const file of ["koa.ts", "hono.ts", "fastify.ts"]) {
    it(`shows the lines of ${file} that differ from the Express app`, () => {
      const source = readFileSync(join(root, file), "utf8");
      const block = blocks.find((b) => b.includes(`@viewsets/${file.replace(".ts", "")}"`));
      expect(block).toBeDefined();
      for (const line of block!.split("\n").filter((l) => l !== "" && !l.startsWith("//"))) {
        expect(source, line).toContain(line);
      }
    });
  }

  for (const file of ["express.ts", "koa.ts", "hono.ts", "fastify.ts"]) {
    it(`runs ${file} as pasted: create, filter, retrieve, validation error`, async () => {
      const port = await freePort();
      child = spawn(process.execPath, ["--import", "tsx", "--conditions=source", file], {
        cwd: root,
        env: { ...process.env, PORT: String(port) },
        stdio: "ignore",
      });
      const base = `http://127.0.0.1:${port}/api/v1/todos/`;
      await waitFor(base, child);
      const created = await fetch(base, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"title":"Write docs","done":false}',
      });
      expect(created.status).toBe(201);
      await fetch(base, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"title":"Ship","done":true}',
      });
      const list = await (await fetch(`${base}?done=false&ordering=-id`)).json();
      expect(list).toEqual({
        count: 1,
        next: null,
        previous: null,
        results: [{ id: 1, title: "Write docs", done: false }],
      });
      expect(await (await fetch(`${base}2`)).json()).toEqual({ id: 2, title: "Ship", done: true });
      const invalid = await fetch(base, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"title":7}',
      });
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toMatchObject({
        errors: { title: expect.any(Array), done: ["This field is required."] },
      });
    }, 20_000);
  }
});

import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Router } from "../router/router.js";
import { generator, router } from "./__fixtures__/app.js";
import { documentFromModule } from "./export-document.js";
import { OpenAPIGenerator } from "./openapi.js";

const CLI = fileURLToPath(new URL("./cli.ts", import.meta.url));
const FIXTURE = fileURLToPath(new URL("./__fixtures__/app.ts", import.meta.url));
const TSX = createRequire(import.meta.url).resolve("tsx/cli");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `tsx --conditions=source cli.ts ...args`, as the README tells users to run it. */
function runCli(args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [TSX, "--conditions=source", CLI, ...args],
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

describe("viewsets-openapi (the export command)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "viewsets-openapi-cli-"));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("writes the document of the module's generator to stdout", async () => {
    const run = await runCli([FIXTURE]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(generator.generate());
  }, 60_000);

  it("documents an exported router with --title and --version, into --out", async () => {
    const out = join(dir, "openapi.json");
    const run = await runCli([FIXTURE, "--export", "router", "--title", "Notes", "--version", "9.1", "--out", out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(`wrote ${out}`);
    const document = JSON.parse(await readFile(out, "utf8"));
    expect(document.info).toEqual({ title: "Notes", version: "9.1" });
    expect(Object.keys(document.paths)).toEqual(Object.keys(generator.generate().paths));
    expect(document.paths["/api/v2/notes/"].get.operationId).toBe("notes_list");
  }, 60_000);

  it("fails with a message naming what the module exports when nothing fits", async () => {
    const run = await runCli([FIXTURE, "--export", "Note"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("expected an export named Note holding a Router or an OpenAPIGenerator");
    expect(run.stderr).toContain("the module exports Note, generator, router");
  }, 60_000);

  it("prints its usage when called without a module", async () => {
    const run = await runCli([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Usage: viewsets-openapi <module>");
  }, 60_000);
});

describe("documentFromModule", () => {
  it("prefers a generator, then a default export, then a router", () => {
    const other = new OpenAPIGenerator("Other", "0");
    expect(documentFromModule({ router, generator }).info.title).toBe("Notes API");
    expect(documentFromModule({ router, default: other }).info.title).toBe("Other");
    expect(documentFromModule({ router }).info).toEqual({ title: "API", version: "1.0.0" });
    expect(Object.keys(documentFromModule({ router }).paths)).toContain("/api/v2/notes/");
  });

  it("finds a router or generator inside an object export", () => {
    expect(documentFromModule({ default: { router } }).paths["/api/v2/notes/"]).toBeDefined();
    expect(documentFromModule({ default: { openapi: generator } }).info.version).toBe("2.0.0");
  });

  it("lets --title, --version and --description replace a generator's own", () => {
    const document = documentFromModule({ generator }, { title: "T", version: "V", description: "D" });
    expect(document.info).toEqual({ title: "T", version: "V", description: "D" });
    expect(generator.generate().info.title).toBe("Notes API");
  });

  it("says what it found when no export fits", () => {
    expect(() => documentFromModule({ app: {}, router: new Map() })).toThrow(
      "expected an export named generator, openapi, default, router holding a Router or an OpenAPIGenerator; the module exports app, router",
    );
    // A router with nothing registered yet: its API root, which links to nothing.
    const empty = documentFromModule({ default: new Router("/empty") });
    expect(empty.info).toEqual({ title: "API", version: "1.0.0" });
    expect(Object.keys(empty.paths)).toEqual(["/empty/"]);
    expect(empty.components.schemas?.ApiRoot).toMatchObject({ properties: {}, required: [] });
  });
});

#!/usr/bin/env node
// `pnpm test:pack`: the packages as a newcomer gets them. Builds every package, packs each with
// `pnpm pack` (which rewrites `workspace:` ranges and applies `publishConfig`), checks each packed
// manifest, then installs the tarballs with npm into a project outside the repository, compiles
// the README's quick start there with plain `tsc` (moduleResolution nodenext, no custom
// conditions) and runs it on Express, Koa, Hono and Fastify: a create must answer 201 and the list 200.
// Then the docs (scripts/tarball-docs.mjs): the tutorial's six projects run their tests on the tarballs,
// and every TypeScript block of the README, the packages' READMEs and docs/ compiles against them.
//   --no-build   reuse the dist/ folders already built
//   --keep       leave the temporary project in place (its path is printed)
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  checkDocBlocks,
  runTutorial,
  runTutorialCurls,
  TUTORIAL_STEPS,
  tutorialDependencies,
} from "./tarball-docs.mjs";
import {
  checkManifest,
  fail,
  freePort,
  packageName,
  reuseNativeBuild,
  tscProblems,
  workspacePackage,
} from "./tarball-lib.mjs";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = new Set(process.argv.slice(2));
const PACKAGES = [
  "core",
  "adapter-express",
  "adapter-koa",
  "adapter-hono",
  "adapter-fastify",
  "drizzle",
  "redis",
  "admin",
  "better-auth",
];
const ADAPTERS = ["express", "koa", "hono", "fastify"];
// What the quick start and the packages' peers need from the npm registry, at the ranges the repo tests with.
const REGISTRY_DEPENDENCIES = [
  "express",
  "koa",
  "hono",
  "@hono/node-server",
  "fastify",
  "drizzle-orm",
  "ioredis",
  "pg",
  "valibot",
];
const REGISTRY_DEV_DEPENDENCIES = ["typescript", "@types/express", "@types/koa", "@types/pg", "@types/better-sqlite3"];

const started = performance.now();
const step = (message) => console.log(`\n== ${message} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
const run = (command, commandArgs, cwd) => execFileSync(command, commandArgs, { cwd, stdio: "inherit" });
const readJSON = (path) => JSON.parse(readFileSync(path, "utf8"));

const work = mkdtempSync(join(tmpdir(), "viewsets-tarballs-"));
const tarballs = join(work, "tarballs");
const app = join(work, "app");
mkdirSync(tarballs);
mkdirSync(join(app, "src"), { recursive: true });

try {
  if (!args.has("--no-build")) {
    step("build (turbo: every package's dist/, and the admin's UI)");
    run("pnpm", ["exec", "turbo", "run", "build", "--output-logs=errors-only"], repo);
  }

  step("pnpm pack");
  const packed = {};
  for (const folder of PACKAGES) {
    const before = new Set(readdirSync(tarballs));
    execFileSync("pnpm", ["pack", "--pack-destination", tarballs], {
      cwd: join(repo, "packages", folder),
      stdio: ["ignore", "ignore", "inherit"],
    });
    const file = readdirSync(tarballs).find((name) => !before.has(name));
    if (!file) fail(`pnpm pack wrote no tarball for packages/${folder}`);
    packed[folder] = join(tarballs, file);
  }

  step("the packed manifests");
  for (const [folder, file] of Object.entries(packed)) checkManifest(repo, folder, file);

  step(`npm install in ${app}`);
  const quickstart = readJSON(join(repo, "examples/quickstart/package.json"));
  const ranges = {
    ...quickstart.dependencies,
    ...quickstart.devDependencies,
    ...readJSON(join(repo, "package.json")).devDependencies,
  };
  const tutorial = tutorialDependencies(repo);
  const betterSqlite = workspacePackage(repo, "better-sqlite3");
  const pick = (names) => Object.fromEntries(names.map((name) => [name, ranges[name] ?? fail(`no range for ${name}`)]));
  writeFileSync(
    join(app, "package.json"),
    `${JSON.stringify(
      {
        name: "viewsets-tarball-check",
        private: true,
        type: "module",
        dependencies: {
          ...Object.fromEntries(Object.entries(packed).map(([, file]) => [packageName(file), `file:${file}`])),
          ...pick(REGISTRY_DEPENDENCIES),
          ...tutorial.dependencies,
          "better-sqlite3": betterSqlite.version,
        },
        devDependencies: { ...pick(["@types/node", ...REGISTRY_DEV_DEPENDENCIES]), ...tutorial.devDependencies },
      },
      null,
      2,
    )}\n`,
  );
  // No install scripts: better-sqlite3's would compile its native addon from source for minutes (no prebuilt
  // binary can be downloaded here); the workspace's build of the same version is copied in instead.
  run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", "--ignore-scripts"], app);
  reuseNativeBuild(betterSqlite, app);
  // Each @viewsets package, also as another's dependency, must come from a tarball, never from the registry.
  const locked = readJSON(join(app, "package-lock.json")).packages;
  for (const [path, entry] of Object.entries(locked)) {
    if (path.includes("node_modules/@viewsets/") && !String(entry.resolved).startsWith("file:")) {
      fail(`${path} was installed from ${entry.resolved}, not from a tarball`);
    }
  }

  step("tsc: the quick start against the tarballs' types (moduleResolution nodenext, no custom conditions)");
  for (const adapter of ADAPTERS)
    copyFileSync(join(repo, "examples/quickstart", `${adapter}.ts`), join(app, "src", `${adapter}.ts`));
  writeFileSync(join(app, "src/imports.ts"), importsModule());
  writeFileSync(
    join(app, "tsconfig.json"),
    `${JSON.stringify(
      {
        compilerOptions: {
          target: "ES2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          strict: true,
          outDir: "dist",
          rootDir: "src",
          types: ["node"],
          skipLibCheck: false,
        },
        include: ["src"],
      },
      null,
      2,
    )}\n`,
  );
  compileQuickstart();

  step("node: every entry point of every package loads, the admin finds its UI and migrations");
  run(process.execPath, ["dist/imports.js"], app);

  for (const adapter of ADAPTERS) {
    step(`node: the quick start on ${adapter}`);
    await serveQuickstart(adapter);
  }
  step(`the tutorial's projects (${TUTORIAL_STEPS.join(", ")}): npm test on the tarballs`);
  await runTutorial(repo, app, Object.values(packed).map(packageName));
  step("the tutorial pages' curl lines, against each step's server");
  await runTutorialCurls(repo, app);

  step("the docs' TypeScript blocks: tsc against the tarballs' types; the apps with curl lines run");
  await checkDocBlocks(repo, app);
  step("all tarballs install, compile and serve; the tutorial runs and the docs' blocks compile");
} catch (error) {
  console.error(`\ntarball check failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (args.has("--keep")) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

/**
 * tsc over the quick start with skipLibCheck off, so that the packages' own .d.ts are checked as a
 * consumer's compiler reads them.
 */
function compileQuickstart() {
  const problems = tscProblems(app, ["-p", "tsconfig.json"]);
  if (problems.length > 0) fail(`tsc:\n${problems.join("\n")}`);
  console.log(`compiled src/${ADAPTERS.join(".ts, ")}.ts and imports.ts`);
}

/** A module that imports every exported entry point (but the vitest suites of /testing) and checks the admin's files. */
function importsModule() {
  return `import { existsSync } from "node:fs";
import * as core from "@viewsets/core";
import * as coreNode from "@viewsets/core/node";
import * as coreInternals from "@viewsets/core/internals";
import * as docs from "@viewsets/core/docs";
import * as throttling from "@viewsets/core/throttling";
import * as express from "@viewsets/express";
import * as koa from "@viewsets/koa";
import * as hono from "@viewsets/hono";
import * as fastify from "@viewsets/fastify";
import * as drizzle from "@viewsets/drizzle";
import * as drizzlePg from "@viewsets/drizzle/pg";
// Types only: loading it needs better-sqlite3, a native addon this check does not build.
import type * as drizzleSqlite from "@viewsets/drizzle/sqlite";
import * as redis from "@viewsets/redis";
import { adminMigrationsFolder, createAdmin } from "@viewsets/admin";

const loaded = { core, coreNode, coreInternals, docs, throttling, express, koa, hono, fastify, drizzle, drizzlePg, redis };
export type SqliteConnection = typeof drizzleSqlite;
for (const [name, module] of Object.entries(loaded)) {
  if (Object.keys(module).length === 0) throw new Error(name + " exports nothing");
}
if (typeof createAdmin !== "function") throw new Error("@viewsets/admin has no createAdmin");
for (const dialect of ["sqlite", "pg"] as const) {
  if (!existsSync(adminMigrationsFolder(dialect) + "/meta/_journal.json")) throw new Error("no admin migrations for " + dialect);
}
if (!existsSync(new URL("../node_modules/@viewsets/admin/ui-dist/index.html", import.meta.url))) {
  throw new Error("the admin's UI is missing");
}
// The Redis store on the ioredis the install line fetches (a peer), against the real server.
const store = new redis.RedisThrottleStore({
  url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
  prefix: "viewsets-tarball-check:" + process.pid + ":",
});
const hits = [];
for (let i = 0; i < 3; i++) hits.push(await store.hit("check", 2, 60_000, Date.now()));
await store.close();
if (hits.map((hit) => hit?.allowed).join() !== "true,true,false") throw new Error("the Redis store counted " + JSON.stringify(hits));
console.log("loaded", Object.keys(loaded).join(", "), "and the admin; the Redis store counted 2 of 3 on ioredis");
`;
}

/** Runs dist/<adapter>.js as `node` would in production and checks a create (201) and a list (200). */
async function serveQuickstart(adapter) {
  const port = await freePort();
  const child = spawn(process.execPath, [`dist/${adapter}.js`], {
    cwd: app,
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}/api/v1/todos/`;
  try {
    for (let attempt = 0; ; attempt++) {
      if (child.exitCode !== null) fail(`the ${adapter} quick start exited with ${child.exitCode}`);
      try {
        await fetch(base);
        break;
      } catch {
        if (attempt > 150) fail(`the ${adapter} quick start never answered on ${base}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const created = await fetch(base, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "Write docs", done: false }),
    });
    const createdBody = await created.json();
    if (created.status !== 201 || createdBody.title !== "Write docs") {
      fail(`${adapter}: POST ${base} answered ${created.status} ${JSON.stringify(createdBody)}`);
    }
    const list = await fetch(`${base}?done=false`);
    const listBody = await list.json();
    if (list.status !== 200 || listBody.count !== 1 || listBody.results[0]?.id !== createdBody.id) {
      fail(`${adapter}: GET ${base}?done=false answered ${list.status} ${JSON.stringify(listBody)}`);
    }
    console.log(`${adapter}: POST 201, GET 200 with the created todo`);
  } finally {
    child.kill();
  }
}

#!/usr/bin/env node
// `pnpm test:pack`: the packages as a newcomer gets them. Builds every package, packs each with
// `pnpm pack` (which rewrites `workspace:` ranges and applies `publishConfig`), checks each packed
// manifest, then installs the tarballs with npm into a project outside the repository, compiles
// the README's quick start there with plain `tsc` (moduleResolution nodenext, no custom
// conditions) and runs it on Express, Koa, Hono and Fastify: a create must answer 201 and the list 200.
//   --no-build   reuse the dist/ folders already built
//   --keep       leave the temporary project in place (its path is printed)
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

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
];
const REGISTRY_DEV_DEPENDENCIES = ["typescript", "@types/express", "@types/koa", "@types/pg", "@types/better-sqlite3"];

const started = performance.now();
const step = (message) => console.log(`\n== ${message} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
const run = (command, commandArgs, cwd) => execFileSync(command, commandArgs, { cwd, stdio: "inherit" });
const readJSON = (path) => JSON.parse(readFileSync(path, "utf8"));
function fail(message) {
  throw new Error(message);
}

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
  for (const [folder, file] of Object.entries(packed)) checkManifest(folder, file);

  step(`npm install in ${app}`);
  const quickstart = readJSON(join(repo, "examples/quickstart/package.json"));
  const ranges = {
    ...quickstart.dependencies,
    ...quickstart.devDependencies,
    ...readJSON(join(repo, "package.json")).devDependencies,
  };
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
        },
        devDependencies: pick(["@types/node", ...REGISTRY_DEV_DEPENDENCIES]),
      },
      null,
      2,
    )}\n`,
  );
  run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], app);
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
  step("all tarballs install, compile and serve");
} catch (error) {
  console.error(`\ntarball check failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (args.has("--keep")) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

/**
 * tsc over the quick start with skipLibCheck off, so that the packages' own .d.ts are checked as a
 * consumer's compiler reads them. Errors inside other libraries' declarations (drizzle-orm's
 * optional drivers, @types/koa) are theirs, not ours: only errors in src/ or @viewsets/ count.
 */
function compileQuickstart() {
  let output = "";
  try {
    execFileSync(join(app, "node_modules/.bin/tsc"), ["-p", "tsconfig.json"], { cwd: app, encoding: "utf8" });
  } catch (error) {
    output = String(error.stdout ?? "") + String(error.stderr ?? "");
  }
  const ours = output
    .split("\n")
    .filter((line) => /^\S.*\(\d+,\d+\): error /.test(line))
    .filter((line) => !line.startsWith("node_modules/") || line.startsWith("node_modules/@viewsets/"));
  if (ours.length > 0) fail(`tsc:\n${ours.join("\n")}`);
  if (output !== "" && !/error TS/.test(output)) fail(`tsc failed:\n${output}`);
  console.log(`compiled src/${ADAPTERS.join(".ts, ")}.ts and imports.ts`);
}

function packageName(file) {
  return JSON.parse(execFileSync("tar", ["xzf", file, "-O", "package/package.json"], { encoding: "utf8" })).name;
}

/** What a registry would publish: no workspace ranges, no source-only condition, every exported file present. */
function checkManifest(folder, file) {
  const listing = new Set(
    execFileSync("tar", ["tzf", file], { encoding: "utf8" })
      .split("\n")
      .map((line) => line.replace(/^package\//, "")),
  );
  const manifest = JSON.parse(execFileSync("tar", ["xzf", file, "-O", "package/package.json"], { encoding: "utf8" }));
  const source = readJSON(join(repo, "packages", folder, "package.json"));
  const problems = [];
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (String(range).startsWith("workspace:")) problems.push(`${field}.${name} is ${range}`);
    }
  }
  if (JSON.stringify(Object.keys(manifest.exports)) !== JSON.stringify(Object.keys(source.exports))) {
    problems.push(`publishConfig.exports names other subpaths than exports (${Object.keys(source.exports)})`);
  }
  for (const [subpath, conditions] of Object.entries(manifest.exports)) {
    if ("source" in conditions) problems.push(`exports["${subpath}"] keeps the source condition`);
    if (Object.keys(conditions)[0] !== "types") problems.push(`exports["${subpath}"] does not list types first`);
    for (const target of Object.values(conditions)) {
      if (!listing.has(target.replace(/^\.\//, ""))) problems.push(`exports["${subpath}"] names ${target}, not packed`);
    }
  }
  for (const target of Object.values(manifest.bin ?? {})) {
    if (!listing.has(target.replace(/^\.\//, ""))) problems.push(`bin ${target} is not packed`);
  }
  const packedFiles = [...listing];
  if (packedFiles.some((path) => /\.test(-d)?\.(ts|js)$/.test(path))) problems.push("packs test files");
  if (folder === "admin") {
    if (!listing.has("ui-dist/index.html")) problems.push("the admin's built UI (ui-dist/) is not packed");
    for (const dialect of ["sqlite", "pg"]) {
      if (!listing.has(`migrations/${dialect}/meta/_journal.json`)) problems.push(`migrations/${dialect} not packed`);
    }
  }
  if (problems.length > 0) fail(`${manifest.name}: ${problems.join("; ")}`);
  console.log(`${manifest.name}@${manifest.version}: ${listing.size} files, exports ${Object.keys(manifest.exports)}`);
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

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
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

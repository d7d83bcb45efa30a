/**
 * `pnpm test`'s test run: the type check and vitest in two processes, all three at once.
 *
 * Why two vitest processes: vitest runs every file of the projects with `fileParallelism: false`
 * (the suites that share a database or a server: drizzle, redis, admin, better-auth, shop,
 * shop-pg) in ONE sequential group, one file at a time across all of them, after the parallel
 * projects are done (vitest 4's groupSpecs). Those are nine tenths of the suite's time. Their files
 * keep running one at a time within a project; here two projects' files run at the same time, one
 * in each process. Each suite names its own databases, schemas, Redis keys and ports, so they do
 * not meet.
 *
 * The type check (`turbo run typecheck`: tsc on every package, their `*.test-d.ts` type tests
 * included) runs beside them, one package at a time: the lanes wait on browsers, servers and
 * databases often enough to leave it a core. Vitest's own typecheck, which would run tsc over the
 * same files again in each lane, is turned off for them (VITEST_TYPECHECK=0).
 *
 * Arguments go to a single `vitest run` instead, with vitest's typecheck of the type tests on
 * (`pnpm test -- --project core`).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

/**
 * The two processes' projects, balanced by what each took in CI (2026-11-28, fresh clones: the
 * admin's lane ~1000 s with better-auth and redis in it, the shop's ~870 s with shop-pg and drizzle;
 * better-auth, ~90 s, goes with the shop, redis, ~30 s, with the admin).
 */
const LANES = [
  ["admin", "core", "express", "koa", "hono", "fastify", "quickstart", "bench", "redis"],
  ["shop", "shop-pg", "drizzle", "better-auth"],
];

// A project the lanes do not name would silently not run: every project vitest.config.ts declares must be in one.
const declared = [
  ...readFileSync(new URL("../vitest.config.ts", import.meta.url), "utf8").matchAll(/project\("([\w-]+)"/g),
];
const missing = declared.map(([, name]) => name).filter((name) => !LANES.flat().includes(name));
if (missing.length > 0) throw new Error(`scripts/test.mjs: add ${missing.join(", ")} to a lane`);

/** Runs a command, its output's lines marked with `label`; resolves with its exit code. */
const run = (command, args, label, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    // Whole lines, each marked with its process, so that the runs' output interleaves readably.
    for (const stream of [child.stdout, child.stderr]) {
      const target = stream === child.stdout ? process.stdout : process.stderr;
      createInterface({ input: stream }).on("line", (line) => target.write(`${label} ${line}\n`));
    }
    child.on("error", (error) => {
      console.error(`${label} could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const timed = async (label, running) => {
  const started = performance.now();
  const code = await running;
  console.log(`${label} ${code === 0 ? "passed" : "FAILED"} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return code;
};

const extra = process.argv.slice(2).filter((arg) => arg !== "--");
const started = performance.now();
const codes =
  extra.length > 0
    ? [await run("pnpm", ["exec", "vitest", "run", ...extra], "")]
    : await Promise.all([
        timed(
          "[types]",
          run("pnpm", ["exec", "turbo", "run", "typecheck", "--concurrency=1", "--output-logs=errors-only"], "[types]"),
        ),
        ...LANES.map((projects, index) => {
          const label = `[${"AB"[index]}]`;
          const args = ["exec", "vitest", "run", ...projects.flatMap((name) => ["--project", name])];
          return timed(label, run("pnpm", args, label, { VITEST_TYPECHECK: "0" }));
        }),
      ]);
const seconds = ((performance.now() - started) / 1000).toFixed(0);
const failed = codes.filter((code) => code !== 0).length;
console.log(`\ntests: ${failed === 0 ? "all passed" : `${failed} of ${codes.length} runs FAILED`} in ${seconds} s`);
process.exitCode = failed === 0 ? 0 : 1;

/**
 * `pnpm test`'s test run: vitest in two processes at once, each given some of the projects.
 *
 * Why two: vitest runs every file of the projects with `fileParallelism: false` (the suites that
 * share a database or a server: drizzle, redis, admin, better-auth, shop, shop-pg) in ONE
 * sequential group, one file at a time across all of them, after the parallel projects are done
 * (vitest 4's groupSpecs). Those are nine tenths of the suite's time. Their files keep running one
 * at a time within a project; here two projects' files run at the same time, one in each process.
 * Each suite names its own databases, schemas, Redis keys and ports, so they do not meet.
 *
 * Arguments go to a single `vitest run` instead (`pnpm test -- --project core`).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

/**
 * The two processes' projects, balanced by what each took (2026-11-27, a loaded machine: admin ~510 s
 * with the fast projects, shop ~390 s with drizzle; better-auth ~60 s and redis ~25 s go with the shop).
 */
const LANES = [
  ["admin", "core", "express", "koa", "hono", "fastify", "quickstart", "bench"],
  ["shop", "shop-pg", "drizzle", "better-auth", "redis"],
];

// A project the lanes do not name would silently not run: every project vitest.config.ts declares must be in one.
const declared = [
  ...readFileSync(new URL("../vitest.config.ts", import.meta.url), "utf8").matchAll(/project\("([\w-]+)"/g),
];
const missing = declared.map(([, name]) => name).filter((name) => !LANES.flat().includes(name));
if (missing.length > 0) throw new Error(`scripts/test.mjs: add ${missing.join(", ")} to a lane`);

const vitest = (args, label) =>
  new Promise((resolve) => {
    const child = spawn("pnpm", ["exec", "vitest", "run", ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Whole lines, each marked with its process, so that the two runs' output interleaves readably.
    for (const stream of [child.stdout, child.stderr]) {
      const target = stream === child.stdout ? process.stdout : process.stderr;
      createInterface({ input: stream }).on("line", (line) => target.write(`${label} ${line}\n`));
    }
    child.on("error", (error) => {
      console.error(`${label} could not start vitest: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const extra = process.argv.slice(2).filter((arg) => arg !== "--");
const started = performance.now();
const codes =
  extra.length > 0
    ? [await vitest(extra, "")]
    : await Promise.all(
        LANES.map((projects, index) =>
          vitest(
            projects.flatMap((name) => ["--project", name]),
            `[${"AB"[index]}]`,
          ),
        ),
      );
const seconds = ((performance.now() - started) / 1000).toFixed(0);
const failed = codes.filter((code) => code !== 0).length;
console.log(
  `\ntests: ${failed === 0 ? "all passed" : `${failed} of ${codes.length} vitest runs FAILED`} in ${seconds} s`,
);
process.exitCode = failed === 0 ? 0 : 1;

/**
 * `pnpm --filter @viewsets/bench run http-instructions [framework] [path] [requests] [warm-up]`:
 * machine instructions per request of each side's server over HTTP (the adapter, the framework and
 * Node's HTTP included), counted by valgrind's callgrind in the server alone.
 *
 *   pnpm --filter @viewsets/bench run http-instructions hono /api/v1/products/2500
 *
 * Each side's server (bench/src/server.ts, on a fresh copy of the 10,000-product file) runs under
 * callgrind with V8 made deterministic; autocannon (10 connections, in this process, not counted)
 * warms it up (20,000 requests by default: fewer leave TurboFan compiling in the measured window),
 * then callgrind_control counts only the measured requests (3,000 by default). The path `create`
 * sends the adapter rows' create (bench/src/scenarios.ts) instead of a GET: each side then writes
 * as many rows, so compare a side with itself across builds rather than with the other side (the
 * two differ in what a create stores and answers). A create's count moves with SQLite's index
 * merges and the collections that fall in the window; `refused-create` sends the same create with
 * a price that is not a number: the body is read, parsed and checked, nothing is written, and
 * the count repeats (an A/B of the body's path).
 *
 * `INSTRUCTIONS_SIDES=viewset,simplest,hand-written` names the sides counted (default: the viewset
 * and the strongest hand-written handler).
 *
 * With `BENCH_POSTGRES=1`, both sides serve PostgreSQL's 10,000 products (the schema `pnpm bench`
 * fills, filled here if missing); the database server's own instructions are not counted.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import type { Implementation } from "./config.js";
import { callgrindArgs, collected } from "./callgrind.js";
import pg from "pg";
import { PG_SCHEMA, PG_SIZE, PG_URL } from "./config.js";
import { copyDatabase, seededDatabase } from "./data.js";
import { fillPostgres } from "./pg-shop.js";
import { SCENARIOS } from "./scenarios.js";

const SERVER = fileURLToPath(new URL("./server.ts", import.meta.url));

const JSON_BODY = { "content-type": "application/json" };

async function count(
  path: string,
  framework: string,
  implementation: Implementation,
  database: string,
  requests: number,
  warm: number,
) {
  const child = spawn("valgrind", callgrindArgs(SERVER), {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BENCH_SERVER: JSON.stringify({ framework, implementation, database, ...(postgres ? { postgres } : {}) }),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${log.slice(-2000)}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /"port":\s*(\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    });
  });
  child.removeAllListeners("exit");
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const { create } = SCENARIOS;
  const body = path === "refused-create" ? create.body.replace('"49.90"', '"forty"') : create.body;
  const sent =
    path === "create" || path === "refused-create"
      ? { url: `http://127.0.0.1:${port}${create.path}`, method: create.method, body, headers: JSON_BODY }
      : { url: `http://127.0.0.1:${port}${path}` };
  // A minute per request, not autocannon's 10 s: under callgrind on a slow or busy machine a
  // request can wait longer, and a timed-out request would fail the run.
  await autocannon({ ...sent, connections: 10, amount: warm, timeout: 60 });
  spawnSync("callgrind_control", ["-i", "on", String(child.pid)]);
  const measured = await autocannon({ ...sent, connections: 10, amount: requests, timeout: 60 });
  spawnSync("callgrind_control", ["-i", "off", String(child.pid)]);
  child.kill("SIGTERM");
  await exited;
  const instructions = collected(log);
  const failures =
    path === "refused-create"
      ? measured.requests.total - (measured.statusCodeStats["400"]?.count ?? 0)
      : measured.non2xx;
  if (instructions === undefined || failures > 0 || measured.errors > 0)
    throw new Error(
      `callgrind run failed (${failures} unexpected statuses, ${measured.errors} errors):\n${log.slice(-2000)}`,
    );
  // With `INSTRUCTIONS_VALGRIND=--cache-sim=yes`, callgrind also counts simulated cache misses.
  const events = /Events\s*:\s*(.+)/.exec(log)?.[1]?.trim().split(/\s+/);
  const counts = /Collected\s*:\s*(.+)/.exec(log)?.[1]?.trim().split(/\s+/).map(Number);
  if (events && counts && events.length > 1) {
    const per = events.map((name, i) => `${name} ${Math.round(counts[i]! / measured.requests.total)}`);
    console.error(`${implementation}: per request ${per.join(", ")}`);
  }
  return instructions / measured.requests.total;
}

const [framework = "hono", path = "/api/v1/products/2500", requestsArg = "3000", warmArg = "20000"] =
  process.argv.slice(2);
const postgres = process.env.BENCH_POSTGRES === "1" ? PG_SCHEMA : undefined;
if (postgres) {
  const pool = new pg.Pool({ connectionString: PG_URL, max: 1 });
  await fillPostgres(pool, postgres, PG_SIZE).finally(() => pool.end());
}
const { file } = seededDatabase("products-10k", { products: 10_000, priceChanges: 0 });
const directory = mkdtempSync(join(tmpdir(), "viewsets-http-instructions-"));
try {
  // INSTRUCTIONS_SIDES=viewset,simplest counts the simplest baseline instead (or as well).
  const sides = (process.env.INSTRUCTIONS_SIDES ?? "viewset,hand-written").split(",") as Implementation[];
  const per: number[] = [];
  for (const implementation of sides) {
    const copy = copyDatabase(file, directory, implementation);
    per.push(await count(path, framework, implementation, copy, Number(requestsArg), Number(warmArg)));
  }
  console.log("| adapter | path | side | instructions/request | this / the first |");
  console.log("|---|---|---|---:|---:|");
  for (const [i, side] of sides.entries()) {
    console.log(
      `| ${framework}${postgres ? " (PostgreSQL)" : ""} | ${path} | ${side} | ${Math.round(per[i]!)} | ${(per[i]! / per[0]!).toFixed(3)} |`,
    );
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}

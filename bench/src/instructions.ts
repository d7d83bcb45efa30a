/**
 * `pnpm --filter @viewsets/bench run instructions [scenarios] [requests]`: machine instructions
 * per request of each side, in-process (as the `core` section), counted by valgrind's callgrind.
 *
 *   pnpm --filter @viewsets/bench run instructions retrieve
 *   pnpm --filter @viewsets/bench run instructions pg:list,pg:retrieve
 *   INSTRUCTIONS_KEEP=/tmp/cg pnpm --filter @viewsets/bench run instructions list 500
 *
 * A count of instructions does not move with the machine's other load, as time does: two runs of
 * one build agree within ~1%, where CPU time per request moved up to 2× between runs on the days
 * of findings 12 and 13. So an A/B of a small change needs one run per side, not several
 * processes. What it leaves out: HTTP, the adapters, cache misses and waits (an instruction is not
 * a nanosecond); use it to compare builds, and `pnpm bench` for what a user gets.
 *
 * `pg:` scenarios (list and retrieve: they write nothing) run against the bench's PostgreSQL
 * schema through one pooled connection; only this process's instructions are counted, not the
 * server's.
 *
 * Each side runs in its own `node` under callgrind (V8 made deterministic: `--predictable`, fixed
 * seeds), on a fresh copy of the 10,000-product file; it warms up untouched, then asks
 * callgrind_control to count only the measured requests. INSTRUCTIONS_KEEP keeps each
 * callgrind file (for `callgrind_annotate`); INSTRUCTIONS_VALGRIND adds valgrind options
 * (`--cache-sim=yes` for simulated cache misses).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { openDatabase } from "../../examples/shop/src/database.js";
import { PG_SCHEMA, PG_SIZE, PG_URL } from "./config.js";
import { callgrindArgs, collected } from "./callgrind.js";
import { copyDatabase, seededDatabase } from "./data.js";
import { pgStore } from "./hand-written/store.js";
import { type InProcessSides, inProcessSides, sidesOf } from "./in-process.js";
import { fillPostgres, pgShopTables } from "./pg-shop.js";
import { pgProductsRouter } from "./products-router.js";
import { type ChildConfig as RunConfig, outputOf, scenariosOf, type Side } from "./tool-runs.js";

type Scenario = InProcessSides["scenario"] | "pg:list" | "pg:retrieve";

type ChildConfig = RunConfig<Scenario>;

const SCENARIOS: readonly Scenario[] = ["list", "retrieve", "create", "pg:list", "pg:retrieve"];
const SIDES: readonly Side[] = ["viewset", "handWritten"];
/** Requests measured by default: a list costs ~20 times a retrieve. */
const MEASURED: Record<Scenario, number> = {
  list: 500,
  retrieve: 5_000,
  create: 2_000,
  "pg:list": 500,
  "pg:retrieve": 2_000,
};

/** Waits for a callgrind_control command while this process keeps running (valgrind reads it between blocks). */
async function instrument(on: boolean): Promise<void> {
  const control = spawn("callgrind_control", ["-i", on ? "on" : "off", String(process.pid)], { stdio: "ignore" });
  let done = false;
  control.once("exit", () => {
    done = true;
  });
  while (!done) await new Promise((resolve) => setImmediate(resolve));
}

/** One scenario's sides over the SQLite copy, or over PostgreSQL for a `pg:` scenario. */
async function open(config: ChildConfig): Promise<{ sides: InProcessSides[]; close(): Promise<void> | void }> {
  if (!config.scenario.startsWith("pg:")) {
    const { db, close } = openDatabase(config.file, { seed: false });
    return { sides: inProcessSides(db), close };
  }
  const pool = new pg.Pool({ connectionString: PG_URL, max: 1, options: `-c search_path=${PG_SCHEMA}` });
  const db = drizzle(pool);
  const { products } = pgShopTables();
  return { sides: sidesOf(pgProductsRouter(db, products), pgStore(db, products)), close: () => pool.end() };
}

async function child(config: ChildConfig): Promise<void> {
  const { sides, close } = await open(config);
  const scenario = config.scenario.replace(/^pg:/, "");
  const run = sides.find((candidate) => candidate.scenario === scenario)![config.side];
  for (let i = 0; i < config.warm; i++) await run();
  await instrument(true);
  for (let i = 0; i < config.measured; i++) await run();
  await instrument(false);
  await close();
}

/** Instructions the measured requests of one side took. */
async function count(config: ChildConfig, out: string): Promise<number> {
  const args = callgrindArgs(fileURLToPath(import.meta.url), out);
  const env = { ...process.env, NODE_ENV: "production", INSTRUCTIONS_CHILD: JSON.stringify(config) };
  const { code, output } = await outputOf("valgrind", args, env, "stderr");
  const instructions = collected(output);
  if (code !== 0 || instructions === undefined)
    throw new Error(`callgrind run failed (${code}):\n${output.slice(-2000)}`);
  return instructions;
}

async function main(): Promise<void> {
  const [scenarioArg, requestsArg] = process.argv.slice(2);
  const scenarios = scenariosOf(scenarioArg, SCENARIOS, "retrieve");
  const { file } = seededDatabase("products-10k", { products: 10_000, priceChanges: 0 });
  if (scenarios.some((scenario) => scenario.startsWith("pg:"))) {
    const pool = new pg.Pool({ connectionString: PG_URL, max: 2 });
    try {
      await fillPostgres(pool, PG_SCHEMA, PG_SIZE);
    } finally {
      await pool.end();
    }
  }
  const keep = process.env.INSTRUCTIONS_KEEP;
  if (keep) mkdirSync(keep, { recursive: true });
  const directory = mkdtempSync(join(tmpdir(), "viewsets-instructions-"));
  console.log("| scenario | viewset instructions/request | hand-written | hand-written / viewset |");
  console.log("|---|---:|---:|---:|");
  try {
    for (const scenario of scenarios) {
      const measured = requestsArg ? Number(requestsArg) : MEASURED[scenario];
      const per: Partial<Record<Side, number>> = {};
      for (const side of SIDES) {
        const copy = copyDatabase(file, directory, `${scenario}-${side}`);
        const out = join(keep ?? directory, `callgrind.${scenario}.${side}.out`);
        const config = { scenario, side, file: copy, warm: measured * 4, measured };
        per[side] = (await count(config, out)) / measured;
      }
      const { viewset, handWritten } = per as Record<Side, number>;
      console.log(
        `| ${scenario} | ${Math.round(viewset)} | ${Math.round(handWritten)} | ${(handWritten / viewset).toFixed(3)} |`,
      );
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const childConfig = process.env.INSTRUCTIONS_CHILD;
await (childConfig ? child(JSON.parse(childConfig) as ChildConfig) : main());

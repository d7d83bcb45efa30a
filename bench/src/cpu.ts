/**
 * `pnpm --filter @viewsets/bench run cpu [frameworks] [scenarios]`: the server's CPU time per
 * request at a fixed rate, viewset against hand-written, over HTTP.
 *
 *   pnpm --filter @viewsets/bench run cpu koa,hono retrieve
 *   pnpm --filter @viewsets/bench run cpu feathers list   # the viewset (Express) against FeathersJS
 *
 * req/s at saturation moves with everything else on a 2-core machine (the load generator shares
 * it); CPU per request at a rate both servers sustain is the cost itself. Both servers stay up and
 * take turns of one second, so the machine's slow spells fall on both; with `BENCH_PIN=1` the
 * server runs on CPU 1 and this process (the load) should be started on CPU 0
 * (`taskset -c 0 ...`). Reports the lowest, first-quartile and median µs per request of each side.
 * With `BENCH_POSTGRES=1` both sides serve PostgreSQL's 10,000 products (the schema `pnpm bench`
 * fills, filled here if missing; rows a create added are deleted after); the database server's
 * CPU is not counted. Each row runs at the rate `pnpm bench`'s cost section gives it (COST_RATES in
 * cpu-time.ts), or at BENCH_RATE for every row; mind it: PostgreSQL's retrieve saturates near
 * 4,000 req/s here. With `BENCH_LARGE=1` both sides serve SQLite's 1,000,000 products (the file
 * `pnpm bench`'s large section seeds), as its 1M rows do.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FRAMEWORKS, type Framework } from "./apps.js";
import pg from "pg";
import { type Implementation, PG_SCHEMA, PG_SIZE, PG_URL, type ServerConfig } from "./config.js";
import { COST_RATES, COST_WARMUP, type CostSide, costSummary, cpuPerRequest } from "./cpu-time.js";
import { copyDatabase, seededDatabase } from "./data.js";
import { fillPostgres, removeCreatedProducts } from "./pg-shop.js";
import { FEATHERS_ENTRY, FEATHERS_SCENARIOS, SCENARIOS } from "./scenarios.js";

/** One rate for every row when set; otherwise the cost section's rate for each row. */
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 16);

type Name = keyof typeof SCENARIOS;
/** `feathers` compares the viewset on Express with FeathersJS (list and retrieve), as `pnpm bench`'s peer rows. */
const frameworks = (process.argv[2] ?? FRAMEWORKS.join(",")).split(",") as (Framework | "feathers")[];
const scenarios = (process.argv[3] ?? "list,retrieve,create").split(",") as Name[];
const { file } =
  process.env.BENCH_LARGE === "1"
    ? seededDatabase("products-1m", { products: 1_000_000, priceChanges: 0 })
    : seededDatabase("products-10k", { products: 10_000, priceChanges: 0 });
const scratch = mkdtempSync(join(tmpdir(), "viewsets-cpu-"));
const postgres = process.env.BENCH_POSTGRES === "1" ? PG_SCHEMA : undefined;
const pool = postgres ? new pg.Pool({ connectionString: PG_URL, max: 1 }) : undefined;
if (pool && postgres) await fillPostgres(pool, postgres, PG_SIZE);

/** The two servers of a row: the viewset first. */
function sidesOf(framework: Framework | "feathers", name: Name): [CostSide, CostSide] {
  const writes = name === "create";
  const config = (implementation: Implementation): ServerConfig => ({
    framework: framework === "feathers" ? "express" : framework,
    implementation,
    database: writes ? copyDatabase(file, scratch, `${framework}-${implementation}`) : file,
    readonly: !writes,
    ...(postgres ? { postgres } : {}),
  });
  if (framework === "feathers") {
    if (name === "create" || postgres) throw new Error("feathers: list and retrieve, on SQLite");
    const feathers = { config: config("feathers"), load: FEATHERS_SCENARIOS[name], entry: FEATHERS_ENTRY };
    return [{ config: config("viewset"), load: SCENARIOS[name] }, feathers];
  }
  return [
    { config: config("viewset"), load: SCENARIOS[name] },
    { config: config("hand-written"), load: SCENARIOS[name] },
  ];
}

console.log(
  "\n| adapter | scenario | viewset µs CPU/request (min / p25 / median) | other side (min / p25 / median) | other / viewset (medians) |",
);
console.log("|---|---|---|---|---:|");
for (const framework of frameworks) {
  for (const name of scenarios) {
    const [viewset, other] = await cpuPerRequest(sidesOf(framework, name), {
      rate:
        RATE ??
        (framework === "feathers"
          ? COST_RATES.peer[name as "list" | "retrieve"]
          : COST_RATES[postgres ? "pg" : "sqlite"][name]),
      rounds: ROUNDS,
      warm: COST_WARMUP[name],
      ...(pool && postgres && name === "create" ? { after: () => removeCreatedProducts(pool, postgres, PG_SIZE) } : {}),
      label: `${framework} ${name}`,
    });
    const [ours, theirs] = [costSummary(viewset!), costSummary(other!)];
    const shown = (c: typeof ours) => [c.min, c.p25, c.median].map((x) => x.toFixed(1)).join(" / ");
    const where = framework === "feathers" ? "express vs feathers" : framework;
    console.log(
      `| ${where}${postgres ? " (PostgreSQL)" : ""} | ${name} | ${shown(ours)} | ${shown(theirs)} | ${(theirs.median / ours.median).toFixed(3)} |`,
    );
  }
}
rmSync(scratch, { recursive: true, force: true });
await pool?.end();

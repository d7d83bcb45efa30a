/** The cost section: µs of server CPU per request at a fixed rate, for the adapter, peer and throttle rows. */
import pg from "pg";
import type { Framework } from "../apps.js";
import { BENCH_TOKEN, PG_SCHEMA, PG_SIZE, PG_URL, type ServerConfig, type ThrottleVariant } from "../config.js";
import { COST_RATES, COST_WARMUP, type CostSide, cpuPerRequest } from "../cpu-time.js";
import type { Load } from "../load.js";
import type { Bench } from "./bench.js";
import { fillPostgres, removeCreatedProducts } from "../pg-shop.js";
import { perRoundBest } from "../measure.js";
import { ADAPTER_SCENARIOS, FEATHERS_ENTRY, FEATHERS_SCENARIOS, SCENARIOS } from "../scenarios.js";

/** The options of one comparison: its rate, the run's turns over two fresh processes per side, its warm-up. */
function options(
  bench: Bench,
  rate: number,
  scenario: keyof typeof COST_WARMUP,
  label: string,
  after?: () => Promise<void>,
) {
  return {
    rate,
    rounds: bench.settings.costRounds,
    processes: 2,
    warm: COST_WARMUP[scenario],
    label,
    ...(after ? { after } : {}),
  };
}

const readOnly = (base: string, framework: Framework, implementation: ServerConfig["implementation"]) => ({
  framework,
  implementation,
  database: base,
  readonly: true,
});

/** The adapter rows on SQLite and (when it answers) PostgreSQL: viewset against hand-written. */
async function adapterCosts(bench: Bench): Promise<void> {
  const { settings, base, scratch, results } = bench;
  const pool = new pg.Pool({ connectionString: PG_URL, max: 1 });
  const withPostgres = await pool.query("SELECT 1").then(
    () => true,
    () => false,
  );
  if (withPostgres) await fillPostgres(pool, PG_SCHEMA, PG_SIZE);
  else results.notes.push("PostgreSQL was not reachable: the cost section's PostgreSQL rows were skipped.");
  try {
    for (const group of withPostgres ? (["sqlite", "pg"] as const) : (["sqlite"] as const)) {
      const postgres = group === "pg" ? { postgres: PG_SCHEMA } : {};
      for (const framework of settings.adapters) {
        for (const scenario of ADAPTER_SCENARIOS) {
          const writes = scenario === "create";
          const side = (implementation: ServerConfig["implementation"]): CostSide => ({
            // A writing side gets a copy of the file of its own (both processes of a side write to it).
            config: {
              framework,
              implementation,
              database: writes ? scratch.freshCopy(base) : base,
              readonly: !writes,
              ...postgres,
            },
            load: SCENARIOS[scenario],
          });
          const after = group === "pg" && writes ? () => removeCreatedProducts(pool, PG_SCHEMA, PG_SIZE) : undefined;
          const rate = COST_RATES[group][scenario];
          const [viewset, hand] = await cpuPerRequest(
            [side("viewset"), side("hand-written")],
            options(bench, rate, scenario, `${group} ${framework} ${scenario}`, after),
          );
          results.costRow(group, framework, scenario, rate, ["viewset", "hand-written"], viewset!, hand!);
        }
      }
    }
  } finally {
    await pool.end();
  }
}

/** The peer: the viewset on Feathers' two frameworks and on Hono, against Feathers on each. */
async function peerCosts(bench: Bench): Promise<void> {
  const { base, results } = bench;
  for (const scenario of ["list", "retrieve"] as const) {
    const rate = COST_RATES.peer[scenario];
    const ours = (framework: Framework): CostSide => ({
      config: readOnly(base, framework, "viewset"),
      load: SCENARIOS[scenario],
    });
    const theirs = (framework: Framework): CostSide => ({
      config: readOnly(base, framework, "feathers"),
      load: FEATHERS_SCENARIOS[scenario],
      entry: FEATHERS_ENTRY,
    });
    const [express, koa, hono, feathersExpress, feathersKoa] = await cpuPerRequest(
      [ours("express"), ours("koa"), ours("hono"), theirs("express"), theirs("koa")],
      options(bench, rate, scenario, `peer ${scenario}`),
    );
    results.costRow("peer", "express", scenario, rate, ["viewset", "feathers"], express!, feathersExpress!);
    results.costRow("peer", "koa", scenario, rate, ["viewset", "feathers"], koa!, feathersKoa!);
    const cheaper = perRoundBest(feathersExpress!, feathersKoa!, Math.min);
    results.costRow("peer", "hono vs feathers' cheaper", scenario, rate, ["viewset", "feathers"], hono!, cheaper);
  }
}

/** The throttle: the signed-in list with one ip throttle on the memory store, against none. */
async function throttleCost(bench: Bench): Promise<void> {
  const load: Load = { ...SCENARIOS.list, headers: { authorization: `Bearer ${BENCH_TOKEN}` } };
  const throttled = (throttle: ThrottleVariant): CostSide => ({
    config: { ...readOnly(bench.base, "express", "viewset"), throttle, auth: true },
    load,
  });
  const rate = COST_RATES.sqlite.list;
  const [memory, none] = await cpuPerRequest(
    [throttled("ip-memory"), throttled("none")],
    options(bench, rate, "list", "throttle"),
  );
  const labels: [string, string] = ["ip-memory", "no throttle"];
  bench.results.costRow("throttle", "express", "list with ip-memory throttle", rate, labels, memory!, none!);
}

/**
 * What each server spends per request, in CPU time at a fixed rate every side sustains: the
 * adapter rows (SQLite and PostgreSQL), the peer and the throttle, as a cost rather than as req/s
 * at saturation, which on 2 shared cores also measures the load generator (bench/METHOD.md, "How
 * it measures"). Two fresh processes per side, the rounds shared between them.
 */
export async function cost(bench: Bench): Promise<void> {
  await adapterCosts(bench);
  await peerCosts(bench);
  await throttleCost(bench);
}

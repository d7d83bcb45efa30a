/** The cluster section: the shop's products on PostgreSQL with the Redis throttle store, one process against two `node:cluster` workers behind one port. */
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { Framework } from "../apps.js";
import { PG_SCHEMA, PG_SIZE, PG_URL, type ServerConfig } from "../config.js";
import { pinned, serverCpus, warmUpOf, whilePinned } from "../load.js";
import type { Bench } from "./bench.js";
import { type Contender, rounds } from "../measure.js";
import { fillPostgres, removeCreatedProducts } from "../pg-shop.js";
import { ADAPTER_SCENARIOS, SCENARIOS } from "../scenarios.js";
import { redisAvailable } from "./throttle.js";

const CLUSTER_ENTRY = fileURLToPath(new URL("../cluster-server.ts", import.meta.url));
/** Workers of the cluster side. */
export const CLUSTER_WORKERS = 2;

async function reachable(bench: Bench): Promise<pg.Pool | undefined> {
  const pool = new pg.Pool({ connectionString: PG_URL, max: 2 });
  const postgres = await pool.query("SELECT 1").then(
    () => true,
    () => false,
  );
  const redis = await redisAvailable();
  if (postgres && redis) return pool;
  await pool.end();
  const missing = [postgres ? "" : "PostgreSQL", redis ? "" : "Redis"].filter(Boolean).join(" and ");
  bench.results.notes.push(`${missing} not reachable: the cluster rows were skipped.`);
  return undefined;
}

/**
 * The shop's products viewset on PostgreSQL with an ip throttle on the Redis store (the shared
 * state a deployment of several processes needs), served by one process and by two cluster
 * workers in the same rounds. The cluster side gets twice the warm-up: its requests are shared
 * between two processes, each with its own JIT to warm.
 */
export function clusterSection(bench: Bench): Promise<void> {
  // Pinned unless BENCH_PIN=0: the load generator on CPU 0, both sides on the others (load.ts).
  return whilePinned(() => clusterRows(bench));
}

async function clusterRows(bench: Bench): Promise<void> {
  const { settings, results } = bench;
  const pool = await reachable(bench);
  if (!pool) return;
  try {
    await fillPostgres(pool, PG_SCHEMA, PG_SIZE);
    const loads = ADAPTER_SCENARIOS.map((name) => SCENARIOS[name]);
    const after = () => removeCreatedProducts(pool, PG_SCHEMA, PG_SIZE);
    const config = (framework: Framework, workers?: number) => (): ServerConfig => ({
      framework,
      ...(workers ? { workers } : {}),
      implementation: "viewset",
      database: bench.base,
      postgres: PG_SCHEMA,
      throttle: "ip-redis",
      redisPrefix: `viewsets:bench:${process.pid}:cluster:`,
    });
    for (const framework of settings.adapters) {
      // Pinned, both sides get the same CPUs.
      const cpus = pinned() ? { cpus: serverCpus() } : {};
      const one: Contender = { label: "1 process", config: config(framework), loads, after, ...cpus };
      const two: Contender = {
        ...one,
        label: `${CLUSTER_WORKERS} workers`,
        config: config(framework, CLUSTER_WORKERS),
        entry: CLUSTER_ENTRY,
        warmUp: loads.map((load) => 2 * warmUpOf(load)),
      };
      const [cluster, single] = await rounds(settings, [two, one]);
      ADAPTER_SCENARIOS.forEach((scenario, i) => {
        results.row("cluster", framework, scenario, [two.label, one.label], cluster![i]!, single![i]!);
      });
    }
  } finally {
    await pool.end();
  }
}

/**
 * `pnpm --filter @viewsets/bench run cpu [frameworks] [scenarios]`: the server's CPU time per
 * request at a fixed rate, viewset against hand-written, over HTTP.
 *
 *   pnpm --filter @viewsets/bench run cpu koa,hono retrieve
 *
 * req/s at saturation moves with everything else on a 2-core machine (the load generator shares
 * it); CPU per request at a rate both servers sustain is the cost itself. Both servers stay up and
 * take turns of one second, so the machine's slow spells fall on both; with `BENCH_PIN=1` the
 * server runs on CPU 1 and this process (the load) should be started on CPU 0
 * (`taskset -c 0 ...`). Reports the lowest, first-quartile and median µs per request of each side.
 * With `BENCH_POSTGRES=1` both sides serve PostgreSQL's 10,000 products (the schema `pnpm bench`
 * fills, filled here if missing; rows a create added are deleted after); the database server's
 * CPU is not counted. Mind the rate: PostgreSQL's retrieve saturates near 4,000 req/s here.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FRAMEWORKS, type Framework } from "./apps.js";
import pg from "pg";
import { type Implementation, PG_SCHEMA, PG_SIZE, PG_URL } from "./config.js";
import { copyDatabase, seededDatabase } from "./data.js";
import { measure, median, startServer, warmUp } from "./load.js";
import { fillPostgres } from "./pg-shop.js";
import { SCENARIOS, type Scenario } from "./scenarios.js";

const RATE = Number(process.env.BENCH_RATE ?? 4000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 16);
const SIDES: readonly Implementation[] = ["viewset", "hand-written"];

/**
 * CPU time of a process so far, all its threads, in ms: Linux's scheduler statistics, in
 * nanoseconds (`/proc/<pid>/stat` counts 10 ms ticks, a few percent of a one-second turn).
 */
function cpuMs(pid: number): number {
  let ns = 0;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // A thread that ended between the listing and the read: its time is gone with it.
    }
  }
  return ns / 1e6;
}

function quantile(values: readonly number[], q: number): number {
  return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)]!;
}

const frameworks = (process.argv[2] ?? FRAMEWORKS.join(",")).split(",") as Framework[];
const scenarios = (process.argv[3] ?? "list,retrieve,create").split(",") as (keyof typeof SCENARIOS)[];
const { file } = seededDatabase("products-10k", { products: 10_000, priceChanges: 0 });
const scratch = mkdtempSync(join(tmpdir(), "viewsets-cpu-"));
const postgres = process.env.BENCH_POSTGRES === "1" ? PG_SCHEMA : undefined;
const pool = postgres ? new pg.Pool({ connectionString: PG_URL, max: 1 }) : undefined;
if (pool && postgres) await fillPostgres(pool, postgres, PG_SIZE);

console.log(
  `\n| adapter | scenario | viewset µs CPU/request (min / p25 / median) | hand-written (min / p25 / median) | hand-written / viewset (medians) |`,
);
console.log("|---|---|---|---|---:|");
for (const framework of frameworks) {
  for (const name of scenarios) {
    const load: Scenario = SCENARIOS[name];
    const writes = name === "create";
    const servers = await Promise.all(
      SIDES.map((implementation) =>
        startServer({
          framework,
          implementation,
          database: writes ? copyDatabase(file, scratch, `${framework}-${implementation}`) : file,
          readonly: !writes,
          ...(postgres ? { postgres } : {}),
        }),
      ),
    );
    for (const server of servers) await warmUp(server, load, 10_000);
    const perRequest: number[][] = SIDES.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (let turn = 0; turn < servers.length; turn++) {
        // Alternate which side goes first, so neither always follows the other.
        const side = (turn + round) % servers.length;
        const server = servers[side]!;
        const before = cpuMs(server.pid);
        const sample = await measure(server, load, 1, RATE);
        perRequest[side]!.push(((cpuMs(server.pid) - before) * 1000) / sample.requests);
      }
    }
    await Promise.all(servers.map((server) => server.stop()));
    if (pool && writes) await pool.query(`DELETE FROM ${postgres}.products WHERE id > ${PG_SIZE}`);
    const [viewset, hand] = perRequest.map((values) => [Math.min(...values), quantile(values, 0.25), median(values)]);
    const shown = (v: number[]) => v.map((x) => x.toFixed(1)).join(" / ");
    console.log(
      `| ${framework}${postgres ? " (PostgreSQL)" : ""} | ${name} | ${shown(viewset!)} | ${shown(hand!)} | ${(hand![2]! / viewset![2]!).toFixed(3)} |`,
    );
  }
}
rmSync(scratch, { recursive: true, force: true });
await pool?.end();

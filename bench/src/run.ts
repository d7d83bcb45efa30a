/**
 * `pnpm bench`: the viewset against a hand-written handler on each framework, list pagination
 * at a million rows, and the cost of a throttle. Every server runs in a process of its own on
 * the loopback; autocannon drives it from this process. This file reads the settings and runs the
 * sections (sections/), measure.ts measures, report.ts writes the report, record.ts the run's JSON
 * and chart.ts its SVG into bench/results/ (`latest` when every section and adapter ran, else `partial`).
 *
 * Each round starts a fresh server process per side (two processes running the same code differ
 * by up to ~15% here: memory layout, JIT decisions, so one process per side would measure its
 * luck), and the sides take turns A B B A on each scenario so that a slow spell of the machine
 * falls on both. Medians over the rounds are reported, with the spread of the per-round ratios.
 *
 *   BENCH_ROUNDS=5 BENCH_SECONDS=1     rounds, and whole seconds per turn (two turns per side, scenario and round)
 *   BENCH_ONLY=core,adapters,pg,peer,large,throttle,cluster,cost  which sections to run (default all)
 *   BENCH_COST_ROUNDS=10                turns per side of the cost section (CPU per request at a fixed rate)
 *   BENCH_FRAMEWORKS=express,koa,hono,fastify  which adapters the adapter sections compare (default all)
 *   BENCH_PIN=1                         pin servers to CPU 1 (a cluster's to CPUs 1…n-1) and the load generator to CPU 0, in every section
 *   BENCH_PIN=0                         pin nothing (by default only the cluster section is pinned)
 *   BENCH_WARMUP=3000                   requests sent to a fresh server before each scenario is measured
 *   BENCH_SOURCE=1                      servers run the packages' TypeScript sources (default: their built dist)
 */
import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join, relative } from "node:path";
import { FRAMEWORKS } from "./apps.js";
import { DATA_DIR, seededDatabase } from "./data.js";
import { pinLoadGenerator, pinMode } from "./load.js";
import { Scratch, type Settings } from "./measure.js";
import { isFull, recordOf, writeRecord } from "./record.js";
import { report } from "./report.js";
import { Results, log } from "./results.js";
import { adapters } from "./sections/adapters.js";
import type { Bench } from "./sections/bench.js";
import { clusterSection } from "./sections/cluster.js";
import { core } from "./sections/core.js";
import { cost } from "./sections/cost.js";
import { large } from "./sections/large.js";
import { peer } from "./sections/peer.js";
import { postgresAdapters } from "./sections/pg.js";
import { throttles } from "./sections/throttle.js";

/** The sections in the order they run, by their BENCH_ONLY name. */
const SECTIONS: readonly [string, (bench: Bench) => Promise<void>][] = [
  ["core", core],
  ["adapters", (bench) => adapters(bench)],
  ["pg", postgresAdapters],
  ["peer", peer],
  ["large", large],
  ["throttle", throttles],
  ["cluster", clusterSection],
  ["cost", cost],
];

const SECTION_NAMES = SECTIONS.map(([name]) => name);

function settingsOf(env: NodeJS.ProcessEnv): Settings & { sections: Set<string> } {
  const frameworks = (env.BENCH_FRAMEWORKS ?? FRAMEWORKS.join(",")).split(",");
  return {
    rounds: Number(env.BENCH_ROUNDS ?? 5),
    seconds: Number(env.BENCH_SECONDS ?? 1),
    costRounds: Number(env.BENCH_COST_ROUNDS ?? 10),
    adapters: FRAMEWORKS.filter((framework) => frameworks.includes(framework)),
    sections: new Set((env.BENCH_ONLY ?? SECTION_NAMES.join(",")).split(",")),
  };
}

async function main(): Promise<void> {
  const started = Date.now();
  const settings = settingsOf(process.env);
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
  // Under BENCH_PIN=1 the load generator on CPU 0, every server on CPU 1 (see load.ts): they never compete.
  if (pinMode() === "all") pinLoadGenerator(true);
  const results = new Results();
  const scratch = new Scratch();
  try {
    const base = seededDatabase("products-10k", { products: 10_000, priceChanges: 0 }).file;
    const bench: Bench = { settings, base, scratch, results };
    for (const [name, section] of SECTIONS) if (settings.sections.has(name)) await section(bench);
  } finally {
    scratch.remove();
  }
  const text = report(machine, settings, results);
  console.log(`\n${text}\n`);
  writeFileSync(join(DATA_DIR, "last-run.md"), `${text}\n`);
  const { sections, ...measured } = settings;
  const ran = SECTION_NAMES.filter((name) => sections.has(name));
  const record = recordOf(machine, measured, ran, results, Math.round((Date.now() - started) / 1000));
  writeFileSync(join(DATA_DIR, "last-run.json"), `${JSON.stringify(record, null, 2)}\n`);
  const name = isFull(record, SECTION_NAMES) ? "latest" : "partial";
  const [json, svg] = writeRecord(record, name);
  log(
    `done; the report is also in bench/.data/last-run.md, the record in ${relative(process.cwd(), json)} and ${relative(process.cwd(), svg)}`,
  );
}

await main();

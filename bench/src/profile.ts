/**
 * `pnpm --filter @viewsets/bench run profile <framework> <implementation> <scenario> [seconds]`:
 * one server under `node --cpu-prof`, one scenario for a few seconds, then the functions with
 * the most self time and the share of time per file. For finding what a slow row pays for.
 *
 *   pnpm --filter @viewsets/bench run profile hono viewset retrieve
 *   pnpm --filter @viewsets/bench run profile express hand-written list 10
 *
 * `diff` in place of the implementation profiles both sides in turn and prints, per function, the
 * µs of CPU per request the viewset's server spends beyond the strongest hand-written one's;
 * `diff-simplest` beyond the simplest one's:
 *
 *   pnpm --filter @viewsets/bench run profile hono diff retrieve 8
 *   pnpm --filter @viewsets/bench run profile hono diff-simplest retrieve 8
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { FRAMEWORKS, type Framework } from "./apps.js";
import { type Implementation, PG_SCHEMA } from "./config.js";
import { copyDatabase, seededDatabase } from "./data.js";
import { measure, startServer } from "./load.js";
import { SCENARIOS, type Scenario } from "./scenarios.js";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const REPO = fileURLToPath(new URL("../../", import.meta.url));

function place(url: string): string {
  if (url === "") return "(native)";
  const path = url.startsWith("file://") ? fileURLToPath(url) : url;
  const shown = path.startsWith(REPO) ? relative(REPO, path) : path;
  return shown.replace(/^node_modules\/\.pnpm\/[^/]+\/node_modules\//, "");
}

/** Self time per function and per file, as shares of all sampled time. */
export function summarize(profile: CpuProfile, top: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + delta);
    total += delta;
  });
  const functions = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [id, time] of self) {
    const frame = byId.get(id)!.callFrame;
    const file = place(frame.url);
    const name = `${frame.functionName || "(anonymous)"}  ${file}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
    functions.set(name, (functions.get(name) ?? 0) + time);
    const group = file.startsWith("node:") ? "node: internals" : file.replace(/\/[^/]*$/, "/");
    files.set(group, (files.get(group) ?? 0) + time);
  }
  // Inclusive time: every sample counts once for each distinct function on its stack.
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const frame = byId.get(node)!.callFrame;
      const file = place(frame.url);
      if (
        !/^(packages|examples|bench)\//.test(file) &&
        !/^(hono|@hono\/node-server|express|koa|drizzle-orm)\//.test(file)
      )
        continue;
      const name = `${frame.functionName || "(anonymous)"}  ${file}:${frame.lineNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
    }
  });
  const lines = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, time]) => `${((time / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  return [
    `self time by function (top ${top}):`,
    ...lines(functions),
    "",
    "self time by folder:",
    ...lines(files),
    "",
    `time including callees, for functions of this repository, the frameworks and drizzle (top ${top}):`,
    ...lines(inclusive),
  ].join("\n");
}

/** Module loading and tsx's compiling at start-up, not per request: left out of a per-request diff. */
const STARTUP = /node:internal\/modules|node:internal\/source_map|tsx\/|esbuild\//;

/** Self time per function in µs per request, idle and start-up left out. */
function perRequest(profile: CpuProfile, requests: number): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const times = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const file = place(frame.url);
    if (frame.functionName === "(idle)" || STARTUP.test(file)) return;
    const name = `${frame.functionName || "(anonymous)"}  ${file}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
    times.set(name, (times.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / requests);
  });
  return times;
}

/** What the viewset's server spends per request beyond the hand-written one's, function by function. */
export function diff(viewset: Map<string, number>, handWritten: Map<string, number>, top: number): string {
  const total = (times: Map<string, number>) => [...times.values()].reduce((sum, time) => sum + time, 0);
  const rows = [...new Set([...viewset.keys(), ...handWritten.keys()])]
    .map((name) => ({ name, a: viewset.get(name) ?? 0, b: handWritten.get(name) ?? 0 }))
    .sort((x, y) => y.a - y.b - (x.a - x.b));
  const line = ({ name, a, b }: (typeof rows)[number]) =>
    `${(a - b).toFixed(2).padStart(8)} ${a.toFixed(2).padStart(8)} ${b.toFixed(2).padStart(8)}  ${name}`;
  return [
    `µs of CPU per request, sampled (idle and start-up left out): viewset ${total(viewset).toFixed(1)}, baseline ${total(handWritten).toFixed(1)}`,
    "",
    "   extra  viewset  by hand  function",
    ...rows.slice(0, top).map(line),
    "   ...",
    ...rows.slice(-Math.min(10, Math.max(0, rows.length - top))).map(line),
  ].join("\n");
}

/** One server of `implementation` under the profiler: its profile and the requests it served. */
async function profiled(
  framework: Framework,
  implementation: Implementation,
  scenario: Scenario,
  seconds: number,
  rate?: number,
): Promise<{ profile: CpuProfile; requests: number; rps: number }> {
  const directory = mkdtempSync(join(tmpdir(), "viewsets-profile-"));
  try {
    const database = copyDatabase(
      seededDatabase("products-10k", { products: 10_000, priceChanges: 0 }).file,
      directory,
      "products",
    );
    // BENCH_POSTGRES=1: PostgreSQL's products in the schema `pnpm bench` fills (run it once first).
    const postgres = process.env.BENCH_POSTGRES === "1" ? { postgres: PG_SCHEMA } : {};
    const server = await startServer({ framework, implementation, database, ...postgres }, { profileDir: directory });
    const warm = await measure(server, scenario, 1, rate);
    const sample = await measure(server, scenario, seconds, rate);
    await server.stop();
    const file = readdirSync(directory).find((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error("no profile was written");
    return {
      profile: JSON.parse(readFileSync(join(directory, file), "utf8")) as CpuProfile,
      requests: (warm.rps + sample.rps * seconds) | 0,
      rps: sample.rps,
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const [framework, implementation, scenarioName, secondsText] = process.argv.slice(2);
  if (
    !FRAMEWORKS.includes(framework as Framework) ||
    !["viewset", "hand-written", "simplest", "diff", "diff-simplest"].includes(implementation ?? "") ||
    !(scenarioName! in SCENARIOS)
  ) {
    console.error(
      `usage: profile <${FRAMEWORKS.join("|")}> <viewset|hand-written|simplest|diff|diff-simplest> <${Object.keys(SCENARIOS).join("|")}> [seconds]`,
    );
    process.exit(2);
  }
  const scenario: Scenario = SCENARIOS[scenarioName as keyof typeof SCENARIOS];
  const seconds = Number(secondsText ?? 5);
  const top = Number(process.env.PROFILE_TOP ?? 25);
  // PROFILE_RATE=n drives both sides at n requests per second instead of as fast as each answers,
  // so that work the kernel does per request at a given rate (waking the client) is the same on both.
  const rate = Number(process.env.PROFILE_RATE ?? 0) || undefined;
  if (implementation === "diff" || implementation === "diff-simplest") {
    const baseline: Implementation = implementation === "diff" ? "hand-written" : "simplest";
    const [a, b] = [
      await profiled(framework as Framework, "viewset", scenario, seconds, rate),
      await profiled(framework as Framework, baseline, scenario, seconds, rate),
    ];
    console.log(
      `${framework} ${scenarioName}: viewset ${a.rps.toFixed(0)}, ${baseline} ${b.rps.toFixed(0)} req/s under the profiler\n`,
    );
    console.log(diff(perRequest(a.profile, a.requests), perRequest(b.profile, b.requests), top));
    return;
  }
  const run = await profiled(framework as Framework, implementation as Implementation, scenario, seconds, rate);
  console.log(`${framework} ${implementation} ${scenarioName}: ${run.rps.toFixed(0)} req/s under the profiler\n`);
  console.log(summarize(run.profile, top));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();

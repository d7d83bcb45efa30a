/**
 * `pnpm --filter @viewsets/bench run allocations [scenarios] [requests]`: bytes of JavaScript heap
 * each side allocates per request, in-process (as the `core` section), by V8's sampling heap
 * profiler with the objects the garbage collector already took counted too; and where they are
 * allocated (the functions with the most bytes, inlined functions named as their own).
 *
 *   pnpm --filter @viewsets/bench run allocations create
 *   pnpm --filter @viewsets/bench run allocations list,retrieve,create 5000
 *
 * Like the `instructions` count, an allocation does not move with the machine's other load, so
 * two builds compare in one run each. What it is for: every allocation writes fresh memory (the
 * young generation is filled front to back between collections) and is work for the collector,
 * so a cut in the code run per request should not add it back. (Whether that memory slows
 * SQLite's statements was tested with callgrind's cache simulation and not found: BENCHMARKS.md,
 * "Allocations per request".) What it leaves out: HTTP and the adapters (their allocations are
 * mostly the framework's, the same on both sides), and memory outside V8's heap (SQLite's,
 * Buffers').
 *
 * Each side runs in its own `node` on a fresh copy of the 10,000-product file, warms up, then
 * samples every 128 bytes allocated on average over the measured requests.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../../examples/shop/src/database.js";
import { copyDatabase, seededDatabase } from "./data.js";
import { type InProcessSides, inProcessSides } from "./in-process.js";
import { type ChildConfig as RunConfig, outputOf, scenariosOf, type Side } from "./tool-runs.js";

type Scenario = InProcessSides["scenario"];

const SCENARIOS: readonly Scenario[] = ["list", "retrieve", "create"];
const SIDES: readonly Side[] = ["viewset", "handWritten"];
const MEASURED: Record<Scenario, number> = { list: 2_000, retrieve: 20_000, create: 5_000 };
/** Sites shown per side. */
const TOP = 12;

type ChildConfig = RunConfig<Scenario>;

interface Allocations {
  /** Bytes per request, sampled. */
  perRequest: number;
  /** The functions that allocated the most, bytes per request each. */
  sites: [string, number][];
}

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/** A function's name and where it is, shortened to the package or the repository's path. */
function siteOf({ functionName, url, lineNumber }: SamplingNode["callFrame"]): string {
  const where = url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(packages|bench|examples)\//, "$1/");
  return `${functionName || "(anonymous)"} ${where || "(native)"}:${lineNumber + 1}`;
}

async function child(config: ChildConfig): Promise<void> {
  const { db, close } = openDatabase(config.file, { seed: false });
  const run = inProcessSides(db).find((candidate) => candidate.scenario === config.scenario)![config.side];
  for (let i = 0; i < config.warm; i++) await run();
  const session = new Session();
  session.connect();
  // Without the two flags, V8 keeps only the samples of objects still alive at the end.
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 128,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as never);
  for (let i = 0; i < config.measured; i++) await run();
  const { profile } = (await session.post("HeapProfiler.stopSampling")) as unknown as {
    profile: { head: SamplingNode };
  };
  session.disconnect();
  close();
  const bySite = new Map<string, number>();
  let total = 0;
  const pending = [profile.head];
  for (let node = pending.pop(); node; node = pending.pop()) {
    total += node.selfSize;
    if (node.selfSize > 0) {
      const site = siteOf(node.callFrame);
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    }
    pending.push(...node.children);
  }
  const sites = [...bySite]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([site, bytes]): [string, number] => [site, bytes / config.measured]);
  const result: Allocations = { perRequest: total / config.measured, sites };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

async function measure(config: ChildConfig): Promise<Allocations> {
  const env = { ...process.env, NODE_ENV: "production", ALLOCATIONS_CHILD: JSON.stringify(config) };
  const args = ["--import", "tsx", fileURLToPath(import.meta.url)];
  const { code, output } = await outputOf(process.execPath, args, env, "stdout");
  const last = output.trim().split("\n").pop();
  if (code !== 0 || !last) throw new Error(`allocations run failed (${code}): ${output.slice(-2000)}`);
  return JSON.parse(last) as Allocations;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main(): Promise<void> {
  const [scenarioArg, requestsArg] = process.argv.slice(2);
  const scenarios = scenariosOf(scenarioArg, SCENARIOS, "list,retrieve,create");
  const { file } = seededDatabase("products-10k", { products: 10_000, priceChanges: 0 });
  const directory = mkdtempSync(join(tmpdir(), "viewsets-allocations-"));
  const rows = [
    "| scenario | viewset KB/request | hand-written KB/request | hand-written / viewset |",
    "|---|---:|---:|---:|",
  ];
  const details: string[] = [];
  try {
    for (const scenario of scenarios) {
      const measured = requestsArg ? Number(requestsArg) : MEASURED[scenario];
      const per = {} as Record<Side, Allocations>;
      for (const side of SIDES) {
        const copy = copyDatabase(file, directory, `${scenario}-${side}`);
        per[side] = await measure({ scenario, side, file: copy, warm: Math.min(measured, 3_000), measured });
        details.push(
          `${scenario}, ${side}: ${kb(per[side].perRequest)} KB per request; the most by`,
          ...per[side].sites.map(([site, bytes]) => `  ${bytes.toFixed(0).padStart(7)} B  ${site}`),
        );
      }
      const { viewset, handWritten } = per;
      rows.push(
        `| ${scenario} | ${kb(viewset.perRequest)} | ${kb(handWritten.perRequest)} | ${(handWritten.perRequest / viewset.perRequest).toFixed(3)} |`,
      );
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  console.log([...rows, "", ...details].join("\n"));
}

const childConfig = process.env.ALLOCATIONS_CHILD;
await (childConfig ? child(JSON.parse(childConfig) as ChildConfig) : main());

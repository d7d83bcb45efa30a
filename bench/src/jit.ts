/**
 * `pnpm --filter @viewsets/bench run jit [framework] [rounds]`: whether a measured second is at
 * steady state. Each side of an adapter row (viewset, hand-written) serves the row's sequence
 * (list, retrieve, create, each after its warm-up, as `pnpm bench` does) in a fresh server run
 * with V8's `--trace-opt --trace-deopt`, and this counts the functions V8 optimized and the
 * deoptimizations during each measured second. Work of the optimizing compiler in the measured
 * second is warm-up measured as speed: it runs on a thread of its own, on the two cores the
 * server and the load share, and the code it replaces ran slower until then.
 *
 *   pnpm --filter @viewsets/bench run jit hono
 *   BENCH_WARMUP=3000 pnpm --filter @viewsets/bench run jit hono 3
 *   JIT_SHOW=1 ...   # also the names of the functions optimized in each measured second
 *
 * Beside the counts, the server's CPU time per request in each measured second (all its threads,
 * the compiler's included). The trace costs the server some speed of its own (the figures
 * printed are not `pnpm bench`'s).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FRAMEWORKS, type Framework } from "./apps.js";
import { cpuMs } from "./cpu-time.js";
import { copyDatabase, seededDatabase } from "./data.js";
import { measure, median, startServer, warmUp, warmUpOf } from "./load.js";
import { ADAPTER_SCENARIOS, SCENARIOS } from "./scenarios.js";

const framework = (process.argv[2] ?? "hono") as Framework;
if (!FRAMEWORKS.includes(framework)) throw new Error(`jit: unknown framework ${framework}`);
const rounds = Number(process.argv[3] ?? 3);
const show = process.env.JIT_SHOW === "1";

/** V8's line for a function optimized: `[completed optimizing 0x... <JSFunction name (sfi = 0x...)> ...]`. */
const OPTIMIZED = /^\[completed optimizing (?:0x[0-9a-f]+ )?<JSFunction (?:([^ >(][^ >]*) )?\(sfi/gm;
const DEOPTIMIZED = /^\[bailout \(kind: /gm;

interface Second {
  rps: number;
  /** The server's CPU per request in the second, all threads (the compiler's included), µs. */
  cpu: number;
  optimized: string[];
  deopts: number;
}

const { file } = seededDatabase("products-10k", { products: 10_000, priceChanges: 0 });
const scratch = mkdtempSync(join(tmpdir(), "viewsets-jit-"));
let copies = 0;

type Side = "viewset" | "hand-written";

/** One fresh server of `implementation`: the row's loads in order, what V8 did in each measured second. */
async function side(implementation: Side): Promise<Second[]> {
  let trace = "";
  const database = copyDatabase(file, scratch, `copy-${copies++}`);
  const server = await startServer(
    { framework, implementation, database },
    { nodeFlags: ["--trace-opt", "--trace-deopt"], onOutput: (text) => (trace += text) },
  );
  try {
    const seconds: Second[] = [];
    for (const name of ADAPTER_SCENARIOS) {
      const load = SCENARIOS[name];
      await warmUp(server, load, warmUpOf(load));
      const mark = trace.length;
      const before = cpuMs(server.pid);
      const sample = await measure(server, load, 1);
      const cpu = ((cpuMs(server.pid) - before) * 1000) / sample.requests;
      // What the trace printed up to the end of the second (a line may still be on its way: a
      // compile finishing as the second ends counts in neither).
      const during = trace.slice(mark);
      seconds.push({
        rps: sample.rps,
        cpu,
        optimized: [...during.matchAll(OPTIMIZED)].map((match) => match[1] ?? "(anonymous)"),
        deopts: [...during.matchAll(DEOPTIMIZED)].length,
      });
    }
    return seconds;
  } finally {
    await server.stop();
  }
}

const results: Record<Side, Second[][]> = { viewset: [], "hand-written": [] };
try {
  for (let round = 0; round < rounds; round++) {
    const order: Side[] = round % 2 === 0 ? ["viewset", "hand-written"] : ["hand-written", "viewset"];
    for (const implementation of order) {
      const seconds = await side(implementation);
      results[implementation].push(seconds);
      if (show) {
        seconds.forEach((second, i) => {
          console.log(
            `${implementation} ${ADAPTER_SCENARIOS[i]} (round ${round + 1}): ${second.optimized.join(", ") || "-"}`,
          );
        });
      }
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const warmUps = ADAPTER_SCENARIOS.map((name) => `${name} ${warmUpOf(SCENARIOS[name])}`).join(", ");
console.log(`\n${framework}, ${rounds} fresh servers per side, warm-up requests: ${warmUps}\n`);
console.log(
  "| side | scenario | functions optimized in the measured second (each server) | deoptimizations | µs CPU/request (each server) | req/s (median, traced) |",
);
console.log("|---|---|---|---:|---|---:|");
for (const implementation of ["viewset", "hand-written"] as const) {
  ADAPTER_SCENARIOS.forEach((name, i) => {
    const seconds = results[implementation].map((run) => run[i]!);
    const counts = seconds.map((second) => second.optimized.length).join(" / ");
    const deopts = seconds.reduce((sum, second) => sum + second.deopts, 0);
    const cpu = seconds.map((second) => second.cpu.toFixed(1)).join(" / ");
    const rps = median(seconds.map((second) => second.rps)).toFixed(0);
    console.log(`| ${implementation} | ${name} | ${counts} | ${deopts} | ${cpu} | ${rps} |`);
  });
}

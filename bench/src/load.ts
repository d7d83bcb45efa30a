/** Servers and load: starting a benchmark server in a process of its own, warming it up and driving it with autocannon. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import type { ServerConfig } from "./config.js";

/** One request, sent over and over by every connection. */
export interface Load {
  readonly path: string;
  readonly method?: "GET" | "POST";
  readonly body?: string;
  readonly headers?: Record<string, string>;
  /**
   * Requests a fresh server gets before this load is measured, when the run does not set one
   * (BENCH_WARMUP): enough that V8 has optimized what it serves before the measured second
   * (`run jit` counts what it still optimizes then; finding 21).
   */
  readonly warmUp?: number;
}

export interface RunningServer {
  readonly url: string;
  /** The server process (for its memory figures). */
  readonly pid: number;
  /** Every process that serves requests: the server's own, or a cluster's workers. */
  readonly pids: readonly number[];
  readonly config: ServerConfig;
  stop(): Promise<void>;
}

export interface Sample {
  /** Completed requests per second. */
  readonly rps: number;
  /** Completed requests in all. */
  readonly requests: number;
  readonly p50: number;
  readonly p99: number;
  /** Responses that were not 2xx, plus connection errors: a sample with any is not counted. */
  readonly failures: number;
}

const SERVER_ENTRY = fileURLToPath(new URL("./server.ts", import.meta.url));
export const CONNECTIONS = 50;

let canPin: boolean | undefined;
let pinnedNow = false;

/** Whether this machine can pin: taskset works and there are at least 2 CPUs. */
function canPinHere(): boolean {
  canPin ??= availableParallelism() >= 2 && spawnSync("taskset", ["-c", "1", "true"]).status === 0;
  return canPin;
}

/**
 * What BENCH_PIN pins: every section (`1`), none (`0`), or by default the cluster section alone,
 * whose question (what a second process adds) needs the load generator kept off the servers' CPUs.
 * The other sections run unpinned by default: on the 2-CPU machine of bench/HISTORY.md a pinned
 * server, its GC threads confined to its one CPU, served fewer requests and no steadier.
 */
export function pinMode(): "all" | "cluster" | "none" {
  const setting = process.env.BENCH_PIN;
  if (setting === "0" || !canPinHere()) return "none";
  return setting === "1" ? "all" : "cluster";
}

/**
 * Whether servers started now run on CPU 1 (a cluster's on CPUs 1…n−1) and the load generator on
 * CPU 0: in every section under BENCH_PIN=1, and inside `whilePinned` (the cluster section) by default.
 */
export function pinned(): boolean {
  return pinMode() === "all" || pinnedNow;
}

/** The load generator (this process) on CPU 0, or back on every CPU. */
export function pinLoadGenerator(on: boolean): void {
  const all = `0-${availableParallelism() - 1}`;
  spawnSync("taskset", ["-p", "-c", on ? "0" : all, String(process.pid)], { stdio: "ignore" });
}

/** Runs `section` pinned (the load generator on CPU 0, its servers on the others), then unpins. */
export async function whilePinned<T>(section: () => Promise<T>): Promise<T> {
  if (pinMode() !== "cluster") return section();
  pinLoadGenerator(true);
  pinnedNow = true;
  try {
    return await section();
  } finally {
    pinnedNow = false;
    pinLoadGenerator(false);
  }
}

/**
 * Under BENCH_PIN=1 the load generator has CPU 0 and the servers every other CPU: a cluster's
 * workers share CPU 1 on a 2-CPU machine (what a second process costs on the same core), and get
 * CPUs of their own on a larger one.
 */
export function serverCpus(): string {
  const count = availableParallelism();
  return count > 2 ? `1-${count - 1}` : "1";
}

/**
 * Starts `server.ts` (or `options.entry`) in a process of its own and resolves once it listens:
 * once it printed `{"port": n}` (and, for a cluster, `"pids"`: its workers).
 */
export function startServer(
  config: ServerConfig,
  options: {
    profileDir?: string;
    entry?: string;
    /** Flags for node and V8 before the others (`--trace-opt`). */
    nodeFlags?: readonly string[];
    /** Everything the server prints to stdout, as it comes. */
    onOutput?: (text: string) => void;
    /** The CPUs a pinned server runs on (taskset's list), when not CPU 1. */
    cpus?: string;
  } = {},
): Promise<RunningServer> {
  // The framework as users install it (each package's built dist), unless BENCH_SOURCE=1 asks
  // for its TypeScript sources through tsx (whose keepNames adds a `__name` call per closure made).
  const execArgv = ["--import", "tsx", ...(process.env.BENCH_SOURCE === "1" ? ["--conditions=source"] : [])];
  if (options.profileDir) {
    execArgv.push("--cpu-prof", `--cpu-prof-dir=${options.profileDir}`);
    // PROFILE_INTERVAL: the sampling interval in µs (V8's default is 1,000).
    if (process.env.PROFILE_INTERVAL) execArgv.push(`--cpu-prof-interval=${process.env.PROFILE_INTERVAL}`);
  }
  execArgv.unshift(...(options.nodeFlags ?? []));
  const command = [process.execPath, ...execArgv, options.entry ?? SERVER_ENTRY];
  // taskset execs node in its own place: the child's pid is the server's.
  const [file, ...args] = pinned() ? ["taskset", "-c", options.cpus ?? "1", ...command] : command;
  const child: ChildProcess = spawn(file!, args, {
    env: { ...process.env, NODE_ENV: "production", BENCH_SERVER: JSON.stringify(config) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    let listening = false;
    child.once("exit", (code) => reject(new Error(`benchmark server exited with ${code}: ${JSON.stringify(config)}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      options.onOutput?.(text);
      if (listening) return;
      output += text;
      // The server's first JSON line says its port (V8's traces, when asked for, are lines in brackets).
      const line = /^\{.*$(?=\n)/m.exec(output)?.[0];
      if (!line) return;
      listening = true;
      child.removeAllListeners("exit");
      const { port, pids } = JSON.parse(line) as { port: number; pids?: number[] };
      resolve({
        url: `http://127.0.0.1:${port}`,
        pid: child.pid!,
        pids: pids ?? [child.pid!],
        config,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}

/** BENCH_WARMUP: the warm-up of every load, when set. */
const WARMUP_OVERRIDE = process.env.BENCH_WARMUP ? Number(process.env.BENCH_WARMUP) : undefined;

/**
 * Requests a fresh process gets before it measures `load`, enough for the JIT to settle:
 * BENCH_WARMUP when set, else the load's own (the retrieve's), else 3,000.
 */
export function warmUpOf(load: Load): number {
  return WARMUP_OVERRIDE ?? load.warmUp ?? 3000;
}

/** Sends `requests` requests (to warm a fresh process up), then returns. */
export async function warmUp(server: RunningServer, load: Load, requests: number): Promise<void> {
  await autocannon({
    url: `${server.url}${load.path}`,
    connections: CONNECTIONS,
    // autocannon refuses fewer requests than connections.
    amount: Math.max(requests, CONNECTIONS),
    method: load.method ?? "GET",
    body: load.body,
    headers: { ...(load.body ? { "content-type": "application/json" } : {}), ...load.headers },
  });
}

/**
 * Drives `load` at the server for `seconds` (whole seconds: autocannon rounds up) from this
 * process: as fast as it answers, or at `rate` requests per second over all connections.
 */
export async function measure(server: RunningServer, load: Load, seconds: number, rate?: number): Promise<Sample> {
  const result = await autocannon({
    url: `${server.url}${load.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    method: load.method ?? "GET",
    body: load.body,
    headers: { ...(load.body ? { "content-type": "application/json" } : {}), ...load.headers },
  });
  const elapsed = (result.finish.getTime() - result.start.getTime()) / 1000;
  return {
    rps: result.requests.total / elapsed,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

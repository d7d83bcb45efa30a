/**
 * A server's CPU time per request at a fixed rate, over HTTP: the cost itself, where req/s at
 * saturation also measures the load generator (autocannon shares the 2 cores and spends its own
 * CPU on every request, so the faster a server is, the more of its lead the load generator eats)
 * and whatever else the machine runs. Shared by `pnpm bench` (its `cost` section) and `cpu.ts`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import type { ServerConfig } from "./config.js";
import { type Load, measure, median, startServer, warmUp } from "./load.js";

/**
 * CPU time of a process so far, all its threads, in ms: Linux's scheduler statistics, in
 * nanoseconds (`/proc/<pid>/stat` counts 10 ms ticks, a few percent of a one-second turn).
 */
export function cpuMs(pid: number): number {
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

/**
 * Resolves once a server is done with the requests a load left in flight: autocannon ends a turn
 * with up to one request per connection unanswered, which the server still serves after it (50
 * lists at a million rows are 0.6–1.5 s of work, 12–32 ms each on this machine) and which would
 * otherwise run during the next side's turn. Done: under 5% of a core over 20 ms (or 10 s gone),
 * all of a cluster's workers together.
 */
export async function settled(pid: number | readonly number[]): Promise<void> {
  const pids = typeof pid === "number" ? [pid] : pid;
  const total = () => pids.reduce((sum, p) => sum + cpuMs(p), 0);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const before = total();
    await sleep(20);
    if (total() - before < 1) return;
  }
}

export function quantile(values: readonly number[], q: number): number {
  return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)]!;
}

/**
 * The fixed rates of `pnpm bench`'s cost section (and of `cpu.ts` without BENCH_RATE), per
 * scenario: well under what the slowest side (Express, Feathers) serves on a slow day here, so
 * every side answers every request of its turn.
 */
export const COST_RATES = {
  sqlite: { list: 800, retrieve: 2500, create: 1000 },
  pg: { list: 400, retrieve: 1500, create: 800 },
  peer: { list: 400, retrieve: 1200 },
} as const;
/**
 * Requests a fresh process of the cost section gets before its first turn: its CPU counts every
 * thread's, V8's compiler threads too, so the JIT has to have settled (with 500, a retrieve
 * measured ~3× its settled cost).
 */
export const COST_WARMUP = { list: 5_000, retrieve: 10_000, create: 5_000 } as const;

/** One server of a comparison and the request it is sent. */
export interface CostSide {
  readonly config: ServerConfig;
  readonly load: Load;
  /** The server's entry file, when not bench/src/server.ts (Feathers). */
  readonly entry?: string;
}

export interface CostOptions {
  /** Requests per second over all connections, the same for every side: one all of them sustain. */
  readonly rate: number;
  /** Turns of one second per side, over all processes. */
  readonly rounds: number;
  /**
   * Fresh server processes per side, one after another, the rounds shared among them (1 by
   * default): two processes of the same code differ by a few percent (memory layout, JIT).
   */
  readonly processes?: number;
  /** Requests each server gets before its first turn. */
  readonly warm: number;
  /** Names the comparison in the error thrown when a turn had failed requests (which voids it). */
  readonly label?: string;
  /** Runs after each process's servers stopped (PostgreSQL: remove the rows a create added). */
  readonly after?: () => Promise<void>;
}

/**
 * µs of server CPU per request, as [side][turn]. The servers of a process pass stay up and the
 * sides take turns of one second at the same rate, the first side of a round moving on each
 * round, so the machine's slow spells fall on all of them.
 */
export async function cpuPerRequest(sides: readonly CostSide[], options: CostOptions): Promise<number[][]> {
  const perRequest: number[][] = sides.map(() => []);
  const processes = Math.max(1, options.processes ?? 1);
  for (let pass = 0; pass < processes; pass++) {
    const rounds =
      Math.ceil((options.rounds * (pass + 1)) / processes) - Math.ceil((options.rounds * pass) / processes);
    const servers = await Promise.all(
      sides.map((side) => startServer(side.config, side.entry ? { entry: side.entry } : {})),
    );
    try {
      for (const [i, server] of servers.entries()) await warmUp(server, sides[i]!.load, options.warm);
      for (let round = 0; round < rounds; round++) {
        for (let turn = 0; turn < servers.length; turn++) {
          const side = (turn + round + pass) % servers.length;
          const server = servers[side]!;
          const before = cpuMs(server.pid);
          const sample = await measure(server, sides[side]!.load, 1, options.rate);
          if (sample.failures > 0) {
            throw new Error(`${options.label ?? "cost"} ${sides[side]!.load.path}: ${sample.failures} failed requests`);
          }
          perRequest[side]!.push(((cpuMs(server.pid) - before) * 1000) / sample.requests);
          await settled(server.pid);
        }
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await options.after?.();
    }
  }
  return perRequest;
}

/** Lowest, first quartile and median of a side's turns. */
export function costSummary(values: readonly number[]): { min: number; p25: number; median: number } {
  return { min: Math.min(...values), p25: quantile(values, 0.25), median: median(values) };
}

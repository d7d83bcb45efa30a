/** How `pnpm bench` measures: its settings, the contenders of a comparison, their rounds and ratios, the same-answers check, the servers. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Framework } from "./apps.js";
import type { ServerConfig } from "./config.js";
import { settled } from "./cpu-time.js";
import { copyDatabase } from "./data.js";
import { type Load, type RunningServer, measure, median, startServer, warmUp, warmUpOf } from "./load.js";

/** The run's settings, read from the environment by run.ts. */
export interface Settings {
  /** BENCH_ROUNDS: rounds per comparison. */
  readonly rounds: number;
  /** BENCH_SECONDS: whole seconds per turn. */
  readonly seconds: number;
  /** BENCH_COST_ROUNDS: turns per side of the cost section. */
  readonly costRounds: number;
  /** BENCH_FRAMEWORKS: the adapters the adapter sections compare. */
  readonly adapters: readonly Framework[];
}

/** One side of a comparison: how to start its server, and what to ask it per scenario. */
export interface Contender {
  readonly label: string;
  /** Called once per turn: a fresh configuration (a fresh copy of a database it writes to). */
  readonly config: () => ServerConfig;
  readonly loads: readonly Load[];
  /** Requests before measuring each load (fewer for slow routes), or per load in order (undefined: the load's own). */
  readonly warmUp?: number | readonly (number | undefined)[];
  /** The server's entry file, when not bench/src/server.ts (Feathers, a cluster). */
  readonly entry?: string;
  /** The CPUs its server is pinned to under BENCH_PIN=1, when not CPU 1 (a cluster's workers). */
  readonly cpus?: string;
  /** Runs after each turn's server stopped (PostgreSQL: remove the rows the turn created). */
  readonly after?: () => Promise<void>;
}

/** Private copies of SQLite files for servers that write, in a folder removed at the end of the run. */
export class Scratch {
  private readonly folder = mkdtempSync(join(tmpdir(), "viewsets-bench-"));
  private copies = 0;

  /** A private copy of `file` for one server process that writes to it. */
  freshCopy(file: string): string {
    return copyDatabase(file, this.folder, `copy-${this.copies++}`);
  }

  /** Removes a copy made by `freshCopy` once its server stopped, with SQLite's WAL files beside it. */
  removeCopy(file: string | undefined): void {
    if (!file) return;
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${suffix}`, { force: true });
  }

  remove(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }
}

/** The median of the per-round ratios x / y, and the lowest and highest of them. */
export function perRound(x: readonly number[], y: readonly number[]): { ratio: number; spread: [number, number] } {
  const ratios = x.map((value, i) => value / y[i]!);
  return { ratio: median(ratios), spread: [Math.min(...ratios), Math.max(...ratios)] };
}

/** Per round, the higher of two sides' req/s (or the lower of their costs): the better one. */
export function perRoundBest(
  x: readonly number[],
  y: readonly number[],
  pick: (a: number, b: number) => number,
): number[] {
  return x.map((value, i) => pick(value, y[i]!));
}

function startOptions({ entry, cpus }: Contender): Parameters<typeof startServer>[1] {
  return { ...(entry ? { entry } : {}), ...(cpus ? { cpus } : {}) };
}

function warmUpFor(contender: Contender, scenario: number): number {
  const warm = contender.warmUp;
  const load = contender.loads[scenario]!;
  return (typeof warm === "number" ? warm : warm?.[scenario]) ?? warmUpOf(load);
}

/**
 * Each round, a fresh server per contender, all up at once; then per scenario, each is warmed up
 * and the sides are measured in turns A B B A (the round's first side moving on each round).
 * A side's two turns surround the other's, so a slow spell of the machine (they last seconds
 * here) or a drift falls on both sides of a round alike. Returns req/s as
 * [contender][scenario][round], each the mean of the side's two turns.
 */
export async function rounds(settings: Settings, contenders: readonly Contender[]): Promise<number[][][]> {
  const samples = contenders.map((c) => c.loads.map(() => [] as number[]));
  const scenarios = contenders[0]!.loads.length;
  for (let round = 0; round < settings.rounds; round++) {
    const servers: RunningServer[] = [];
    try {
      for (const contender of contenders) servers.push(await startServer(contender.config(), startOptions(contender)));
      const order = contenders.map((_, turn) => (round + turn) % contenders.length);
      for (let scenario = 0; scenario < scenarios; scenario++) {
        for (const [index, server] of servers.entries()) {
          const contender = contenders[index]!;
          await warmUp(server, contender.loads[scenario]!, warmUpFor(contender, scenario));
        }
        const total = contenders.map(() => 0);
        for (const index of [...order, ...[...order].reverse()]) {
          const { label, loads } = contenders[index]!;
          const sample = await measure(servers[index]!, loads[scenario]!, settings.seconds);
          if (sample.failures > 0)
            throw new Error(`${label} ${loads[scenario]!.path}: ${sample.failures} failed requests`);
          total[index]! += sample.rps;
          // The requests left in flight are served before the next turn starts, not during it.
          await settled(servers[index]!.pids);
        }
        for (const [index, sum] of total.entries()) samples[index]![scenario]!.push(sum / 2);
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      for (const contender of contenders) await contender.after?.();
    }
  }
  return samples;
}

interface Answer {
  status: number;
  type: string;
  body: string;
  location: string;
}

async function answer(server: RunningServer, load: Load): Promise<Answer> {
  const response = await fetch(`${server.url}${load.path}`, {
    method: load.method ?? "GET",
    headers: { ...(load.body ? { "content-type": "application/json" } : {}), ...load.headers },
    body: load.body,
  });
  return {
    status: response.status,
    type: (response.headers.get("content-type") ?? "").split(";")[0]!,
    body: (await response.text()).replaceAll(server.url, "ORIGIN"),
    location: (response.headers.get("location") ?? "").replace(server.url, "ORIGIN").replace(/\d+$/, "ID"),
  };
}

/** Both sides must give the same answer (a created row's id and timestamps aside), or the comparison is void. */
export async function assertSameAnswers(a: ServerConfig, b: ServerConfig, loads: readonly Load[]): Promise<void> {
  await withServers([a, b], async ([x, y]) => {
    for (const load of loads) {
      const [left, right] = [await answer(x!, load), await answer(y!, load)];
      if (load.method === "POST") {
        const strip = (text: string) => JSON.stringify({ ...JSON.parse(text), id: 0, createdAt: 0, updatedAt: 0 });
        left.body = strip(left.body);
        right.body = strip(right.body);
      }
      for (const key of ["status", "type", "body", "location"] as const) {
        if (left[key] !== right[key]) {
          const show = (value: string | number) => String(value).slice(0, 300);
          throw new Error(
            `${load.method ?? "GET"} ${load.path}: the sides differ in ${key}:\n  ${show(left[key])}\n  ${show(right[key])}`,
          );
        }
      }
    }
  });
}

/** Runs `body` with a server up for each configuration, and stops them after it. */
export async function withServers<T>(
  configs: readonly ServerConfig[],
  body: (servers: RunningServer[]) => Promise<T>,
): Promise<T> {
  const servers: RunningServer[] = [];
  try {
    for (const config of configs) servers.push(await startServer(config));
    return await body(servers);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

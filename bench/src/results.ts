/** What `pnpm bench` collects while it runs: its rows of req/s and of CPU cost, its notes and its log. */
import type { ThrottleVariant } from "./config.js";
import type { InProcessCost } from "./in-process.js";
import { median } from "./load.js";

export interface Row {
  readonly section: string;
  readonly adapter: string;
  readonly scenario: string;
  readonly a: { label: string; rps: number };
  readonly b: { label: string; rps: number };
  /** The median of the per-round ratios a / b. */
  readonly ratio: number;
  /** The lowest and highest per-round ratio: how much the rounds disagree. */
  readonly spread: [number, number];
}

/** A row of the cost section: µs of server CPU per request at a fixed rate. */
export interface CostRow extends Pick<Row, "adapter" | "scenario" | "spread"> {
  readonly group: "sqlite" | "pg" | "peer" | "throttle";
  readonly rate: number;
  readonly a: { label: string; us: number };
  readonly b: { label: string; us: number };
  /** The median of the per-round ratios b / a: how many requests a serves for each of b's. */
  readonly ratio: number;
}

/** One throttle check in-process: µs one after another, and 32 in flight. */
export interface CheckCost {
  readonly variant: ThrottleVariant;
  readonly sequential: number;
  readonly overlapped: number;
}

const started = Date.now();

/** A line on stderr, with the seconds since the run started. */
export function log(message: string): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  process.stderr.write(`[${seconds}s] ${message}\n`);
}

/** The median of the per-round ratios x / y, and the lowest and highest of them. */
export function perRound(x: readonly number[], y: readonly number[]): Pick<Row, "ratio" | "spread"> {
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

/** Every row and note of one run, in the order the sections added them. */
export class Results {
  readonly rows: Row[] = [];
  readonly costRows: CostRow[] = [];
  readonly checkCosts: CheckCost[] = [];
  readonly notes: string[] = [];
  coreCosts: InProcessCost[] = [];

  row(section: string, adapter: string, scenario: string, labels: [string, string], a: number[], b: number[]): void {
    const result: Row = {
      section,
      adapter,
      scenario,
      a: { label: labels[0], rps: median(a) },
      b: { label: labels[1], rps: median(b) },
      // The median of the per-round ratios: a round's turns surround each other (A B B A), so a
      // burst of outside load mostly cancels within the round.
      ...perRound(a, b),
    };
    this.rows.push(result);
    log(
      `${adapter} ${scenario}: ${result.a.rps.toFixed(0)} vs ${result.b.rps.toFixed(0)} req/s, ratio ${result.ratio.toFixed(3)}`,
    );
  }

  costRow(
    group: CostRow["group"],
    adapter: string,
    scenario: string,
    rate: number,
    labels: [string, string],
    a: number[],
    b: number[],
  ): void {
    const result: CostRow = {
      group,
      adapter,
      scenario,
      rate,
      a: { label: labels[0], us: median(a) },
      b: { label: labels[1], us: median(b) },
      // b's CPU per request over a's, round by round: > 1 when a costs less (serves more per core).
      ...perRound(b, a),
    };
    this.costRows.push(result);
    log(
      `cost ${group} ${adapter} ${scenario}: ${result.a.us.toFixed(1)} vs ${result.b.us.toFixed(1)} µs CPU/request, ratio ${result.ratio.toFixed(3)}`,
    );
  }

  has(section: string): boolean {
    return this.rows.some((r) => r.section === section);
  }
}

/** What `pnpm bench` collects while it runs: its rows of req/s and of CPU cost, its notes and its log. */
import type { ThrottleVariant } from "./config.js";
import type { InProcessCost } from "./in-process.js";
import { median } from "./load.js";
import { perRound } from "./measure.js";

/** One side of a row: its median req/s, and its req/s in each round. */
export interface Side {
  readonly label: string;
  readonly rps: number;
  readonly rounds: readonly number[];
}

/** The row's first side against one baseline. */
export interface Against extends Side {
  readonly ratio: number;
  readonly spread: [number, number];
}

export interface Row {
  readonly section: string;
  readonly adapter: string;
  readonly scenario: string;
  readonly a: Side;
  /** The other side; in a row against two baselines, the better of them (the higher median req/s), by its label. */
  readonly b: Side;
  /** The median of the per-round ratios a / b. */
  readonly ratio: number;
  /** The lowest and highest per-round ratio: how much the rounds disagree. */
  readonly spread: [number, number];
  /** In a row against two baselines: a against each of them alone. */
  readonly against?: readonly Against[];
  /** In a row against two baselines: in how many rounds each served more (the higher req/s). */
  readonly better?: Readonly<Record<string, number>>;
}

/** A row of the cost section: µs of server CPU per request at a fixed rate. */
export interface CostRow extends Pick<Row, "adapter" | "scenario" | "spread"> {
  readonly group: "sqlite" | "pg" | "peer" | "throttle";
  readonly rate: number;
  /** Median µs of server CPU per request, and the µs of each turn. */
  readonly a: { label: string; us: number; rounds: readonly number[] };
  readonly b: { label: string; us: number; rounds: readonly number[] };
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

/** Every row and note of one run, in the order the sections added them. */
export class Results {
  readonly rows: Row[] = [];
  readonly costRows: CostRow[] = [];
  readonly checkCosts: CheckCost[] = [];
  readonly notes: string[] = [];
  coreCosts: InProcessCost[] = [];

  row(
    section: string,
    adapter: string,
    scenario: string,
    labels: [string, string],
    a: readonly number[],
    b: readonly number[],
  ): void {
    const result: Row = {
      section,
      adapter,
      scenario,
      a: { label: labels[0], rps: median(a), rounds: a },
      b: { label: labels[1], rps: median(b), rounds: b },
      // The median of the per-round ratios: a round's turns surround each other (A B B A), so a
      // burst of outside load mostly cancels within the round.
      ...perRound(a, b),
    };
    this.rows.push(result);
    log(
      `${adapter} ${scenario}: ${result.a.rps.toFixed(0)} vs ${result.b.rps.toFixed(0)} req/s, ratio ${result.ratio.toFixed(3)}`,
    );
  }

  /**
   * A row of `a` against two baselines (the strongest hand-written handler and the simplest): its
   * ratio is taken against whichever served more in each round, and the row keeps a against each.
   */
  rowAgainstBetter(
    section: string,
    adapter: string,
    scenario: string,
    a: Side["rounds"],
    baselines: readonly [Pick<Side, "label" | "rounds">, Pick<Side, "label" | "rounds">],
  ): void {
    const [x, y] = baselines;
    // The better baseline is the one that served more over the run (the higher median req/s), and
    // every round's ratio is taken against it. Not the higher of the two in each round: with two
    // baselines of about the same speed, that picks whichever had the luckier round, and the bar
    // becomes the maximum of two noisy samples, above both handlers' own rates (METHOD.md).
    const chosen = median(y.rounds) > median(x.rounds) ? y : x;
    const better: Record<string, number> = { [x.label]: 0, [y.label]: 0 };
    for (const [i, value] of x.rounds.entries()) better[value >= y.rounds[i]! ? x.label : y.label]! += 1;
    const against = baselines.map((side) => ({
      label: side.label,
      rps: median(side.rounds),
      rounds: side.rounds,
      ...perRound(a, side.rounds),
    }));
    const result: Row = {
      section,
      adapter,
      scenario,
      a: { label: "viewset", rps: median(a), rounds: a },
      b: { label: chosen.label, rps: median(chosen.rounds), rounds: chosen.rounds },
      ...perRound(a, chosen.rounds),
      against,
      better,
    };
    this.rows.push(result);
    log(
      `${adapter} ${scenario}: ${result.a.rps.toFixed(0)} vs ${against.map((s) => `${s.label} ${s.rps.toFixed(0)}`).join(", ")} req/s, ratio to the better ${result.ratio.toFixed(3)}`,
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
      a: { label: labels[0], us: median(a), rounds: a },
      b: { label: labels[1], us: median(b), rounds: b },
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

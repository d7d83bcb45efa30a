// What `pnpm bench` records and draws: ratios against the better of two baselines, the run's JSON, its chart.
import { describe, expect, it } from "vitest";
import { chartSvg } from "./chart.js";
import { type RunRecord, isFull } from "./record.js";
import { Results } from "./results.js";
import { summary } from "./summary.js";

const ALL = ["core", "adapters", "pg", "peer", "large", "throttle", "cluster", "cost"];

function recordOf(results: Results, adapters = ["express", "koa", "hono", "fastify"], sections = ALL): RunRecord {
  return {
    machine: "2 × test CPU",
    date: "2026-11-27",
    commit: "abc1234",
    settings: { rounds: 3, seconds: 1, costRounds: 2, adapters: adapters as never, sections, pinned: false },
    elapsedSeconds: 1,
    coreCosts: [],
    rows: results.rows,
    checkCosts: [],
    costRows: results.costRows,
    notes: [],
  };
}

describe("a row against two baselines", () => {
  it("takes every round's ratio against the baseline with the higher median, not the luckier one per round", () => {
    const results = new Results();
    results.rowAgainstBetter(
      "adapters",
      "hono",
      "retrieve",
      [100, 90, 120],
      [
        { label: "strongest", rounds: [110, 80, 100] },
        { label: "simplest", rounds: [105, 100, 104] },
      ],
    );
    const [row] = results.rows;
    // Medians: strongest 100, simplest 104; the simplest is the better, in every round.
    expect(row!.b.label).toBe("simplest");
    expect(row!.b.rounds).toEqual([105, 100, 104]);
    expect(row!.b.rps).toBe(104);
    // Round by round the strongest served more once (110 against 105), the simplest twice.
    expect(row!.better).toEqual({ strongest: 1, simplest: 2 });
    // Ratios 100/105, 90/100, 120/104: the median is 0.952.
    expect(row!.ratio).toBeCloseTo(100 / 105);
    expect(row!.spread[0]).toBeCloseTo(0.9);
    expect(row!.spread[1]).toBeCloseTo(120 / 104);
    // Each baseline alone, with its rounds kept.
    expect(row!.against!.map((s) => s.label)).toEqual(["strongest", "simplest"]);
    expect(row!.against![0]!.rounds).toEqual([110, 80, 100]);
    expect(row!.against![0]!.ratio).toBeCloseTo(1.125);
    expect(row!.a.rounds).toEqual([100, 90, 120]);
  });

  it("is not lowered by noise: two equally fast baselines make a bar no higher than either", () => {
    const results = new Results();
    // Two baselines at the same rate, each lucky in alternate rounds; the viewset at that rate too.
    results.rowAgainstBetter(
      "adapters",
      "hono",
      "list",
      [100, 100, 100, 100, 100],
      [
        { label: "strongest", rounds: [110, 90, 110, 90, 100] },
        { label: "simplest", rounds: [90, 110, 90, 110, 100] },
      ],
    );
    const [row] = results.rows;
    // The per-round maximum would be 110 in four rounds of five (ratio 0.909); against one baseline it is 1.0.
    expect(row!.ratio).toBeCloseTo(1.0);
    expect(row!.b.label).toBe("strongest");
  });
});

describe("the run's record", () => {
  it("replaces the published run only when every section ran on every adapter", () => {
    const results = new Results();
    expect(isFull(recordOf(results), ALL)).toBe(true);
    expect(isFull(recordOf(results, ["hono"]), ALL)).toBe(false);
    expect(isFull(recordOf(results, undefined, ["adapters", "pg"]), ALL)).toBe(false);
  });
});

describe("the chart", () => {
  const baselines = (strongest: number[], simplest: number[]) =>
    [
      { label: "strongest", rounds: strongest },
      { label: "simplest", rounds: simplest },
    ] as const;

  it("draws one point with its whisker per adapter, scenario and database, and the A/A row none", () => {
    const results = new Results();
    results.row("adapters", "express", "retrieve, viewset against itself", ["viewset", "viewset"], [1, 1], [1, 1]);
    results.rowAgainstBetter("adapters", "hono", "list", [100, 96], baselines([100, 100], [90, 90]));
    results.rowAgainstBetter("adapters", "hono", "retrieve", [90, 99], baselines([100, 100], [100, 100]));
    results.rowAgainstBetter("pg", "hono", "list", [80, 88], baselines([100, 100], [80, 110]));
    results.row("peer", "hono vs feathers' faster", "list", ["viewset", "feathers"], [200, 200], [100, 100]);
    const svg = chartSvg(recordOf(results));
    const points = [...svg.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(points).toEqual([
      "hono list: 0.980 (rounds 0.96–1.00)",
      "hono retrieve: 0.945 (rounds 0.90–0.99)",
      // Against the strongest (median 100), not the simplest (median 95) that served more in round 2.
      "hono list: 0.840 (rounds 0.80–0.88)",
    ]);
    expect(svg).toContain("Against the better of two hand-written handlers over the run");
    expect(svg).toContain("over 3 rounds");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
  });

  it("says which database a run did not measure, and where a transcribed record came from", () => {
    const results = new Results();
    results.row("adapters", "koa", "create", ["viewset", "hand-written"], [95], [100]);
    const svg = chartSvg({ ...recordOf(results), source: "transcribed <by hand> & checked" });
    expect(svg).toContain("not measured in this run");
    expect(svg).toContain("Against the strongest hand-written handler");
    expect(svg).toContain("transcribed &lt;by hand&gt; &amp; checked");
  });
});

describe("the summary BENCHMARKS.md shows", () => {
  it("gives each database and adapter its ratios with their spread, and which baseline was the better", () => {
    const results = new Results();
    const two = (strongest: number[], simplest: number[]) =>
      [
        { label: "strongest", rounds: strongest },
        { label: "simplest", rounds: simplest },
      ] as const;
    results.rowAgainstBetter("adapters", "koa", "list", [100, 100], two([100, 100], [90, 90]));
    results.rowAgainstBetter("adapters", "koa", "retrieve", [90, 100], two([80, 80], [100, 100]));
    results.rowAgainstBetter("pg", "koa", "create", [95, 95], two([100, 100], [50, 50]));
    results.costRow("sqlite", "koa", "list", 800, ["viewset", "hand-written"], [100], [110]);
    const text = summary(recordOf(results));
    expect(text).toContain(
      "| SQLite | koa | 1.000 (1.00–1.00) | 0.950 (0.90–1.00) | — | 1.100 / — / — | strongest / simplest / — |",
    );
    expect(text).toContain("| PostgreSQL | koa | — | — | 0.950 (0.95–0.95) | — / — / — | — / — / strongest |");
    // Against each baseline alone, with its own spread and how often each served more.
    expect(text).toContain(
      "| SQLite | koa | retrieve | 1.188 (1.13–1.25) | 0.950 (0.90–1.00) | strongest 0, simplest 2 |",
    );
    expect(text).toContain(
      "| PostgreSQL | koa | create | 0.950 (0.95–0.95) | 1.900 (1.90–1.90) | strongest 2, simplest 0 |",
    );
    expect(text).not.toContain("FeathersJS");
  });
});

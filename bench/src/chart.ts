/**
 * The run's chart, hand-written SVG: the viewset's req/s over the hand-written baseline's per
 * adapter and scenario, on SQLite and PostgreSQL, each a dot at the median of the per-round ratios
 * with a whisker from the lowest round to the highest. `tsx src/chart.ts results/latest.json`
 * draws a record again (into the .svg beside it).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RunRecord } from "./record.js";
import type { Row } from "./results.js";

const SCENARIOS = ["list", "retrieve", "create"] as const;
const COLORS: Record<(typeof SCENARIOS)[number], string> = { list: "#2b6cb0", retrieve: "#2f855a", create: "#c05621" };
/** One panel per database, with issue 48's target for it. */
const PANELS = [
  { section: "adapters", title: "SQLite", target: 0.95 },
  { section: "pg", title: "PostgreSQL", target: 0.9 },
] as const;

const PARITY = 'stroke="#4a5568"';
const TARGET = 'stroke="#c53030" stroke-dasharray="5 4"';

const TITLE = "viewset req/s ÷ hand-written req/s, per adapter and database";
const WIDTH = 960;
const LEFT = 56;
const GAP = 40;
const RIGHT = 16;
const TOP = 92;
const PLOT = 240;
const HEIGHT = TOP + PLOT + 66;
const PANEL = (WIDTH - LEFT - GAP - RIGHT) / 2;

type Point = Pick<Row, "adapter" | "scenario" | "ratio" | "spread">;

const xml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const fixed = (n: number) => n.toFixed(1);

function pointsOf(record: RunRecord, section: string): Point[] {
  return record.rows.filter(
    (r) => r.section === section && (SCENARIOS as readonly string[]).includes(r.scenario) && !isNoise(r),
  );
}

/** The A/A row is in the adapters section too, under a scenario of its own: never a point. */
const isNoise = (row: Row) => row.a.label === row.b.label;

/** The y axis: every whisker and both targets inside, in steps of 0.1. */
function yRange(points: readonly Point[]): [number, number] {
  const lows = points.map((p) => p.spread[0]);
  const highs = points.map((p) => p.spread[1]);
  const lo = Math.floor(Math.min(0.8, ...lows) * 10 - 0.5) / 10;
  const hi = Math.ceil(Math.max(1.2, ...highs) * 10 + 0.5) / 10;
  return [Math.max(0, lo), hi];
}

function axis(x0: number, [lo, hi]: [number, number], y: (v: number) => number): string[] {
  const step = hi - lo > 1.2 ? 0.2 : 0.1;
  const parts: string[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) {
    const at = fixed(y(v));
    parts.push(`<line x1="${x0}" x2="${x0 + PANEL}" y1="${at}" y2="${at}" stroke="#e2e8f0"/>`);
    parts.push(`<text x="${x0 - 6}" y="${at}" dy="3" text-anchor="end" font-size="10">${v.toFixed(1)}</text>`);
  }
  return parts;
}

function panel(
  index: number,
  spec: (typeof PANELS)[number],
  points: readonly Point[],
  adapters: readonly string[],
  range: [number, number],
): string[] {
  const x0 = LEFT + index * (PANEL + GAP);
  const y = (v: number) => TOP + (PLOT * (range[1] - v)) / (range[1] - range[0]);
  const parts = [
    `<text x="${x0 + PANEL / 2}" y="${TOP - 10}" text-anchor="middle" font-weight="bold">${spec.title}</text>`,
  ];
  parts.push(...axis(x0, range, y));
  const line = (v: number, style: string) => {
    const at = fixed(y(v));
    return `<line x1="${x0}" x2="${x0 + PANEL}" y1="${at}" y2="${at}" ${style}/>`;
  };
  parts.push(line(1, PARITY), line(spec.target, TARGET));
  parts.push(`<rect x="${x0}" y="${TOP}" width="${PANEL}" height="${PLOT}" fill="none" stroke="#a0aec0"/>`);
  if (points.length === 0) {
    parts.push(
      `<text x="${x0 + PANEL / 2}" y="${TOP + PLOT / 2}" text-anchor="middle">not measured in this run</text>`,
    );
    return parts;
  }
  const group = PANEL / adapters.length;
  adapters.forEach((adapter, g) => {
    const center = x0 + group * (g + 0.5);
    parts.push(`<text x="${fixed(center)}" y="${TOP + PLOT + 18}" text-anchor="middle">${xml(adapter)}</text>`);
    SCENARIOS.forEach((scenario, s) => {
      const point = points.find((p) => p.adapter === adapter && p.scenario === scenario);
      if (!point) return;
      const x = fixed(x0 + group * g + (group * (s + 1)) / 4);
      const [low, high, mid] = [y(point.spread[0]), y(point.spread[1]), y(point.ratio)].map(fixed);
      const color = COLORS[scenario];
      parts.push(
        `<g><title>${xml(adapter)} ${scenario}: ${point.ratio.toFixed(3)} (rounds ${point.spread[0].toFixed(2)}–${point.spread[1].toFixed(2)})</title>`,
        `<line x1="${x}" x2="${x}" y1="${low}" y2="${high}" stroke="${color}" stroke-width="1.5"/>`,
        `<line x1="${Number(x) - 4}" x2="${Number(x) + 4}" y1="${low}" y2="${low}" stroke="${color}"/>`,
        `<line x1="${Number(x) - 4}" x2="${Number(x) + 4}" y1="${high}" y2="${high}" stroke="${color}"/>`,
        `<circle cx="${x}" cy="${mid}" r="4.5" fill="${color}"/>`,
        `<text x="${Number(x) + 6}" y="${mid}" dy="3" font-size="10">${point.ratio.toFixed(2)}</text></g>`,
      );
    });
  });
  return parts;
}

/** The scenarios' colours, then the two lines: parity and each panel's target. */
function legend(): string[] {
  const y = TOP - 34;
  const parts = SCENARIOS.flatMap((scenario, i) => {
    const x = LEFT + 6 + i * 80;
    return [
      `<circle cx="${x}" cy="${y}" r="4.5" fill="${COLORS[scenario]}"/>`,
      `<text x="${x + 8}" y="${y}" dy="4">${scenario}</text>`,
    ];
  });
  const targets = PANELS.map((p) => `${p.title} ${p.target.toFixed(2)}`).join(", ");
  const x = LEFT + 250;
  parts.push(
    `<line x1="${x}" x2="${x + 24}" y1="${y}" y2="${y}" ${PARITY}/>`,
    `<text x="${x + 30}" y="${y}" dy="4">parity (1.0)</text>`,
    `<line x1="${x + 130}" x2="${x + 154}" y1="${y}" y2="${y}" ${TARGET}/>`,
    `<text x="${x + 160}" y="${y}" dy="4">target (${targets})</text>`,
  );
  return parts;
}

/** What the ratios are taken against, as the record's rows say. */
function baselineOf(points: readonly Point[]): string {
  const two = points.some((p) => "against" in p && p.against);
  return two
    ? "the better of two hand-written handlers over the run (the strongest and the simplest)"
    : "the strongest hand-written handler";
}

export function chartSvg(record: RunRecord): string {
  const perPanel = PANELS.map((spec) => pointsOf(record, spec.section));
  const all = perPanel.flat();
  const adapters = [...new Set(all.map((p) => p.adapter))];
  const range = yRange(all);
  const rounds = record.settings.rounds;
  const subtitle = `Dot: median of the per-round ratios over ${rounds} round${rounds === 1 ? "" : "s"}; whisker: lowest–highest round. Against ${baselineOf(all)}.`;
  const origin = `${record.date}, ${record.commit}, ${record.machine}`;
  const body = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="Helvetica, Arial, sans-serif" font-size="12" fill="#1a202c" role="img" aria-labelledby="chart-title">`,
    `<title id="chart-title">${xml(TITLE)}: ${xml(subtitle)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${LEFT}" y="22" font-size="15" font-weight="bold">${TITLE}</text>`,
    `<text x="${LEFT}" y="40" font-size="11">${xml(subtitle)}</text>`,
    ...legend(),
    ...PANELS.flatMap((spec, i) => panel(i, spec, perPanel[i]!, adapters, range)),
    `<text x="${LEFT}" y="${HEIGHT - 24}" font-size="10" fill="#4a5568">${xml(origin)}</text>`,
    record.source
      ? `<text x="${LEFT}" y="${HEIGHT - 10}" font-size="10" fill="#4a5568">${xml(record.source)}</text>`
      : "",
    "</svg>",
  ];
  return `${body.join("\n")}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: tsx src/chart.ts <record.json> [out.svg]");
  const record = JSON.parse(readFileSync(file, "utf8")) as RunRecord;
  const out = process.argv[3] ?? file.replace(/\.json$/, ".svg");
  writeFileSync(out, chartSvg(record));
  console.log(`wrote ${out}`);
}

/**
 * The tables BENCHMARKS.md shows, made from a run's record: the viewset's ratios per database and
 * adapter with their spread (and by CPU, from the cost section), the same against each of the two
 * baselines, Feathers' row, the cluster's.
 * `tsx src/summary.ts results/latest.json` prints them in Markdown.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RunRecord } from "./record.js";
import type { CostRow, Row } from "./results.js";

const SCENARIOS = ["list", "retrieve", "create"] as const;
const DATABASES = [
  { section: "adapters", group: "sqlite", name: "SQLite" },
  { section: "pg", group: "pg", name: "PostgreSQL" },
] as const;

const cell = (row: Pick<Row, "ratio" | "spread"> | undefined) =>
  row ? `${row.ratio.toFixed(3)} (${row.spread[0].toFixed(2)}–${row.spread[1].toFixed(2)})` : "—";
const cpu = (row: CostRow | undefined) => (row ? row.ratio.toFixed(3) : "—");

/** The baseline the row's ratio is taken against: the one with the higher median req/s. */
function betterOf(row: Row | undefined): string {
  return row?.against ? row.b.label : "—";
}

function ratios(record: RunRecord): string {
  const twoBaselines = record.rows.some((r) => r.against);
  const lines = [
    `| database | adapter | ${SCENARIOS.join(" | ")} | by CPU (${SCENARIOS.join(" / ")}) |${twoBaselines ? " better baseline |" : ""}`,
    `|---|---|${SCENARIOS.map(() => "---:").join("|")}|---:|${twoBaselines ? "---|" : ""}`,
  ];
  for (const database of DATABASES) {
    const rows = record.rows.filter((r) => r.section === database.section && r.a.label !== r.b.label);
    for (const adapter of new Set(rows.map((r) => r.adapter))) {
      const of = (scenario: string) => rows.find((r) => r.adapter === adapter && r.scenario === scenario);
      const costOf = (scenario: string) =>
        record.costRows.find((r) => r.group === database.group && r.adapter === adapter && r.scenario === scenario);
      const cells = SCENARIOS.map((s) => cell(of(s)));
      const byCpu = SCENARIOS.map((s) => cpu(costOf(s))).join(" / ");
      const better = twoBaselines ? ` ${SCENARIOS.map((s) => betterOf(of(s))).join(" / ")} |` : "";
      lines.push(`| ${database.name} | ${adapter} | ${cells.join(" | ")} | ${byCpu} |${better}`);
    }
  }
  return lines.join("\n");
}

/**
 * Each row against each of its two baselines alone (the strongest hand-written handler, the
 * simplest), with the spread of its per-round ratios: the table above takes only the better.
 */
function baselines(record: RunRecord): string {
  const labels = ["strongest", "simplest"];
  const lines = [
    `| database | adapter | scenario | ${labels.map((label) => `/ ${label}`).join(" | ")} | better in rounds |`,
    `|---|---|---|${labels.map(() => "---:").join("|")}|---|`,
  ];
  for (const database of DATABASES) {
    for (const row of record.rows.filter((r) => r.section === database.section && r.against)) {
      const cells = labels.map((label) => cell(row.against!.find((side) => side.label === label)));
      const rounds = Object.entries(row.better ?? {})
        .map(([label, count]) => `${label} ${count}`)
        .join(", ");
      lines.push(`| ${database.name} | ${row.adapter} | ${row.scenario} | ${cells.join(" | ")} | ${rounds} |`);
    }
  }
  return lines.join("\n");
}

function feathers(record: RunRecord): string {
  const rows = record.rows.filter((r) => r.section === "peer");
  const lines = ["| adapter | list | retrieve | by CPU (list / retrieve) |", "|---|---:|---:|---:|"];
  for (const adapter of new Set(rows.map((r) => r.adapter))) {
    const of = (scenario: string) => rows.find((r) => r.adapter === adapter && r.scenario === scenario);
    const costOf = (scenario: string) =>
      record.costRows.find(
        (r) => r.group === "peer" && r.adapter.split(" ")[0] === adapter.split(" ")[0] && r.scenario === scenario,
      );
    lines.push(
      `| ${adapter} | ${cell(of("list"))} | ${cell(of("retrieve"))} | ${cpu(costOf("list"))} / ${cpu(costOf("retrieve"))} |`,
    );
  }
  return lines.join("\n");
}

function cluster(record: RunRecord): string {
  const rows = record.rows.filter((r) => r.section === "cluster");
  const lines = ["| adapter | scenario | 2 workers req/s | 1 process req/s | 2 / 1 |", "|---|---|---:|---:|---:|"];
  for (const r of rows)
    lines.push(`| ${r.adapter} | ${r.scenario} | ${r.a.rps.toFixed(0)} | ${r.b.rps.toFixed(0)} | ${cell(r)} |`);
  return lines.join("\n");
}

/** The Markdown tables of a record, each under a line naming it; a table with no rows is left out. */
export function summary(record: RunRecord): string {
  const parts = [["viewset / hand-written by req/s", ratios(record)]];
  if (record.rows.some((r) => r.against)) parts.push(["viewset / each baseline by req/s", baselines(record)]);
  if (record.rows.some((r) => r.section === "peer")) parts.push(["viewset / FeathersJS by req/s", feathers(record)]);
  if (record.rows.some((r) => r.section === "cluster"))
    parts.push(["two cluster workers / one process", cluster(record)]);
  return parts.map(([title, table]) => `${title}:\n\n${table}`).join("\n\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: tsx src/summary.ts <record.json>");
  console.log(summary(JSON.parse(readFileSync(file, "utf8")) as RunRecord));
}

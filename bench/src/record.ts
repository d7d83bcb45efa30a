/** The run's record: everything `pnpm bench` measured, every row with its rounds, written as JSON and charted as SVG into bench/results/. */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { FRAMEWORKS } from "./apps.js";
import { chartSvg } from "./chart.js";
import { pinned } from "./load.js";
import type { Settings } from "./measure.js";
import type { CheckCost, CostRow, Results, Row } from "./results.js";
import type { InProcessCost } from "./in-process.js";

/** Where runs are kept: `latest.*` from a run of every section and adapter (committed when published), `partial.*` from any other (git-ignored). */
export const RESULTS_DIR = fileURLToPath(new URL("../results/", import.meta.url));

export interface RunRecord {
  readonly machine: string;
  /** The day the run started, YYYY-MM-DD. */
  readonly date: string;
  /** The commit measured (`git describe --always --dirty`). */
  readonly commit: string;
  readonly settings: Settings & { readonly sections: readonly string[]; readonly pinned: boolean };
  readonly elapsedSeconds: number;
  readonly coreCosts: readonly InProcessCost[];
  readonly rows: readonly Row[];
  readonly checkCosts: readonly CheckCost[];
  readonly costRows: readonly CostRow[];
  readonly notes: readonly string[];
  /** Set on a record not written by `pnpm bench` itself (a run published before records were kept, transcribed from its report). */
  readonly source?: string;
}

function commitOf(): string {
  const git = spawnSync("git", ["describe", "--always", "--dirty"], { encoding: "utf8" });
  return git.status === 0 ? git.stdout.trim() : "unknown";
}

export function recordOf(
  machine: string,
  settings: Settings,
  sections: readonly string[],
  results: Results,
  elapsedSeconds: number,
): RunRecord {
  const { coreCosts, rows, checkCosts, costRows, notes } = results;
  return {
    machine,
    date: new Date().toISOString().slice(0, 10),
    commit: commitOf(),
    settings: { ...settings, sections, pinned: pinned() },
    elapsedSeconds,
    coreCosts,
    rows,
    checkCosts,
    costRows,
    notes,
  };
}

/** Whether a run measured every section on every adapter: only such a run replaces `latest`. */
export function isFull(record: RunRecord, allSections: readonly string[]): boolean {
  const { sections, adapters } = record.settings;
  return allSections.every((s) => sections.includes(s)) && FRAMEWORKS.every((f) => adapters.includes(f));
}

/** Writes `<name>.json` and `<name>.svg` into bench/results/ and returns their paths. */
export function writeRecord(record: RunRecord, name: string, directory = RESULTS_DIR): [string, string] {
  mkdirSync(directory, { recursive: true });
  const json = join(directory, `${name}.json`);
  const svg = join(directory, `${name}.svg`);
  writeFileSync(json, `${JSON.stringify(record, null, 2)}\n`);
  writeFileSync(svg, chartSvg(record));
  return [json, svg];
}

/** The report `pnpm bench` prints and writes to bench/.data/last-run.md: one Markdown table per section. */
import { PG_SIZE, THROTTLE_RATE } from "./config.js";
import { CONNECTIONS, pinMode, pinned, serverCpus } from "./load.js";
import type { Settings } from "./measure.js";
import type { Results, Row } from "./results.js";

const spreadOf = (spread: readonly [number, number]) => `${spread[0].toFixed(2)}–${spread[1].toFixed(2)}`;

function header(headers: readonly string[]): string[] {
  return [`| ${headers.join(" | ")} |`, `|${headers.map((_, i) => (i < 2 ? "---" : "---:")).join("|")}|`];
}

function table(results: Results, section: string, headers: readonly string[]): string {
  const lines = header(headers);
  for (const r of results.rows.filter((x) => x.section === section && !x.against)) {
    lines.push(
      `| ${r.adapter} | ${r.scenario} | ${r.a.rps.toFixed(0)} | ${r.b.rps.toFixed(0)} | ${r.ratio.toFixed(3)} | ${spreadOf(r.spread)} |`,
    );
  }
  return lines.join("\n");
}

/** The better baseline, and in how many of the rounds each served more: "strongest (strongest 4/5, simplest 1/5)". */
function betterOf(row: Row): string {
  const counts = Object.entries(row.better ?? {}).sort(([, x], [, y]) => y - x);
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  const rounds = counts
    .filter(([, n]) => n > 0)
    .map(([label, n]) => `${label} ${n}/${total}`)
    .join(", ");
  return `${row.b.label} (${rounds})`;
}

/** The rows of a section against both baselines: each alone, and the better of the two over the run. */
function baselinesTable(results: Results, section: string): string {
  const lines = header([
    "adapter",
    "scenario",
    "viewset req/s",
    "strongest req/s",
    "simplest req/s",
    "/ strongest",
    "/ simplest",
    "/ better",
    "spread",
    "better (served more in rounds)",
  ]);
  for (const r of results.rows.filter((x) => x.section === section && x.against)) {
    const [strongest, simplest] = r.against!;
    lines.push(
      `| ${r.adapter} | ${r.scenario} | ${r.a.rps.toFixed(0)} | ${strongest!.rps.toFixed(0)} | ${simplest!.rps.toFixed(0)} | ${strongest!.ratio.toFixed(3)} | ${simplest!.ratio.toFixed(3)} | ${r.ratio.toFixed(3)} | ${spreadOf(r.spread)} | ${betterOf(r)} |`,
    );
  }
  return lines.join("\n");
}

const BASELINES_NOTE =
  "Two baselines per adapter, in the same rounds: the strongest hand-written handler (bench/src/hand-written/) and the simplest one a user of the framework writes (bench/src/hand-written/simplest/). / better = the median of the per-round ratios to the better baseline, the one with the higher median req/s over the run's rounds; spread = their lowest–highest; the last column names it, and in how many rounds each baseline served more.";

function coreReport(results: Results): string {
  return [
    "The core alone, in-process (no HTTP): `router.handle(request)` against the hand-written function + `JSON.stringify`.",
    "",
    "| scenario | viewset µs/request | hand-written µs/request | extra µs | hand-written / viewset |",
    "|---|---:|---:|---:|---:|",
    ...results.coreCosts.map(
      (c) =>
        `| ${c.scenario} | ${c.viewset.toFixed(1)} | ${c.handWritten.toFixed(1)} | ${(c.viewset - c.handWritten).toFixed(1)} | ${(c.handWritten / c.viewset).toFixed(3)} |`,
    ),
  ].join("\n");
}

function throttleReport(results: Results): string {
  return [
    `Throttles (rate ${THROTTLE_RATE}, every request signed in with a bearer token), as a ratio to the same route without one.`,
    "",
    table(results, "throttle", [
      "adapter",
      "scenario",
      "throttled req/s",
      "unthrottled req/s",
      "throttled / unthrottled",
      "spread",
    ]),
    "",
    "One check (`checkThrottles` with one throttle), in-process: one after another, and 32 at a time.",
    "",
    "| throttle | µs per check, sequential | µs per check, 32 in flight |",
    "|---|---:|---:|",
    ...results.checkCosts.map((c) => `| ${c.variant} | ${c.sequential.toFixed(1)} | ${c.overlapped.toFixed(1)} |`),
  ].join("\n");
}

function costReport(settings: Settings, results: Results): string {
  const lines = [
    `The cost: µs of the server's CPU per request at a fixed rate every side sustains (over HTTP, ${CONNECTIONS} connections; ${settings.costRounds} turns of 1 s per side over 2 fresh processes each, taking turns). ratio = the other side's µs / the viewset's (or the unthrottled list's / the throttled one's), the median of the per-round ratios: how many requests one core serves with the viewset for each it serves with the other side. PostgreSQL's own CPU is not counted.`,
    "",
    "| database | adapter | scenario | req/s | viewset µs | other side | other µs | ratio | spread |",
    "|---|---|---|---:|---:|---|---:|---:|---:|",
  ];
  const database = { sqlite: "SQLite", pg: "PostgreSQL", peer: "SQLite", throttle: "SQLite" } as const;
  for (const r of results.costRows) {
    lines.push(
      `| ${database[r.group]} | ${r.adapter} | ${r.scenario} | ${r.rate} | ${r.a.us.toFixed(1)} | ${r.b.label} | ${r.b.us.toFixed(1)} | ${r.ratio.toFixed(3)} | ${spreadOf(r.spread)} |`,
    );
  }
  return lines.join("\n");
}

export function report(machine: string, settings: Settings, results: Results): string {
  const parts = [
    `Machine: ${machine}${pinned() ? "; servers pinned to CPU 1, the load generator to CPU 0" : ""}.`,
    `Each figure: median req/s of ${settings.rounds} rounds (fresh server processes each round, turns of ${settings.seconds} s in the order A B B A per scenario, A B C … C B A where a row's round has more sides), ${CONNECTIONS} connections; ratio = median of the per-round ratios; spread = their lowest–highest.`,
  ];
  if (results.coreCosts.length > 0) parts.push(coreReport(results));
  if (results.has("adapters")) {
    parts.push(table(results, "adapters", ["adapter", "scenario", "A req/s", "A' req/s", "A / A'", "spread"]));
    parts.push([`SQLite (10,000 products). ${BASELINES_NOTE}`, "", baselinesTable(results, "adapters")].join("\n"));
  }
  if (results.has("pg")) {
    parts.push(
      [
        `PostgreSQL 15 (${PG_SIZE.toLocaleString("en")} products in a schema of its own, the same requests), against the same two baselines:`,
        "",
        baselinesTable(results, "pg"),
      ].join("\n"),
    );
  }
  if (results.has("peer")) {
    parts.push(
      [
        "The viewset against FeathersJS 5 on @feathersjs/knex, the same SQLite file, rows and order: on each of Feathers' two frameworks (Express, its default, and Koa), and the viewset on Hono against Feathers on whichever of the two served more in the round.",
        "",
        table(results, "peer", [
          "adapter",
          "scenario",
          "viewset req/s",
          "feathers req/s",
          "viewset / feathers",
          "spread",
        ]),
      ].join("\n"),
    );
  }
  if (results.has("large")) {
    parts.push(
      [
        "Large tables. Page-number list, retrieve and create rows: viewset / hand-written at 1M rows on each adapter (a fresh writable copy of the file each turn, as the adapter rows); cursor rows (Express, read-only): req/s at 1M rows / at 10k rows (target ≥ 0.5).",
        "",
        table(results, "large", ["adapter", "scenario", "A req/s", "B req/s", "A / B", "spread"]),
      ].join("\n"),
    );
  }
  if (results.has("throttle")) parts.push(throttleReport(results));
  if (results.has("cluster")) {
    parts.push(
      [
        `Several processes: the products viewset on PostgreSQL with an ip throttle on the Redis store, two \`node:cluster\` workers behind one port against one process${pinMode() !== "none" ? ` (both pinned to CPU ${serverCpus()}, the load generator to CPU 0)` : " (unpinned: the servers, the load generator, PostgreSQL and Redis share the machine)"}.`,
        "",
        table(results, "cluster", ["adapter", "scenario", "2 workers req/s", "1 process req/s", "2 / 1", "spread"]),
      ].join("\n"),
    );
  }
  if (results.costRows.length > 0) parts.push(costReport(settings, results));
  parts.push(...results.notes);
  return parts.join("\n\n");
}

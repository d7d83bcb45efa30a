/**
 * `pnpm test:mutation`: runs StrykerJS on each group of scripts/mutation-groups.mjs in turn (or
 * the groups named as arguments), prints the mutation score of every module, and fails when a
 * group scores under its floor (`thresholds.break`, which Stryker itself enforces).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { GROUPS } from "./mutation-groups.mjs";

const DETECTED = new Set(["Killed", "Timeout"]);
const UNDETECTED = new Set(["Survived", "NoCoverage"]);

/** Each mutated file's score as Stryker counts it: detected over detected and undetected. */
function scores(report) {
  return Object.entries(report.files).map(([file, { mutants }]) => {
    const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
    const undetected = mutants.filter((m) => UNDETECTED.has(m.status)).length;
    const total = detected + undetected;
    return { file, detected, survived: undetected, score: total === 0 ? 100 : (100 * detected) / total };
  });
}

const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(GROUPS);
const failed = [];
const rows = [];
for (const name of names) {
  if (!GROUPS[name]) throw new Error(`no mutation group "${name}" (${Object.keys(GROUPS).join(", ")})`);
  const started = Date.now();
  console.log(`\n== mutation group ${name}`);
  const run = spawnSync("pnpm", ["exec", "stryker", "run"], {
    stdio: "inherit",
    env: { ...process.env, MUTATION_GROUP: name },
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (run.status !== 0) failed.push(name);
  const file = `reports/mutation/${name}.json`;
  if (existsSync(file)) {
    for (const row of scores(JSON.parse(readFileSync(file, "utf8")))) rows.push({ group: name, ...row });
  }
  console.log(`== mutation group ${name}: ${run.status === 0 ? "passed" : "FAILED"} in ${seconds} s`);
}

console.log("\nMutation score per module (killed or timed out, of all mutants not ignored):");
for (const row of rows) {
  const score = row.score.toFixed(1).padStart(5);
  console.log(`  ${score}%  ${row.file}  (${row.detected} killed, ${row.survived} alive) [${row.group}]`);
}
if (failed.length > 0) {
  console.error(`\nMutation testing failed in: ${failed.join(", ")} (a score under its floor, or a broken run).`);
  process.exit(1);
}

// @ts-check
/**
 * StrykerJS's configuration for one group of scripts/mutation-groups.mjs (MUTATION_GROUP); run
 * them all with `pnpm test:mutation`.
 */
import { currentGroup } from "./scripts/mutation-groups.mjs";

const group = currentGroup();

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  // vitest.mutation.config.ts runs the group's tests only; "related" would add every suite that
  // imports the core, which is all of them.
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  // The workspace's packages import each other's sources through pnpm's links: mutated in place,
  // every import sees the mutant, where a copy in a sandbox would leave them reading the originals.
  inPlace: true,
  // Vitest type-checks nothing in these runs: no file needs Stryker's `// @ts-nocheck`, which it
  // would otherwise write (in place, so into the working tree) atop every script of the repository.
  disableTypeChecks: false,
  coverageAnalysis: "perTest",
  // A mutant in code that runs when a module loads would rerun every test: not worth the time.
  ignoreStatic: true,
  concurrency: 2,
  // A mutant that loops (a bound in the store's sorted insert) is given up on soon after the
  // tests' own time: a timeout counts as killed.
  timeoutMS: 2000,
  mutate: group.mutate(),
  thresholds: { high: 90, low: 75, break: group.break },
  reporters: ["clear-text", "progress", "json"],
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
  jsonReporter: { fileName: `reports/mutation/${group.name}.json` },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};

/** Cases a shared suite leaves out on one adapter or store, each with its reason, as Hono's router suite does. */
import { it, type TestFunction } from "vitest";

/** Cases left out, by their names, for one reason. */
export interface SkippedCases {
  readonly reason: string;
  readonly tests: readonly string[];
}

/** What the options of every shared suite take: the cases it leaves out here, and why. */
export interface Skippable {
  readonly skip?: readonly SkippedCases[];
}

/** Declares one case of a suite: `it`, but reported skipped with its reason when the options name it. */
export type Case = (name: string, run: TestFunction) => void;

/** The `it` of a suite run with `options`: a case named in `options.skip` is skipped, its name saying why. */
export function casesOf(options: Skippable): Case {
  const reasons = new Map<string, string>();
  for (const skipped of options.skip ?? []) for (const name of skipped.tests) reasons.set(name, skipped.reason);
  return (name, run) => {
    const reason = reasons.get(name);
    if (reason === undefined) it(name, run);
    else it.skip(`${name} (skipped: ${reason})`, run);
  };
}

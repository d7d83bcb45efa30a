/** The core section: `router.handle(request)` against the hand-written function in-process, without HTTP. */
import { inProcessCosts } from "../in-process.js";
import type { Bench } from "./bench.js";
import { log } from "../results.js";

export async function core({ base, scratch, results }: Bench): Promise<void> {
  results.coreCosts = await inProcessCosts(scratch.freshCopy(base));
  for (const cost of results.coreCosts) {
    log(
      `in-process ${cost.scenario}: viewset ${cost.viewset.toFixed(1)} µs, hand-written ${cost.handWritten.toFixed(1)} µs`,
    );
  }
}

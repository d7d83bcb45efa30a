/** What every section is given: the run's settings, the 10,000-product SQLite file, scratch copies and the results. */
import type { Scratch, Settings } from "../measure.js";
import type { Results } from "../results.js";

export interface Bench {
  readonly settings: Settings;
  /** The seeded 10,000-product SQLite file (read-only: a side that writes gets a copy). */
  readonly base: string;
  readonly scratch: Scratch;
  readonly results: Results;
}

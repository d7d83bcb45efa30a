/** What the admin contract is given: a framework to serve the admin on and a fresh database. */
import type { FixtureDatabase } from "./fixture.js";
import type { Framework } from "./serve.js";

export interface AdminContractOptions {
  readonly name: string;
  readonly framework: Framework;
  /** A new database with the fixture's tables and rows. */
  database(): Promise<FixtureDatabase>;
  /** Why the suite cannot run here (only outside CI). */
  readonly skipReason?: string;
}

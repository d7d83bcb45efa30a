/** The PostgreSQL of the drizzle suites, probed once for every file that needs it (the rule is the test kit's). */
import { postgresSkipReason as probe } from "@viewsets/testkit";

export { PG_URL } from "@viewsets/testkit";

/** Why the PostgreSQL suites cannot run here, or undefined; always undefined in CI, where they fail instead. */
export const postgresSkipReason = await probe();

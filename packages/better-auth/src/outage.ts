/**
 * Database outages met inside authentication (better-auth's own queries: the session, its user,
 * an API key) as the 503 the REST API answers for any other query, never a 500: the answer is
 * @viewsets/drizzle's `databaseOutages`, the same words and `Retry-After` as the managers'.
 */
import { databaseOutages } from "@viewsets/drizzle";

/** The 503 for an error that is a database outage, or the error itself. */
export function asOutage(error: unknown): unknown {
  return databaseOutages(error) ?? error;
}

/** Runs `query`; an outage it meets is thrown as its 503. */
export async function orOutage<T>(query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    throw asOutage(error);
  }
}

/**
 * Database outages met inside authentication (better-auth's own queries: the session, its user,
 * an API key) as the 503 the REST API answers for any other query, never a 500.
 *
 * The kinds come from @viewsets/drizzle's `outageOf`. Its 503 builder is not exported yet (work
 * on it is under way), so the answer for each kind is repeated here, in the same words; once
 * @viewsets/drizzle exports it, this table goes.
 */
import { ServiceUnavailable } from "@viewsets/core";
import { type OutageKind, outageOf } from "@viewsets/drizzle";

const ANSWERS: Record<OutageKind, { detail: string; retryAfter: number }> = {
  unreachable: { detail: "The database is unreachable. Try again later.", retryAfter: 5 },
  timeout: { detail: "The database did not answer in time. Try again later.", retryAfter: 5 },
  busy: { detail: "The database is busy. Try again shortly.", retryAfter: 1 },
  full: { detail: "The database is out of space. Try again later.", retryAfter: 30 },
};

/** The 503 for an error that is a database outage, or the error itself. */
export function asOutage(error: unknown): unknown {
  const kind = outageOf(error);
  if (!kind) return error;
  const { detail, retryAfter } = ANSWERS[kind];
  return new ServiceUnavailable(detail, retryAfter);
}

/** Runs `query`; an outage it meets is thrown as its 503. */
export async function orOutage<T>(query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    throw asOutage(error);
  }
}

/** PostgreSQL's prepared flat selections read into rows without drizzle's per-row mapping. */
import { DrizzleQueryError, fillPlaceholders, is } from "drizzle-orm";
import { NoopCache } from "drizzle-orm/cache/core";
import type { Rows } from "../connection/runner.js";
import { entityKindOf, flatRowMaker, type SelectedField } from "./flat-rows.js";

/** What drizzle's node-postgres prepared query holds besides its methods (drizzle internals). */
interface NodePgPrepared {
  readonly fields?: readonly SelectedField[];
  readonly customResultMapper?: unknown;
  readonly params: unknown[];
  readonly logger: { logQuery(sql: string, params: unknown[]): void };
  /** The pool (or client) given to `drizzle()`. */
  readonly client: { query(config: object, values: unknown[]): Promise<{ rows: unknown[][] }> };
  /** The statement's name and text, array rows, and the type parsers drizzle's columns decode from. */
  readonly queryConfig: { readonly text: string };
  readonly cache?: unknown;
  readonly queryMetadata?: unknown;
}

/**
 * A runner of a prepared node-postgres select of columns and decoded SQL (a page of rows, a
 * count, a row by its key, a write's RETURNING) that does what drizzle's `execute` does (log the
 * query, send the named statement with array rows and drizzle's type parsers, wrap a failure in
 * `DrizzleQueryError`) and makes each row an object by `flatRowMaker`, instead of `mapResultRow`
 * asking each field's kind on every cell, and without `execute`'s three nested async steps.
 * Undefined for anything else: other drivers, nested selections, a custom result mapper, and a
 * drizzle cache (`drizzle({ cache })`), which `execute` consults; the caller keeps `execute`.
 */
export function pgFlatRowReader(prepared: unknown): ((values: Record<string, unknown>) => Promise<Rows>) | undefined {
  const query = prepared as NodePgPrepared;
  if (entityKindOf(query) !== "NodePgPreparedQuery" || query.customResultMapper) return undefined;
  // drizzle's `queryWithCache` runs the query as it is only in this case.
  if (query.cache !== undefined && !is(query.cache, NoopCache) && query.queryMetadata !== undefined) return undefined;
  const objectOf = flatRowMaker(query.fields);
  if (!objectOf) return undefined;
  const { queryConfig } = query;
  const failure = (params: unknown[], error: unknown) =>
    new DrizzleQueryError(queryConfig.text, params, error as Error);
  return (values) => {
    const params = fillPlaceholders(query.params, values);
    query.logger.logQuery(queryConfig.text, params);
    let answer: Promise<{ rows: unknown[][] }>;
    try {
      answer = query.client.query(queryConfig, params);
    } catch (error) {
      return Promise.reject(failure(params, error));
    }
    return answer.then(
      ({ rows }) => {
        const out: Rows = new Array(rows.length);
        for (let r = 0; r < rows.length; r++) out[r] = objectOf(rows[r]!);
        return out;
      },
      (error: unknown) => {
        throw failure(params, error);
      },
    );
  };
}

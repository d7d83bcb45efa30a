import { AsyncLocalStorage } from "node:async_hooks";

/** What a query runs for: the pool of `@viewsets/drizzle/pg` reads it to cancel the query on abort. */
export interface QueryScope {
  readonly signal: AbortSignal;
}

// Drizzle has no way to pass a signal down to the driver: the manager runs each statement inside
// this scope, and the pool's `query` finds the signal of the request it runs for.
const scopes = new AsyncLocalStorage<QueryScope>();

/** The scope of the statement being run, if a manager runs it. */
export function currentQueryScope(): QueryScope | undefined {
  return scopes.getStore();
}

/**
 * Runs a drizzle query (a thenable) inside a scope. `then` is called here, synchronously, so that
 * the driver call it leads to belongs to the scope.
 */
export function inQueryScope<T>(scope: QueryScope, statement: () => PromiseLike<T>): Promise<T> {
  return scopes.run(scope, () => new Promise<T>((resolve, reject) => statement().then(resolve, reject)));
}

/** The request a query runs for, passed down to the pool past drizzle. */
import { isThenable } from "./runner.js";

/** What a query runs for: the pool of `@viewsets/drizzle/pg` reads it to cancel the query on abort. */
export interface QueryScope {
  readonly signal: AbortSignal;
}

// Drizzle has no way to pass a signal down to the driver: the manager runs each statement inside
// this scope, and the pool's `query` finds the signal of the request it runs for. drizzle calls
// the driver synchronously from `then` (no await before `client.query` with its default no-op
// cache), so the scope is a variable set around that call. Not an AsyncLocalStorage: on Node 20
// its first `run` turns on promise hooks for the whole process, a cost every promise of every
// request then pays. A statement that reaches the driver later (a drizzle cache looked up first)
// runs outside any scope: it is not cancelled on abort, and the pool's timeouts still end it.
let current: QueryScope | undefined;

/** The scope of the statement being run, if a manager runs it. */
export function currentQueryScope(): QueryScope | undefined {
  return current;
}

/**
 * Runs a drizzle query (a thenable) inside a scope. `then` is called here, synchronously, so that
 * the driver call it leads to belongs to the scope.
 */
export function inQueryScope<T>(scope: QueryScope, statement: () => T | PromiseLike<T>): Promise<T> {
  const outer = current;
  current = scope;
  try {
    return new Promise<T>((resolve, reject) => {
      const answer = statement();
      if (isThenable(answer)) answer.then(resolve, reject);
      else resolve(answer);
    });
  } finally {
    current = outer;
  }
}

import { describe, expect, it } from "vitest";
import { currentQueryScope, inQueryScope } from "../src/connection/query-scope.js";

/** A drizzle-like query: the driver is called when `then` is, as drizzle's default session does. */
function query(seen: unknown[]): PromiseLike<string> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable stands in for drizzle's QueryPromise
    then(resolve, reject) {
      seen.push(currentQueryScope());
      return Promise.resolve("row").then(resolve, reject);
    },
  };
}

describe("inQueryScope", () => {
  it("gives the driver call the statement's scope, and only that call", async () => {
    const scope = { signal: new AbortController().signal };
    const seen: unknown[] = [];
    await expect(inQueryScope(scope, () => query(seen))).resolves.toBe("row");
    expect(seen).toEqual([scope]);
    expect(currentQueryScope()).toBeUndefined();
  });

  it("restores the outer scope after an inner one, also when the statement throws", async () => {
    const outer = { signal: new AbortController().signal };
    const inner = { signal: new AbortController().signal };
    const seen: unknown[] = [];
    await inQueryScope(outer, () => {
      const failed = inQueryScope(inner, () => {
        throw new Error("no statement");
      });
      return failed.catch(() => query(seen));
    });
    expect(seen).toEqual([undefined]);
    const direct: unknown[] = [];
    await inQueryScope(outer, () => {
      void inQueryScope(inner, () => query(direct));
      return query(direct);
    });
    expect(direct).toEqual([inner, outer]);
  });
});

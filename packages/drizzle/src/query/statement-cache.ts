/** Prepared statements cached by query shape, least recently used dropped first. */
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Dialect } from "../dialects/dialect.js";
import type { PreparableQuery, Rows, Run, SelectQuery } from "../connection/runner.js";
import { parameterized, placeholderValues, shapeOf } from "./sql-shape.js";

/** Shapes kept per manager: a list's filters, orderings and page kinds rarely reach this many. */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * A database that names statements (PostgreSQL) keeps a named statement on each pooled connection until the connection closes, and
 * shapes come from query strings a client chooses: past this many names in a process, new shapes
 * run unnamed (parsed each time) so that no client can grow the server's memory without bound.
 */
const MAX_NAMES = 1024;
const names = new Set<string>();

/** What a query needs besides its condition, as values or (prepared) placeholders. */
export interface Bindings {
  readonly limit?: number;
  readonly offset?: number;
}

/** Builds a select from its condition, with `limit` and `offset` as given (numbers or placeholders). */
export type SelectBuilder = (where: SQL | undefined, limit?: unknown, offset?: unknown) => SelectQuery;

/**
 * Prepared statements by query shape, least recently used dropped first: the SQL of a list or a
 * count depends on which filters, lookups, order and page kind a request has, not on its values,
 * so a request of a known shape binds its values to a statement prepared before instead of
 * rendering and preparing the SQL again (~13 µs per statement on SQLite). A condition the shape
 * walk cannot vouch for runs as drizzle builds it, uncached.
 */
export class StatementCache {
  /** Each statement with the tick of its last use: a hit only writes the tick (no Map change per request). */
  private readonly statements = new Map<string, { readonly run: Run; used: number }>();
  private tick = 0;

  constructor(
    private readonly dialect: Dialect,
    private readonly capacity = STATEMENT_CACHE_SIZE,
  ) {}

  /**
   * Runs the select `build` makes for `where`; `kind` names what the builder does besides (order,
   * page). Prepared, the rows of a synchronous driver come back synchronously; otherwise the
   * query (a thenable) runs when awaited.
   */
  select(
    kind: string,
    where: SQL | undefined,
    build: SelectBuilder,
    bindings: Bindings = {},
  ): Rows | PromiseLike<Rows> {
    const shape = shapeOf(where);
    if (shape === null) return build(where, bindings.limit, bindings.offset);
    const key = `${kind}\u0001${bindings.limit === undefined ? "" : "L"}${bindings.offset === undefined ? "" : "O"}\u0001${shape.key}`;
    const run = this.prepared(key, () =>
      build(
        parameterized(where),
        bindings.limit === undefined ? undefined : sql.placeholder("limit"),
        bindings.offset === undefined ? undefined : sql.placeholder("offset"),
      ),
    );
    if (!run) return build(where, bindings.limit, bindings.offset);
    return run(placeholderValues(shape.values, bindings as Record<string, unknown>));
  }

  /**
   * What runs the statement `build` makes, prepared the first time `key` is asked for: `key` must
   * name everything the statement's text depends on. Undefined when it cannot be prepared (past
   * the PostgreSQL names a process may hold): the caller runs its query unprepared. `rows: "one"`
   * for a read that returns at most one row, never a write (see `Dialect.prepare`).
   */
  prepared(key: string, build: () => PreparableQuery, rows: "all" | "one" = "all"): Run | undefined {
    const held = this.statements.get(key);
    if (held) {
      held.used = ++this.tick;
      return held.run;
    }
    const run = this.prepare(build(), rows);
    if (!run) return undefined;
    this.statements.set(key, { run, used: ++this.tick });
    if (this.statements.size > this.capacity) this.dropLeastRecentlyUsed();
    return run;
  }

  /** Only past the capacity, so only for a new shape (which is prepared besides): a walk over at most `capacity + 1`. */
  private dropLeastRecentlyUsed(): void {
    let oldest: string | undefined;
    let least = Number.POSITIVE_INFINITY;
    for (const [key, { used }] of this.statements) {
      if (used < least) {
        least = used;
        oldest = key;
      }
    }
    if (oldest !== undefined) this.statements.delete(oldest);
  }

  /** Shapes held now (for tests and diagnostics). */
  get size(): number {
    return this.statements.size;
  }

  private prepare(query: PreparableQuery, rows: "all" | "one"): Run | undefined {
    if (!this.dialect.namesStatements) return this.dialect.prepare(query, "", rows);
    // The same text always gets the same name, so a statement dropped here and made again reuses
    // what each connection parsed before.
    const text = (query as unknown as { toSQL(): { sql: string } }).toSQL().sql;
    const name = `viewsets_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;
    if (!names.has(name)) {
      if (names.size >= MAX_NAMES) return undefined;
      names.add(name);
    }
    return this.dialect.prepare(query, name, rows);
  }
}

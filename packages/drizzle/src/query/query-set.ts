/** The drizzle query set: a lazy list query that counts, pages, aggregates and reads rows. */
import { sql, type Column, type SQL, type Table } from "drizzle-orm";
import type { Expression, QuerySet, RequestContext } from "@viewsets/core";
import type { ValueCount } from "@viewsets/core/internals";
import { columnFor, expressionSql, fieldValue, orderingSql } from "./expressions.js";
import {
  asExpressions,
  indexExists,
  indexedBy,
  orderingIndexOf,
  rowsEstimated,
  scanBeatsSort,
} from "./ordered-scan.js";
import { allOf, requiredMatches } from "./search-index.js";
import type { TableAccess } from "./table-access.js";

type Row<T extends Table> = T["$inferSelect"];

interface QueryState {
  readonly where: readonly SQL[];
  /**
   * SQLite's search index: the FTS5 queries every row must match (AND-ed), `where` written for
   * a scan in index order (`scanWhere`), and whether the lookups are all `where` asks.
   */
  readonly indexed?: {
    readonly queries: readonly string[];
    readonly scanWhere: readonly SQL[];
    readonly complete: boolean;
  };
  /** Ordering terms as given (`"-price"`), checked against the columns; SQL only when a statement is made. */
  readonly ordering: readonly string[];
  readonly offset: number;
  readonly limit: number | undefined;
  /** The columns `all` selects, by field (every column when undefined). */
  readonly columns?: Readonly<Record<string, Column>> | undefined;
}

/**
 * Index match counts by query set lineage (the `indexed` state its page and count share) and
 * request: a list's page and count ask the index once. A query set kept beyond its request and
 * asked with another context asks again.
 */
const matchCounts = new WeakMap<object, WeakMap<RequestContext, number>>();

/**
 * Counts of a query set's conditions by request (a list's count, then its page): the page plans
 * its order with it on SQLite (`ordered-scan.ts`).
 */
const filterCounts = new WeakMap<readonly SQL[], WeakMap<RequestContext, number>>();

/** An immutable query: each step returns a new query set; nothing runs until count or all. */
export class DrizzleQuerySet<T extends Table> implements QuerySet<Row<T>> {
  constructor(
    private readonly access: TableAccess<T>,
    private readonly state: QueryState = { where: [], ordering: [], offset: 0, limit: undefined },
  ) {}

  /** Rows matching the filters, ignoring offset and limit (as the core's in-memory query set). */
  async count(ctx: RequestContext): Promise<number> {
    if (this.countsByIndex(ctx)) return this.matchCount(ctx);
    const rows = await this.access.run(ctx, "read", () =>
      this.access.statements.select("count", this.access.where(ctx, this.state.where), (where) =>
        this.access.db
          .select({ count: sql<number>`count(*)`.mapWith(Number) })
          .from(this.access.table)
          .where(where),
      ),
    );
    const count = Number(rows[0]?.count ?? 0);
    if (!filterCounts.has(this.state.where)) filterCounts.set(this.state.where, new WeakMap());
    filterCounts.get(this.state.where)!.set(ctx, count);
    return count;
  }

  /** Matching rows up to `cap`: the database stops at the cap instead of counting every row. */
  async countUpTo(ctx: RequestContext, cap: number): Promise<number> {
    const limit = Math.max(0, Math.floor(cap));
    if (this.countsByIndex(ctx)) return Math.min(await this.matchCount(ctx), limit);
    const matching = this.access.db
      .select({ one: sql`1` })
      .from(this.access.table)
      .where(this.access.where(ctx, this.state.where))
      .limit(limit);
    const rows = await this.access.run(ctx, "read", () =>
      this.access.db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(sql`(${matching}) as capped`),
    );
    return Number(rows[0]?.count ?? 0);
  }

  /** The rows in order, one page of them with offset and limit: one prepared statement per shape. */
  async all(ctx: RequestContext): Promise<Row<T>[]> {
    const { ordering, offset, columns, indexed } = this.state;
    const limit = this.state.limit ?? (offset > 0 ? this.access.dialect.limitForBareOffset : undefined);
    const scan = indexed !== undefined && (await this.scansInOrder(ctx, offset, limit));
    const where = this.access.where(ctx, scan ? indexed.scanWhere : this.state.where);
    const byIndex = scan ? undefined : await this.orderedIndex(ctx, offset, limit);
    // The selected columns are part of the statement's shape, as the order and the index are.
    const only = columns === undefined ? "" : `:only(${Object.keys(columns).join(",")})`;
    const selected = byIndex === undefined ? columns : asExpressions(columns ?? this.access.columns);
    const from = byIndex === undefined ? this.access.table : indexedBy(this.access.table, byIndex);
    const rows = await this.access.run(ctx, "read", () =>
      this.access.statements.select(
        `all${scan ? ":scan" : ""}${byIndex === undefined ? "" : `:by(${byIndex})`}:${ordering.join(",")}${only}`,
        where,
        (condition, limitValue, offsetValue) => {
          let query = this.access.db
            .select(selected)
            .from(from as T)
            .where(condition);
          if (ordering.length > 0) query = query.orderBy(...orderingSql(this.access.target, ordering));
          if (limitValue !== undefined) query = query.limit(limitValue as number);
          if (offsetValue !== undefined) query = query.offset(offsetValue as number);
          return query;
        },
        { limit, offset: offset > 0 ? offset : undefined },
      ),
    );
    return rows as Row<T>[];
  }

  /** Rows per value of one field, most frequent first (ties by value), in one GROUP BY: the admin's facets. */
  async countBy(ctx: RequestContext, field: string, limit?: number): Promise<ValueCount[]> {
    // A related field (`categoryId.name`) is grouped by its value through the foreign key.
    const { value, column } = fieldValue(this.access.target, field);
    const count = sql<number>`count(*)`;
    let query = this.access.db
      .select({ value: sql`${value}`.mapWith(column), count: count.mapWith(Number) })
      .from(this.access.table)
      .where(this.access.where(ctx, this.state.where))
      .groupBy(value)
      .orderBy(sql`${count} desc`, ...orderingSql(this.access.target, [field]));
    if (limit !== undefined) query = query.limit(limit);
    const rows = await this.access.run(ctx, "read", () => query);
    return rows.map((row) => ({ value: row.value ?? null, count: Number(row.count) }));
  }

  /** The smallest and largest value of one field, read back as the column reads its values. */
  async aggregate(ctx: RequestContext, field: string): Promise<{ min: unknown; max: unknown }> {
    const { value, column } = fieldValue(this.access.target, field);
    const where = this.access.where(ctx, this.state.where);
    // Under a search, one query for both: each bound would run the full-text match again, and
    // neither reads off an index in a step then.
    if (this.state.indexed !== undefined) {
      const [both] = await this.access.run(ctx, "read", () =>
        this.access.db
          .select({ min: sql`min(${value})`.mapWith(column), max: sql`max(${value})`.mapWith(column) })
          .from(this.access.table)
          .where(where),
      );
      return { min: both?.min ?? null, max: both?.max ?? null };
    }
    // Otherwise one query per bound: SQLite reads a lone min() or max() off an index in a step,
    // but scans the table for both in one query.
    const bound = (fn: "min" | "max") =>
      this.access.db
        .select({ value: sql`${sql.raw(fn)}(${value})`.mapWith(column) })
        .from(this.access.table)
        .where(where);
    const [min, max] = await Promise.all([
      this.access.run(ctx, "read", () => bound("min")),
      this.access.run(ctx, "read", () => bound("max")),
    ]);
    return { min: min[0]?.value ?? null, max: max[0]?.value ?? null };
  }

  /** Narrows by an expression; an unknown field name throws here, before any SQL is built. */
  filter(expression: Expression): DrizzleQuerySet<T> {
    const { target } = this.access;
    const condition = expressionSql(target, expression);
    const where = [...this.state.where, condition];
    const { indexed } = this.state;
    const required = target.searchIndex ? requiredMatches(target.searchIndex, expression) : undefined;
    if (!required?.queries.length) {
      return this.with({
        where,
        indexed: indexed && { ...indexed, scanWhere: [...indexed.scanWhere, condition], complete: false },
      });
    }
    return this.with({
      where,
      indexed: {
        queries: [...(indexed?.queries ?? []), ...required.queries],
        scanWhere: [...(indexed?.scanWhere ?? this.state.where), expressionSql(target, expression, true)],
        complete: required.complete && (indexed ? indexed.complete : this.state.where.length === 0),
      },
    });
  }

  /** Drizzle SQL for conditions the core's expressions cannot say. */
  where(condition: SQL): DrizzleQuerySet<T> {
    const { indexed } = this.state;
    return this.with({
      where: [...this.state.where, condition],
      indexed: indexed && { ...indexed, scanWhere: [...indexed.scanWhere, condition], complete: false },
    });
  }

  /** Replaces the order: `orderBy("-price", "id")`. */
  orderBy(...terms: string[]): DrizzleQuerySet<T> {
    for (const term of terms) fieldValue(this.access.target, term.startsWith("-") ? term.slice(1) : term);
    return this.with({ ordering: terms });
  }

  /** Django's `only()`: `all` selects these fields' columns and no others; an unknown name throws here. */
  only(fields: readonly string[]): DrizzleQuerySet<T> {
    const columns: Record<string, Column> = {};
    for (const field of fields) columns[field] = columnFor(this.access.target, field);
    return this.with({ columns });
  }

  offset(n: number): DrizzleQuerySet<T> {
    return this.with({ offset: Math.max(0, Math.trunc(n)) });
  }

  limit(n: number): DrizzleQuerySet<T> {
    return this.with({ limit: Math.max(0, Math.trunc(n)) });
  }

  /** Whether the search index alone counts the rows: its lookups are the only conditions, and no scope narrows them. */
  private countsByIndex(ctx: RequestContext): boolean {
    return this.state.indexed?.complete === true && this.access.where(ctx, []) === undefined;
  }

  /** Rows matching every index lookup, counted by the index itself (the same for one request's page and count). */
  private async matchCount(ctx: RequestContext): Promise<number> {
    const index = this.access.target.searchIndex!;
    const indexed = this.state.indexed!;
    const known = matchCounts.get(indexed)?.get(ctx);
    if (known !== undefined) return known;
    const fts = sql.identifier(index.table);
    const rows = await this.access.run(ctx, "read", () =>
      this.access.statements.select("match-count", sql`${fts} match ${allOf(indexed.queries)}`, (where) =>
        this.access.db
          .select({ count: sql<number>`count(*)`.mapWith(Number) })
          .from(sql`${fts}`)
          .where(where),
      ),
    );
    const count = Number(rows[0]?.count ?? 0);
    if (!matchCounts.has(indexed)) matchCounts.set(indexed, new WeakMap());
    matchCounts.get(indexed)!.set(ctx, count);
    return count;
  }

  /**
   * Whether a page of an index search reads the table in order and checks each row against the
   * matches, rather than fetching every match and sorting them. In order, a page costs about
   * (offset + limit) × rows / matches rows read; fetching, about one lookup per match (on a
   * million products, a term in 72,000 of them: 20 ms against 110 ms). The rows are estimated
   * by the largest key, which deletions only make larger: in doubt, matches are fetched.
   */
  private async scansInOrder(ctx: RequestContext, offset: number, limit: number | undefined): Promise<boolean> {
    if (this.state.ordering.length === 0 || limit === undefined) return false;
    const matches = await this.matchCount(ctx);
    if (matches * matches < offset + limit) return false;
    return scanBeatsSort(matches, await this.rowsEstimate(ctx), offset, limit);
  }

  /**
   * On SQLite, the index to read a filtered page in order through, when this request's count says
   * the matches are many enough (`ordered-scan.ts`); otherwise undefined, and SQLite plans alone.
   */
  private async orderedIndex(
    ctx: RequestContext,
    offset: number,
    limit: number | undefined,
  ): Promise<string | undefined> {
    const { ordering, where } = this.state;
    if (this.access.dialect.name !== "sqlite" || limit === undefined || where.length === 0) return undefined;
    const matches = filterCounts.get(where)?.get(ctx);
    const first = ordering[0]?.replace(/^-/, "");
    if (matches === undefined || first === undefined || first.includes(".")) return undefined;
    const column = this.access.columns[first];
    const index = column && orderingIndexOf(this.access.table, column);
    // The table has at least the matches: with fewer matches than the page reaches, sorting them wins.
    if (!index || matches < offset + limit || !(await indexExists(this.access, ctx, index))) return undefined;
    const rows = await rowsEstimated(this.access.databaseKey, this.access.table, () => this.rowsEstimate(ctx));
    return scanBeatsSort(matches, rows, offset, limit) ? index : undefined;
  }

  /** The table's rows, estimated by its largest key (which deletions only make larger). */
  private async rowsEstimate(ctx: RequestContext): Promise<number> {
    const key = this.access.columns[this.access.primaryKey]!;
    const rows = await this.access.run(ctx, "read", () =>
      this.access.statements.select("max-key", undefined, () =>
        this.access.db
          .select({ max: sql<number>`max(${key})`.mapWith(Number) })
          .from(this.access.table)
          .where(undefined),
      ),
    );
    return Number(rows[0]?.max ?? 0);
  }

  private with(change: Partial<QueryState>): DrizzleQuerySet<T> {
    return new DrizzleQuerySet(this.access, { ...this.state, ...change });
  }
}

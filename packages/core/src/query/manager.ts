/** The interfaces of a manager and its query set: what a viewset asks of its data. */
import type { RequestContext } from "../http/request.js";
import type { Expression } from "./filter-expression.js";

/** What list needs at the least, and retrieve (read-only viewsets need only this). */
export interface ReadManager<Row> {
  count(ctx: RequestContext): Promise<number>;
  all(ctx: RequestContext): Promise<Row[]>;
  get(ctx: RequestContext, id: number | bigint): Promise<Row | null>;
  /**
   * Optional: true when the manager hides some rows of its table (a scope). A foreign key written
   * to such a target is then checked through the manager, so a hidden row is answered as a
   * missing one; otherwise the database's own constraint decides.
   */
  readonly scoped?: boolean;
}

/** The manager of a writable viewset. `update` and `delete` receive the object `get` returned. */
export interface Manager<Row, Create = Record<string, unknown>> extends ReadManager<Row> {
  create(ctx: RequestContext, obj: Create): Promise<Row>;
  update(ctx: RequestContext, obj: Row): Promise<Row>;
  delete(ctx: RequestContext, obj: Row): Promise<void>;
  /**
   * Optional: runs `run` in one database transaction, committed when it resolves and rolled back
   * when it throws; every call the manager gets from inside `run` is part of it. Needed by a
   * viewset's or action's `atomic` option and by bulk create.
   */
  atomic?<R>(ctx: RequestContext, run: () => Promise<R>): Promise<R>;
}

/** How many rows hold one value of a field (null for rows without one). */
export interface ValueCount {
  readonly value: unknown;
  readonly count: number;
}

/** A query set of the list pipeline: each step returns a new query set. */
export interface QuerySet<Row> {
  count(ctx: RequestContext): Promise<number>;
  all(ctx: RequestContext): Promise<Row[]>;
  filter(expression: Expression): QuerySet<Row>;
  orderBy(...fields: string[]): QuerySet<Row>;
  offset(n: number): QuerySet<Row>;
  limit(n: number): QuerySet<Row>;
  /**
   * Optional, for facets: the rows counted per value of `field`, most frequent first (ties by
   * value), at most `limit` values when given. A database counts with one GROUP BY.
   */
  countBy?(ctx: RequestContext, field: string, limit?: number): Promise<ValueCount[]>;
  /**
   * Optional, for large tables: the matching rows counted up to `cap` (a database stops scanning
   * there), so that a list can say "more than 10,000" without counting a million rows.
   */
  countUpTo?(ctx: RequestContext, cap: number): Promise<number>;
  /** Optional, for facets: the smallest and largest value of `field` (null when no row has one). */
  aggregate?(ctx: RequestContext, field: string): Promise<{ min: unknown; max: unknown }>;
  /**
   * Optional, Django's `only()`: rows read only these fields (a database selects only their
   * columns); the others are absent from the rows. Sparse fieldsets and related fields use it.
   */
  only?(fields: readonly string[]): QuerySet<Row>;
}

/** `queryset.only(fields)` where the query set can narrow its columns; the query set itself otherwise. */
export function selectOnly<Row>(queryset: QuerySet<Row>, fields: readonly string[]): QuerySet<Row> {
  return typeof queryset.only === "function" ? queryset.only(fields) : queryset;
}

/** Optional pipeline methods a manager may have: with them the list filters, orders and pages in the database. */
export interface PipelineManager<Row> {
  filter?(expression: Expression): QuerySet<Row>;
  orderBy?(...fields: string[]): QuerySet<Row>;
  offset?(n: number): QuerySet<Row>;
  limit?(n: number): QuerySet<Row>;
  querySet?(): QuerySet<Row>;
}

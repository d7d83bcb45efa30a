import type { RequestContext } from "../http/request.js";
import type { Expression } from "./expression.js";

/** What list needs at the least, and retrieve (read-only viewsets need only this). */
export interface ReadManager<Row> {
  count(ctx: RequestContext): Promise<number>;
  all(ctx: RequestContext): Promise<Row[]>;
  get(ctx: RequestContext, id: number | bigint): Promise<Row | null>;
}

/** The manager of a writable viewset. `update` and `delete` receive the object `get` returned. */
export interface Manager<Row, Create = Record<string, unknown>> extends ReadManager<Row> {
  create(ctx: RequestContext, obj: Create): Promise<Row>;
  update(ctx: RequestContext, obj: Row): Promise<Row>;
  delete(ctx: RequestContext, obj: Row): Promise<void>;
}

/** A query set of the list pipeline: each step returns a new query set. */
export interface QuerySet<Row> {
  count(ctx: RequestContext): Promise<number>;
  all(ctx: RequestContext): Promise<Row[]>;
  filter(expression: Expression): QuerySet<Row>;
  orderBy(...fields: string[]): QuerySet<Row>;
  offset(n: number): QuerySet<Row>;
  limit(n: number): QuerySet<Row>;
}

/** Optional pipeline methods a manager may have (spec 4.3). */
export interface PipelineManager<Row> {
  filter?(expression: Expression): QuerySet<Row>;
  orderBy?(...fields: string[]): QuerySet<Row>;
  offset?(n: number): QuerySet<Row>;
  limit?(n: number): QuerySet<Row>;
  querySet?(): QuerySet<Row>;
}

/** A query set over rows in memory, for managers that only load all of them. */
import type { RequestContext } from "../http/request.js";
import type { Expression } from "./filter-expression.js";
import type { QuerySet } from "./manager.js";
import { compareRows, matches } from "./evaluate.js";
import { countRowsBy, rangeOfRows } from "./facet-counts.js";

interface State {
  readonly filters: readonly Expression[];
  readonly ordering: readonly string[];
  readonly offset: number;
  readonly limit: number | undefined;
}

/**
 * A query set over the rows of a manager's `all()`: for hand-written managers without a list
 * pipeline, the core filters, orders and pages in memory with the same semantics.
 */
export function memoryQuerySet<Row extends object>(load: (ctx: RequestContext) => Promise<Row[]>): QuerySet<Row> {
  // A list counts and then fetches a page with the same context: load the rows once for both.
  const loaded = new WeakMap<RequestContext, Promise<Row[]>>();
  const loadOnce = (ctx: RequestContext) => {
    let rows = loaded.get(ctx);
    if (!rows) loaded.set(ctx, (rows = load(ctx)));
    return rows;
  };
  return build(loadOnce, { filters: [], ordering: [], offset: 0, limit: undefined });
}

function build<Row extends object>(load: (ctx: RequestContext) => Promise<Row[]>, state: State): QuerySet<Row> {
  const filtered = async (ctx: RequestContext) => {
    const rows = await load(ctx);
    return state.filters.length === 0 ? rows : rows.filter((row) => state.filters.every((f) => matches(row, f)));
  };
  return {
    async count(ctx) {
      return (await filtered(ctx)).length;
    },
    async all(ctx) {
      let rows = await filtered(ctx);
      if (state.ordering.length > 0) rows = [...rows].sort(compareRows(state.ordering));
      const end = state.limit === undefined ? undefined : state.offset + state.limit;
      return state.offset > 0 || end !== undefined ? rows.slice(state.offset, end) : rows;
    },
    async countUpTo(ctx, cap) {
      return Math.min((await filtered(ctx)).length, cap);
    },
    async countBy(ctx, field, limit) {
      return countRowsBy(await filtered(ctx), field, limit);
    },
    async aggregate(ctx, field) {
      return rangeOfRows(await filtered(ctx), field);
    },
    filter: (expression) => build(load, { ...state, filters: [...state.filters, expression] }),
    orderBy: (...fields) => build(load, { ...state, ordering: fields }),
    offset: (n) => build(load, { ...state, offset: n }),
    limit: (n) => build(load, { ...state, limit: n }),
  };
}

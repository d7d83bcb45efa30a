/** How a model's rows page counts (`count: "exact" | { cap } | "none"`), as a paginator of the admin's rows. */
import { NotFound, type Page, type PageInput, type Paginator, pageNumberPagination } from "@viewsets/core";
import { linkWith, resolvePageSize } from "@viewsets/core/internals";
import type { CountMode } from "../shared/wire.js";

export type { CountMode };

const POSITIVE_INT = /^[1-9]\d{0,8}$/;

async function cappedCount<Row>(input: PageInput<Row>, cap: number): Promise<number> {
  const { queryset, ctx } = input;
  if (queryset.countUpTo) return queryset.countUpTo(ctx, cap);
  return Math.min(await queryset.count(ctx), cap);
}

/** Pages by number without an exact count: one extra row tells whether a next page exists. */
function uncountedPagination(mode: { readonly cap: number } | "none"): Paginator {
  return {
    async paginate<Row>(input: PageInput<Row>): Promise<Page<Row>> {
      const { params, request, ctx } = input;
      const size = resolvePageSize(params.get("page_size"), input.pageSize, input.maxPageSize);
      const pageText = params.get("page")?.[0] ?? "1";
      // Without a count there is no last page to name.
      if (!POSITIVE_INT.test(pageText)) throw new NotFound("Invalid page.");
      const page = Number(pageText);
      const fetched = await input.queryset
        .orderBy(...input.ordering)
        .offset((page - 1) * size)
        .limit(size + 1)
        .all(ctx);
      if (page > 1 && fetched.length === 0) throw new NotFound("Invalid page.");
      const rows = fetched.slice(0, size);
      const next = fetched.length > size ? linkWith(request, params, "page", String(page + 1)) : null;
      const previous = page > 1 ? linkWith(request, params, "page", page - 1 === 1 ? null : String(page - 1)) : null;
      if (mode === "none") return { rows, envelope: (results) => ({ count: null, next, previous, results }) };
      // Count one past the cap to know whether the cap was reached.
      const counted = await cappedCount(input, mode.cap + 1);
      const count = Math.min(counted, mode.cap);
      const countCapped = counted > mode.cap;
      return { rows, envelope: (results) => ({ count, countCapped, next, previous, results }) };
    },
  };
}

/** The paginator of a count mode. */
export function adminPagination(mode: CountMode = "exact"): Paginator {
  return mode === "exact" ? pageNumberPagination() : uncountedPagination(mode);
}

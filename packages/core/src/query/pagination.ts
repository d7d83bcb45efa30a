import { NotFound } from "../http/errors.js";
import { linkWith } from "./links.js";
import type { Page, PageInput, Paginator } from "./paginator.js";

export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_MAX_PAGE_SIZE = 100;

const POSITIVE_INT = /^[1-9]\d{0,8}$/;

/** `page_size`: an invalid one falls back to the default; one above the maximum is capped. */
export function resolvePageSize(param: readonly string[] | undefined, pageSize: number, maxPageSize: number): number {
  const text = param?.[0];
  if (text === undefined || !POSITIVE_INT.test(text)) return pageSize;
  return Math.min(Number(text), maxPageSize);
}

function parsePage(text: string | undefined, lastPage: number): number | null {
  if (text === undefined) return 1;
  if (text === "last") return lastPage;
  return POSITIVE_INT.test(text) ? Number(text) : null;
}

/**
 * DRF's PageNumberPagination: `{ count, next, previous, results }` with absolute links that keep
 * the other query parameters. A page that is not a positive integer, or lies past the last page,
 * is 404 (page 1 of an empty list is 200).
 */
export function pageNumberPagination(): Paginator {
  return {
    async paginate<Row>(input: PageInput<Row>): Promise<Page<Row>> {
      const { params, request, ctx } = input;
      const size = resolvePageSize(params.get("page_size"), input.pageSize, input.maxPageSize);
      const pageText = params.get("page")?.[0];
      if (pageText !== undefined && pageText !== "last" && !POSITIVE_INT.test(pageText)) {
        throw new NotFound("Invalid page.");
      }
      const count = await input.queryset.count(ctx);
      const lastPage = Math.max(1, Math.ceil(count / size));
      const page = parsePage(pageText, lastPage);
      if (page === null || page > lastPage) throw new NotFound("Invalid page.");
      const rows = await input.queryset
        .orderBy(...input.ordering)
        .offset((page - 1) * size)
        .limit(size)
        .all(ctx);
      const next = page < lastPage ? linkWith(request, params, "page", String(page + 1)) : null;
      const previous = page > 1 ? linkWith(request, params, "page", page - 1 === 1 ? null : String(page - 1)) : null;
      return { rows, envelope: (results) => ({ count, next, previous, results }) };
    },
  };
}

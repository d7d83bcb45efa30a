/** DRF's page-number pagination and the page sizes it reads from the request. */
import type { ParameterObject, SchemaObject } from "../http/openapi-types.js";
import { NotFound } from "../http/errors.js";
import { linkWith } from "./links.js";
import {
  type Page,
  type PageInput,
  type PageSizes,
  type Paginator,
  type PaginatorDocs,
  queryParameter,
} from "./paginator.js";

export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_MAX_PAGE_SIZE = 100;

/** The query parameters page-number pagination reads; `page_size` is cursor pagination's too. */
const PAGE_PARAM = "page";
export const PAGE_SIZE_PARAM = "page_size";

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

/** `{ count, next, previous, results }`, every key always present. */
function pageNumberEnvelope(results: SchemaObject): SchemaObject {
  return {
    type: "object",
    properties: {
      count: { type: "integer", example: 123 },
      next: { type: "string", format: "uri", nullable: true, example: "http://api.example.org/items/?page=4" },
      previous: { type: "string", format: "uri", nullable: true, example: "http://api.example.org/items/?page=2" },
      results,
    },
    required: ["count", "next", "previous", "results"],
  };
}

/**
 * `page_size` as the server reads it (`resolvePageSize`): a number from 1, at most the maximum (a
 * larger one is the maximum), and anything else the default, as DRF's paginators do. A client
 * sends a whole number; the schema refuses nothing, since the server refuses nothing.
 */
export function pageSizeParameter(pageSize: number, maxPageSize?: number): ParameterObject {
  const most = maxPageSize === undefined ? "" : `, at most ${maxPageSize}: a larger number is ${maxPageSize}`;
  return queryParameter(
    PAGE_SIZE_PARAM,
    `Number of results per page (default ${pageSize}${most}; a value that is not a whole number from 1 is the default).`,
    {
      anyOf: [
        { type: "integer", minimum: 1, ...(maxPageSize === undefined ? {} : { maximum: maxPageSize }) },
        { type: "number" },
        { type: "string" },
      ],
      default: pageSize,
    },
  );
}

/** The page parameters with the page sizes of the viewset, so that clients see its default and maximum. */
function pageNumberDocs({ pageSize, maxPageSize }: PageSizes): PaginatorDocs {
  return {
    parameters: [
      queryParameter(PAGE_PARAM, 'A page number within the paginated result set (from 1), or "last".', {
        anyOf: [
          { type: "integer", minimum: 1 },
          { type: "string", enum: ["last"] },
        ],
      }),
      pageSizeParameter(pageSize, maxPageSize),
    ],
    envelope: pageNumberEnvelope,
  };
}

/**
 * DRF's PageNumberPagination: `{ count, next, previous, results }` with absolute links that keep
 * the other query parameters. A page that is not a positive integer, or lies past the last page,
 * is 404 (page 1 of an empty list is 200).
 */
export function pageNumberPagination(): Paginator {
  return {
    openapi: pageNumberDocs,
    async paginate<Row>(input: PageInput<Row>): Promise<Page<Row>> {
      const { params, request, ctx } = input;
      const size = resolvePageSize(params.get(PAGE_SIZE_PARAM), input.pageSize, input.maxPageSize);
      const pageText = params.get(PAGE_PARAM)?.[0];
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
      const next = page < lastPage ? linkWith(request, params, PAGE_PARAM, String(page + 1)) : null;
      const previous =
        page > 1 ? linkWith(request, params, PAGE_PARAM, page - 1 === 1 ? null : String(page - 1)) : null;
      return { rows, envelope: (results) => ({ count, next, previous, results }) };
    },
  };
}

import type { ApiRequest, RequestContext } from "../http/request.js";
import type { FieldDef } from "../models/fields.js";
import type { QuerySet } from "./manager.js";

/** What a paginator receives: a query set already filtered and searched, and the order to apply. */
export interface PageInput<Row> {
  readonly request: ApiRequest;
  readonly ctx: RequestContext;
  /** Query parameters (key -> values). */
  readonly params: ReadonlyMap<string, readonly string[]>;
  readonly queryset: QuerySet<Row>;
  /** Ordering terms (`"-price"`), always ending with the primary key. */
  readonly ordering: readonly string[];
  readonly fields: Readonly<Record<string, FieldDef>>;
  readonly primaryKey: string;
  /** Page size settings of the viewset (or its router). */
  readonly pageSize: number;
  readonly maxPageSize: number;
}

/** One page: its rows, and the envelope around their serialized form. */
export interface Page<Row> {
  readonly rows: Row[];
  envelope(results: unknown[]): Record<string, unknown>;
}

/** A pagination class (DRF's PageNumberPagination, CursorPagination, ...). */
export interface Paginator {
  paginate<Row>(input: PageInput<Row>): Promise<Page<Row>>;
  /**
   * How the OpenAPI document describes it: its query parameters (OpenAPI Parameter Objects) and
   * the envelope schema around a page of results. Page-number pagination needs none.
   */
  readonly openapi?: {
    readonly parameters?: readonly Readonly<Record<string, unknown>>[];
    readonly envelope?: (results: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  };
}

/** The interface of a paginator: the page it makes and how it describes itself in OpenAPI. */
import type { ParameterObject, SchemaObject } from "../http/openapi-types.js";
import type { ApiRequest, RequestContext } from "../http/request.js";
import type { FieldDef } from "../models/fields.js";
import type { QuerySet } from "./manager.js";

/** The page sizes of the viewset that paginates: its own, or its router's. */
export interface PageSizes {
  readonly pageSize: number;
  readonly maxPageSize: number;
}

/** What a paginator receives: a query set already filtered and searched, and the order to apply. */
export interface PageInput<Row> extends PageSizes {
  readonly request: ApiRequest;
  readonly ctx: RequestContext;
  /** Query parameters (key -> values). */
  readonly params: ReadonlyMap<string, readonly string[]>;
  readonly queryset: QuerySet<Row>;
  /** Ordering terms (`"-price"`), always ending with the primary key. */
  readonly ordering: readonly string[];
  readonly fields: Readonly<Record<string, FieldDef>>;
  readonly primaryKey: string;
}

/** One page: its rows, and the envelope around their serialized form. */
export interface Page<Row> {
  readonly rows: Row[];
  envelope(results: unknown[]): Record<string, unknown>;
}

/** How the OpenAPI document shows a paginator: the query parameters it reads and the body of a list. */
export interface PaginatorDocs {
  readonly parameters?: readonly ParameterObject[];
  /** The envelope around a page, given the schema of its `results` array. */
  readonly envelope?: (results: SchemaObject) => SchemaObject;
}

/** A pagination class (DRF's PageNumberPagination, CursorPagination, ...). */
export interface Paginator {
  paginate<Row>(input: PageInput<Row>): Promise<Page<Row>>;
  /**
   * How the paginator describes itself in the OpenAPI document: a description, or one made for the
   * page sizes of the viewset that uses it. Without one, its list is documented as
   * `{ results, next?, previous?, count? }` and it adds no parameters.
   */
  readonly openapi?: PaginatorDocs | ((sizes: PageSizes) => PaginatorDocs);
  /**
   * True when a page's position is made of its rows' values of the ordering fields (a cursor): such
   * a paginator cannot order by a path through relations, which the rows do not hold.
   */
  readonly positional?: boolean;
}

/** A query parameter a paginator reads, as the document lists it: optional, in the query string. */
export function queryParameter(name: string, description: string, schema: SchemaObject): ParameterObject {
  return { name, in: "query", required: false, description, schema };
}

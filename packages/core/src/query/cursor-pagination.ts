/** DRF's cursor pagination: pages by position in a stable order, with opaque next and previous links. */
import { NotFound } from "../http/errors.js";
import type { FieldDef } from "../models/fields.js";
import { type Expression, type FilterValue, and, or } from "./filter-expression.js";
import { linkWith } from "./links.js";
import { fieldOf, withPrimaryKey } from "./ordering.js";
import { PAGE_SIZE_PARAM, pageSizeParameter, resolvePageSize } from "./pagination.js";
import {
  type Page,
  type PageInput,
  type PageSizes,
  type Paginator,
  type PaginatorDocs,
  queryParameter,
} from "./paginator.js";

export interface CursorPaginationOptions {
  /** Rows per page; the viewset's (or router's) page size when left out. `?page_size=` may change it. */
  readonly pageSize?: number;
  /**
   * The order when the request sends no `?ordering=` (DRF's default is `-created`); the primary
   * key always ends it so that every position is unique. The viewset's ordering when left out.
   */
  readonly ordering?: readonly string[];
  /** The query parameter that carries the cursor. */
  readonly cursorParam?: string;
}

/** What a cursor says: the order it was made for, the boundary row's values, and the direction. */
interface Position {
  /** Ordering terms, so that a cursor used with another order is refused. */
  readonly o: readonly string[];
  /** The boundary row's value of each term, encoded (see `encodeValue`). */
  readonly v: readonly unknown[];
  /** True when the page lies before the boundary (a `previous` link). */
  readonly r: boolean;
  /** True when the boundary row itself belongs to the page (after an empty page). */
  readonly i?: boolean;
}

const INVALID_CURSOR = "Invalid cursor.";
const MAX_CURSOR_LENGTH = 4096;

function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new NotFound(INVALID_CURSOR);
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/** A row value as JSON: dates as ISO text, 64-bit integers past 2^53 as digits. */
function encodeValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  return value;
}

/** A cursor value back in the type the field's rows hold; throws on a value that cannot be one. */
function reviveValue(field: FieldDef | undefined, value: unknown): FilterValue | null {
  if (value === null) return null;
  switch (field?.type) {
    case "int":
    case "foreignKey":
      if (typeof value === "number" && Number.isSafeInteger(value)) return value;
      if (typeof value === "string" && /^-?\d{1,19}$/.test(value)) return BigInt(value);
      break;
    case "time":
      if (typeof value === "string") {
        const date = new Date(value);
        if (!Number.isNaN(date.getTime())) return date;
      }
      break;
    case "bool":
      if (typeof value === "boolean") return value;
      break;
    case "decimal":
      if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value))) return value;
      break;
    default:
      if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value))) return value;
  }
  throw new NotFound(INVALID_CURSOR);
}

function encodePosition(position: Position): string {
  return toBase64Url(JSON.stringify(position.i ? position : { o: position.o, v: position.v, r: position.r }));
}

function rowPosition(ordering: readonly string[], row: object, reverse: boolean): string {
  const values = ordering.map((term) => encodeValue((row as Record<string, unknown>)[fieldOf(term)]));
  return encodePosition({ o: ordering, v: values, r: reverse });
}

interface Cursor {
  readonly position: Position;
  readonly values: (FilterValue | null)[];
}

function decodeCursor(text: string, ordering: readonly string[], fields: PageInput<unknown>["fields"]): Cursor {
  try {
    if (text.length > MAX_CURSOR_LENGTH) throw new NotFound(INVALID_CURSOR);
    const position = JSON.parse(fromBase64Url(text)) as Partial<Position> | null;
    if (
      typeof position !== "object" ||
      position === null ||
      !Array.isArray(position.o) ||
      !Array.isArray(position.v) ||
      typeof position.r !== "boolean" ||
      (position.i !== undefined && typeof position.i !== "boolean") ||
      position.o.length !== ordering.length ||
      position.v.length !== ordering.length ||
      position.o.some((term, index) => term !== ordering[index])
    ) {
      throw new NotFound(INVALID_CURSOR);
    }
    const values = position.v.map((value, index) => reviveValue(fields[fieldOf(ordering[index]!)], value));
    return { position: position as Position, values };
  } catch {
    throw new NotFound(INVALID_CURSOR);
  }
}

function reversed(ordering: readonly string[]): string[] {
  return ordering.map((term) => (term.startsWith("-") ? term.slice(1) : `-${term}`));
}

function condition(field: string, lookup: "exact" | "gt" | "lt", value: FilterValue): Expression {
  return { kind: "condition", field, lookup, value };
}

function isNull(field: string, value: boolean): Expression {
  return { kind: "condition", field, lookup: "isnull", value };
}

/** `field` strictly after `value` in the term's direction; nulls sort as the smallest value. */
function strictlyAfter(term: string, value: FilterValue | null, nullable: boolean): Expression | null {
  const field = fieldOf(term);
  const descending = term.startsWith("-");
  if (value === null) return descending ? null : isNull(field, false);
  if (!descending) return condition(field, "gt", value);
  return nullable ? or([condition(field, "lt", value), isNull(field, true)]) : condition(field, "lt", value);
}

function equalTo(field: string, value: FilterValue | null): Expression {
  return value === null ? isNull(field, true) : condition(field, "exact", value);
}

type FieldTypes = Readonly<Record<string, FieldDef>>;

/** Unknown fields count as nullable: the conditions stay right, only less index-friendly. */
function isNullable(fields: FieldTypes | undefined, field: string): boolean {
  const def = fields?.[field];
  return def === undefined || def.nullable === true;
}

/**
 * A range on the first ordering field that every row after the position satisfies
 * (`a <= x` for `-a`), so the database can scan an index instead of testing the OR-chain on
 * every row. Only where it is exact: a value, and for descending terms a NOT NULL field.
 */
function leadingBound(term: string, value: FilterValue | null, nullable: boolean): Expression | null {
  if (value === null) return null;
  const field = fieldOf(term);
  if (!term.startsWith("-")) return { kind: "condition", field, lookup: "gte", value };
  return nullable ? null : { kind: "condition", field, lookup: "lte", value };
}

/** The OR-chain of rows strictly after a position, and the index-friendly range around it. */
function positionParts(
  ordering: readonly string[],
  values: readonly (FilterValue | null)[],
  fields: FieldTypes | undefined,
): { bound: Expression | null; branches: Expression[] } {
  const branches: Expression[] = [];
  for (let i = 0; i < ordering.length; i++) {
    const term = ordering[i]!;
    const after = strictlyAfter(term, values[i]!, isNullable(fields, fieldOf(term)));
    if (after === null) continue;
    const equal = ordering.slice(0, i).map((previous, j) => equalTo(fieldOf(previous), values[j]!));
    branches.push(equal.length === 0 ? after : and([...equal, after]));
  }
  const first = ordering[0];
  const bound =
    first !== undefined && ordering.length > 1
      ? leadingBound(first, values[0]!, isNullable(fields, fieldOf(first)))
      : null;
  return { bound, branches };
}

/**
 * Rows after a position in an ordering, as one expression that runs in SQL through the
 * manager's `filter`: for `-a, pk` that is `a <= x AND (a < x OR (a = x AND pk > y))`.
 * `fields` (the model's) lets NOT NULL fields drop their null branches.
 */
export function afterPosition(
  ordering: readonly string[],
  values: readonly (FilterValue | null)[],
  fields?: FieldTypes,
): Expression {
  const { bound, branches } = positionParts(ordering, values, fields);
  if (branches.length === 0) return { kind: "or", children: [] };
  return bound ? and([bound, or(branches)]) : or(branches);
}

/** The row at a position (all its ordering values equal), or any row after it. */
function atOrAfterPosition(
  ordering: readonly string[],
  values: readonly (FilterValue | null)[],
  fields?: FieldTypes,
): Expression {
  const at = and(ordering.map((term, index) => equalTo(fieldOf(term), values[index]!)));
  const { bound, branches } = positionParts(ordering, values, fields);
  const either = or([at, ...branches]);
  return bound ? and([bound, either]) : either;
}

/** The cursor and page-size parameters, and `{ next, previous, results }`: no count. */
function cursorDocs(cursorParam: string, pageSize: number | undefined): (sizes: PageSizes) => PaginatorDocs {
  const link = { type: "string", nullable: true, format: "uri" };
  return (sizes) => ({
    parameters: [
      queryParameter(cursorParam, "The opaque cursor of a page, from a next or previous link.", { type: "string" }),
      pageSizeParameter(pageSize ?? sizes.pageSize, sizes.maxPageSize),
    ],
    envelope: (results) => ({
      type: "object",
      required: ["next", "previous", "results"],
      properties: { next: link, previous: link, results },
    }),
  });
}

/**
 * DRF's CursorPagination: `{ next, previous, results }` with opaque cursors over the ordering
 * fields' values and the primary key of the boundary row. No COUNT, and pages stay put while
 * rows are inserted. An invalid or garbled cursor is 404 "Invalid cursor.".
 */
export function cursorPagination(options: CursorPaginationOptions = {}): Paginator {
  const cursorParam = options.cursorParam ?? "cursor";
  return {
    positional: true,
    openapi: cursorDocs(cursorParam, options.pageSize),
    async paginate<Row>(input: PageInput<Row>): Promise<Page<Row>> {
      const { params, request, ctx } = input;
      const ordering =
        options.ordering && !params.has("ordering")
          ? withPrimaryKey(options.ordering, input.primaryKey)
          : [...input.ordering];
      const size = resolvePageSize(params.get(PAGE_SIZE_PARAM), options.pageSize ?? input.pageSize, input.maxPageSize);
      const cursorText = params.get(cursorParam)?.[0];
      const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText, ordering, input.fields);

      const reverse = cursor?.position.r === true;
      const order = reverse ? reversed(ordering) : ordering;
      let queryset = input.queryset;
      if (cursor) {
        const where = cursor.position.i
          ? atOrAfterPosition(order, cursor.values, input.fields)
          : afterPosition(order, cursor.values, input.fields);
        queryset = queryset.filter(where);
      }
      const fetched = await queryset
        .orderBy(...order)
        .limit(size + 1)
        .all(ctx);
      const more = fetched.length > size;
      const rows = fetched.slice(0, size);
      if (reverse) rows.reverse();

      // Going forward from a cursor, rows lie behind it; going back, rows lie ahead of it.
      const hasNext = reverse ? cursor !== undefined : more;
      const hasPrevious = reverse ? more : cursor !== undefined;
      const first = rows[0];
      const last = rows[rows.length - 1];
      // An empty page (its rows were deleted) links back to its own boundary, that row included.
      const boundary = (r: boolean) => encodePosition({ ...cursor!.position, r, i: true });
      const next = hasNext
        ? linkWith(request, params, cursorParam, last ? rowPosition(ordering, last, false) : boundary(false))
        : null;
      const previous = hasPrevious
        ? linkWith(request, params, cursorParam, first ? rowPosition(ordering, first, true) : boundary(true))
        : null;
      return { rows, envelope: (results) => ({ next, previous, results }) };
    },
  };
}

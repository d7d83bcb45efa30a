/**
 * The products API written by hand, as a careful developer would without viewsets: the natural
 * SQL (one COUNT, one page query; a get by id; an INSERT ... RETURNING) as statements prepared
 * once per query shape with placeholders for values (`store.ts`: SQLite or PostgreSQL), the same
 * envelope and links as the viewset, `JSON.stringify` of the rows by the framework, and
 * deliberately minimal validation. Each framework's file only reads its request and writes the
 * answer; this file holds what they share (the strongest handlers and the simplest ones alike).
 */
import { PRODUCT_STATUSES } from "../../../examples/shop/src/schema.js";
import type { ListShape, NewProduct, ProductStore } from "./store.js";

export interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Record<string, string>;
}

const PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
const POSITIVE_INT = /^[1-9]\d{0,8}$/;
/** The shop's orderable fields; the primary key ends the order in the last term's direction, as the viewset's. */
const ORDERABLE = new Set(["name", "price", "createdAt", "updatedAt"]);
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function problem(status: number, detail: string, errors?: Record<string, string[]>): Answer {
  const title = status === 400 ? "Bad Request" : "Not Found";
  return { status, body: { type: "about:blank", title, status, detail, ...(errors ? { errors } : {}) } };
}

/** `?ordering=` as terms the store knows, ending with the primary key (bounded: one statement per shape). */
function orderingOf(text: string | null): string[] {
  const terms: string[] = [];
  for (const term of (text ?? "").split(",")) {
    const field = term.startsWith("-") ? term.slice(1) : term;
    if (ORDERABLE.has(field) && !terms.some((t) => t.endsWith(field))) terms.push(term);
  }
  if (terms.length === 0) terms.push("-createdAt");
  terms.push(terms[terms.length - 1]!.startsWith("-") ? "-id" : "id");
  return terms;
}

/** An absolute link to the same list with `page` replaced (or removed), keeping the other parameters. */
function pageLink(origin: string, path: string, query: URLSearchParams, page: number | null): string {
  const copy = new URLSearchParams(query);
  if (page === null) copy.delete("page");
  else copy.set("page", String(page));
  const search = copy.toString();
  return `${origin}${path}${search === "" ? "" : `?${search}`}`;
}

/**
 * `GET /api/v1/products/?price__gte=50&ordering=-price&page=2` (and `status=`): the query as its
 * raw text (the strongest handlers slice it from the URL) or as the framework parsed it.
 */
export async function listProducts(
  store: ProductStore,
  origin: string,
  path: string,
  rawQuery: string | URLSearchParams,
): Promise<Answer> {
  const query = typeof rawQuery === "string" ? new URLSearchParams(rawQuery) : rawQuery;
  const status = query.get("status");
  if (status !== null && !(PRODUCT_STATUSES as readonly string[]).includes(status)) {
    return problem(400, 'Invalid value for filter "status".', { status: ["Select a valid choice."] });
  }
  const minPrice = query.get("price__gte");
  if (minPrice !== null && !DECIMAL.test(minPrice)) {
    return problem(400, 'Invalid value for filter "price__gte".', { price__gte: ["A valid number is required."] });
  }
  const pageSizeText = query.get("page_size");
  const size =
    pageSizeText !== null && POSITIVE_INT.test(pageSizeText)
      ? Math.min(Number(pageSizeText), MAX_PAGE_SIZE)
      : PAGE_SIZE;
  const pageText = query.get("page") ?? "1";
  if (!POSITIVE_INT.test(pageText)) return problem(404, "Invalid page.");
  const shape: ListShape = { status, minPrice, ordering: orderingOf(query.get("ordering")) };
  const count = await store.count(shape);
  const page = Number(pageText);
  const lastPage = Math.max(1, Math.ceil(count / size));
  if (page > lastPage) return problem(404, "Invalid page.");
  const results = await store.page(shape, size, (page - 1) * size);
  return {
    status: 200,
    body: {
      count,
      next: page < lastPage ? pageLink(origin, path, query, page + 1) : null,
      previous: page > 1 ? pageLink(origin, path, query, page === 2 ? null : page - 1) : null,
      results,
    },
  };
}

/** `GET /api/v1/products/{id}` */
export async function retrieveProduct(store: ProductStore, idText: string): Promise<Answer> {
  const id = Number(idText);
  if (!Number.isSafeInteger(id)) return problem(404, "Not found.");
  const product = await store.get(id);
  return product ? { status: 200, body: product } : problem(404, "Not found.");
}

/** `POST /api/v1/products/`: checks the types of the fields a product needs, then inserts. */
export async function createProduct(store: ProductStore, origin: string, path: string, body: unknown): Promise<Answer> {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return problem(400, "Invalid input.", { non_field_errors: ["Expected an object."] });
  const input = body as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  if (typeof input.name !== "string" || input.name.length > 200)
    errors.name = ["A name of at most 200 characters is required."];
  if (!Number.isSafeInteger(input.categoryId)) errors.categoryId = ["An integer is required."];
  const price = typeof input.price === "number" ? String(input.price) : input.price;
  if (typeof price !== "string" || !DECIMAL.test(price)) errors.price = ["A decimal number is required."];
  if (input.status !== undefined && !(PRODUCT_STATUSES as readonly unknown[]).includes(input.status))
    errors.status = ["Select a valid choice."];
  if (input.inStock !== undefined && typeof input.inStock !== "boolean") errors.inStock = ["Must be a boolean."];
  if (input.description !== undefined && input.description !== null && typeof input.description !== "string")
    errors.description = ["Must be text."];
  if (Object.keys(errors).length > 0) return problem(400, "Invalid input.", errors);

  const now = new Date();
  const product: NewProduct = {
    name: input.name as string,
    categoryId: input.categoryId as number,
    price: price as string,
    status: (input.status as NewProduct["status"] | undefined) ?? "draft",
    inStock: (input.inStock as boolean | undefined) ?? true,
    description: (input.description as string | null | undefined) ?? null,
    createdAt: now,
    updatedAt: now,
  };
  const created = (await store.insert(product)) as { id: number };
  const listPath = path.endsWith("/") ? path : `${path}/`;
  return { status: 201, body: created, headers: { Location: `${origin}${listPath}${created.id}` } };
}

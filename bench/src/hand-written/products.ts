/**
 * The products API written by hand with drizzle, as an app without viewsets would: the same
 * SQL as the viewset's manager (one COUNT, one page query), the same envelope and links, and
 * deliberately minimal validation. Each framework's file only reads its request and writes the
 * answer; this file holds what the three share.
 */
import { asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { ShopDatabase } from "../../../examples/shop/src/database.js";
import { PRODUCT_STATUSES, products } from "../../../examples/shop/src/schema.js";

export interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Record<string, string>;
}

const PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
const POSITIVE_INT = /^[1-9]\d{0,8}$/;
const ORDERABLE = {
  name: products.name,
  price: products.price,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  id: products.id,
};
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function problem(status: number, detail: string, errors?: Record<string, string[]>): Answer {
  const title = status === 400 ? "Bad Request" : "Not Found";
  return { status, body: { type: "about:blank", title, status, detail, ...(errors ? { errors } : {}) } };
}

function orderBy(text: string | null): SQL[] {
  const terms: SQL[] = [];
  for (const term of (text ?? "-createdAt").split(",")) {
    const descending = term.startsWith("-");
    const column = ORDERABLE[(descending ? term.slice(1) : term) as keyof typeof ORDERABLE];
    if (column && column !== products.id) terms.push(descending ? desc(column) : asc(column));
  }
  terms.push(asc(products.id));
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

/** `GET /api/v1/products/?status=live&ordering=-price&page=2` */
export function listProducts(db: ShopDatabase, origin: string, path: string, rawQuery: string): Answer {
  const query = new URLSearchParams(rawQuery);
  const status = query.get("status");
  if (status !== null && !(PRODUCT_STATUSES as readonly string[]).includes(status)) {
    return problem(400, 'Invalid value for filter "status".', { status: ["Select a valid choice."] });
  }
  const pageSizeText = query.get("page_size");
  const size =
    pageSizeText !== null && POSITIVE_INT.test(pageSizeText)
      ? Math.min(Number(pageSizeText), MAX_PAGE_SIZE)
      : PAGE_SIZE;
  const pageText = query.get("page") ?? "1";
  if (!POSITIVE_INT.test(pageText)) return problem(404, "Invalid page.");
  const where = status === null ? undefined : eq(products.status, status as (typeof PRODUCT_STATUSES)[number]);

  const [{ count } = { count: 0 }] = db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(where)
    .all();
  const page = Number(pageText);
  const lastPage = Math.max(1, Math.ceil(count / size));
  if (page > lastPage) return problem(404, "Invalid page.");
  const results = db
    .select()
    .from(products)
    .where(where)
    .orderBy(...orderBy(query.get("ordering")))
    .limit(size)
    .offset((page - 1) * size)
    .all();
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
export function retrieveProduct(db: ShopDatabase, idText: string): Answer {
  const id = Number(idText);
  if (!Number.isSafeInteger(id)) return problem(404, "Not found.");
  const [product] = db.select().from(products).where(eq(products.id, id)).limit(1).all();
  return product ? { status: 200, body: product } : problem(404, "Not found.");
}

/** `POST /api/v1/products/`: checks the types of the fields a product needs, then inserts. */
export function createProduct(db: ShopDatabase, origin: string, path: string, body: unknown): Answer {
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

  const [created] = db
    .insert(products)
    .values({
      name: input.name as string,
      categoryId: input.categoryId as number,
      price: price as string,
      status: input.status as (typeof PRODUCT_STATUSES)[number] | undefined,
      inStock: input.inStock as boolean | undefined,
      description: input.description as string | null | undefined,
    })
    .returning()
    .all();
  const listPath = path.endsWith("/") ? path : `${path}/`;
  return { status: 201, body: created, headers: { Location: `${origin}${listPath}${created!.id}` } };
}

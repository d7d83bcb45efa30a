/**
 * The hand-written side's SQL, as a careful developer writes it with drizzle: each statement
 * prepared once per query shape (which filters are present, which order, first page or not)
 * with `sql.placeholder` for every value, on SQLite (better-sqlite3) and on PostgreSQL
 * (node-postgres, named prepared statements).
 */
import { and, asc, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { ShopSqliteDatabase } from "../../../examples/shop/src/database.js";
import { type PRODUCT_STATUSES, products } from "../../../examples/shop/src/schema.js";
import type { pgShopTables } from "../pg-shop.js";

/** What decides a list's SQL: which filters are present (their values bind), and the order. */
export interface ListShape {
  readonly status: string | null;
  readonly minPrice: string | null;
  /** Terms such as `-price`, ending with `id` or `-id`. */
  readonly ordering: readonly string[];
}

export interface NewProduct {
  name: string;
  categoryId: number;
  price: string;
  status: (typeof PRODUCT_STATUSES)[number];
  inStock: boolean;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ProductStore {
  count(shape: ListShape): Promise<number> | number;
  page(shape: ListShape, limit: number, offset: number): Promise<unknown[]> | unknown[];
  get(id: number): Promise<unknown> | unknown;
  insert(product: NewProduct): Promise<unknown> | unknown;
}

const p = sql.placeholder;

function shapeKey(shape: ListShape): string {
  return `${shape.status === null ? "" : "s"}${shape.minPrice === null ? "" : "p"}:${shape.ordering.join(",")}`;
}

/** A statement per shape, prepared the first time the shape is asked for. */
function perShape<S>(prepare: (shape: ListShape) => S): (shape: ListShape) => S {
  const statements = new Map<string, S>();
  return (shape) => {
    const key = shapeKey(shape);
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = prepare(shape)));
    return statement;
  };
}

/** The insert's values, each a placeholder. */
const NEW_PRODUCT = {
  name: p("name"),
  categoryId: p("categoryId"),
  price: p("price"),
  status: p("status"),
  inStock: p("inStock"),
  description: p("description"),
  createdAt: p("createdAt"),
  updatedAt: p("updatedAt"),
};

function valuesOf(shape: ListShape): Record<string, unknown> {
  return { status: shape.status, minPrice: shape.minPrice };
}

type Columns = Record<"id" | "name" | "price" | "status" | "createdAt" | "updatedAt", unknown>;

function whereOf(table: Columns, shape: ListShape): SQL | undefined {
  return and(
    shape.status === null ? undefined : eq(table.status as never, p("status")),
    shape.minPrice === null ? undefined : gte(table.price as never, p("minPrice")),
  );
}

function orderOf(table: Columns, ordering: readonly string[]): SQL[] {
  return ordering.map((term) => {
    const column = table[(term.startsWith("-") ? term.slice(1) : term) as keyof Columns] as never;
    return term.startsWith("-") ? desc(column) : asc(column);
  });
}

/**
 * SQLite's NUMERIC column reads a price back as a number's text ("416.9"); the API shows two
 * places, as PostgreSQL's numeric(10, 2) gives them.
 */
function withCents<R extends { price: string } | undefined>(row: R): R {
  if (row) row.price = Number(row.price).toFixed(2);
  return row;
}

/** better-sqlite3: `prepare()` once per shape, then `get`/`all` with the values. */
export function sqliteStore(db: ShopSqliteDatabase): ProductStore {
  const countOf = perShape((shape) =>
    db.select({ count: sql<number>`count(*)` }).from(products).where(whereOf(products, shape)).prepare(),
  );
  const pageOf = perShape((shape) =>
    db
      .select()
      .from(products)
      .where(whereOf(products, shape))
      .orderBy(...orderOf(products, shape.ordering))
      .limit(p("limit"))
      .offset(p("offset"))
      .prepare(),
  );
  const byId = db
    .select()
    .from(products)
    .where(eq(products.id, p("id")))
    .prepare();
  const insert = db.insert(products).values(NEW_PRODUCT).returning().prepare();
  return {
    count: (shape) => countOf(shape).get(valuesOf(shape))!.count,
    page: (shape, limit, offset) => {
      const rows = pageOf(shape).all({ ...valuesOf(shape), limit, offset });
      for (const row of rows) withCents(row);
      return rows;
    },
    get: (id) => withCents(byId.get({ id })),
    // Run to its end, as the viewset's insert is: a write stepped once (`get`) is reset before
    // SQLite reports a failed commit and before its WAL hook checkpoints (HISTORY.md, finding 30).
    insert: (product) => withCents(insert.all({ ...product })[0]!),
  };
}

type PgProducts = ReturnType<typeof pgShopTables>["products"];

/** node-postgres: named statements, prepared by each pooled connection on first use. */
export function pgStore(db: NodePgDatabase, table: PgProducts): ProductStore {
  let names = 0;
  const countOf = perShape((shape) =>
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(table)
      .where(whereOf(table, shape))
      .prepare(`hw_count_${++names}`),
  );
  const pageOf = perShape((shape) =>
    db
      .select()
      .from(table)
      .where(whereOf(table, shape))
      .orderBy(...orderOf(table, shape.ordering))
      .limit(p("limit"))
      .offset(p("offset"))
      .prepare(`hw_page_${++names}`),
  );
  const byId = db
    .select()
    .from(table)
    .where(eq(table.id, p("id")))
    .prepare("hw_get");
  const insert = db.insert(table).values(NEW_PRODUCT).returning().prepare("hw_insert");
  return {
    count: async (shape) => (await countOf(shape).execute(valuesOf(shape)))[0]!.count,
    page: (shape, limit, offset) => pageOf(shape).execute({ ...valuesOf(shape), limit, offset }),
    get: async (id) => (await byId.execute({ id }))[0],
    insert: async (product) => (await insert.execute({ ...product }))[0],
  };
}

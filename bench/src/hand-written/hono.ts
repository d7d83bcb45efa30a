import { type Context, Hono } from "hono";
import type { ShopDatabase } from "../../../examples/shop/src/database.js";
import { type Answer, createProduct, listProducts, retrieveProduct } from "./products.js";

function reply(c: Context, answer: Answer): Response {
  return c.json(answer.body as object, answer.status as 200, answer.headers);
}

function parts(c: Context): { origin: string; path: string; rawQuery: string } {
  const url = new URL(c.req.url);
  return { origin: url.origin, path: url.pathname, rawQuery: url.search.slice(1) };
}

/** The products routes by hand on Hono: its router, c.req.json() and c.json(). */
export function handWrittenHono(db: ShopDatabase): Hono {
  const app = new Hono();
  const list = (c: Context) => {
    const { origin, path, rawQuery } = parts(c);
    return reply(c, listProducts(db, origin, path, rawQuery));
  };
  const create = async (c: Context) => {
    const { origin, path } = parts(c);
    const body: unknown = await c.req.json().catch(() => undefined);
    return reply(c, createProduct(db, origin, path, body));
  };
  app.get("/api/v1/products", list);
  app.get("/api/v1/products/", list);
  app.post("/api/v1/products", create);
  app.post("/api/v1/products/", create);
  app.get("/api/v1/products/:id{[0-9]+}", (c) => reply(c, retrieveProduct(db, c.req.param("id"))));
  return app;
}

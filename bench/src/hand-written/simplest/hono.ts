/** The products routes on Hono as its docs teach them: its router, `c.req.json()`, the URL's own parts and `c.json()`. */
import { type Context, Hono } from "hono";
import { type Answer, createProduct, listProducts, retrieveProduct } from "../products.js";
import type { ProductStore } from "../store.js";

function reply(c: Context, answer: Answer): Response {
  return c.json(answer.body as object, answer.status as 200, answer.headers);
}

export function simplestHono(store: ProductStore): Hono {
  const app = new Hono();
  app.get("/api/v1/products/", async (c) => {
    const url = new URL(c.req.url);
    return reply(c, await listProducts(store, url.origin, url.pathname, url.searchParams));
  });
  app.get("/api/v1/products/:id", async (c) => reply(c, await retrieveProduct(store, c.req.param("id"))));
  app.post("/api/v1/products/", async (c) => {
    const url = new URL(c.req.url);
    // A malformed body is the create's 400, as on the other sides (c.req.json() throws on it).
    const body = await c.req.json().catch(() => undefined);
    return reply(c, await createProduct(store, url.origin, url.pathname, body));
  });
  return app;
}

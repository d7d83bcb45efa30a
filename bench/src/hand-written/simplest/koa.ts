/** The products routes on Koa as its ecosystem teaches them: @koa/router, @koa/bodyparser, `ctx.query` and `ctx.body`. */
import { bodyParser } from "@koa/bodyparser";
import Router from "@koa/router";
import Koa, { type Context } from "koa";
import { type Answer, createProduct, listProducts, retrieveProduct } from "../products.js";
import type { ProductStore } from "../store.js";

function reply(ctx: Context, answer: Answer): void {
  ctx.status = answer.status;
  if (answer.headers) ctx.set(answer.headers);
  ctx.body = answer.body;
}

// `ctx.origin` is the Origin header in Koa 3, not the request's own origin.
const origin = (ctx: Context) => `${ctx.protocol}://${ctx.host}`;

export function simplestKoa(store: ProductStore): Koa {
  const app = new Koa();
  const router = new Router({ prefix: "/api/v1/products" });
  router.get("/", async (ctx) => {
    const query = new URLSearchParams(ctx.query as Record<string, string>);
    reply(ctx, await listProducts(store, origin(ctx), ctx.path, query));
  });
  router.get("/:id", async (ctx) => reply(ctx, await retrieveProduct(store, ctx.params.id!)));
  router.post("/", async (ctx) => reply(ctx, await createProduct(store, origin(ctx), ctx.path, ctx.request.body)));
  app.use(bodyParser());
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}

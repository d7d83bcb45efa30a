/** The strongest hand-written products routes on Koa. */
import Koa, { type Context } from "koa";
import { readJSON } from "./body.js";
import { type Answer, createProduct, listProducts, retrieveProduct } from "./products.js";
import type { ProductStore } from "./store.js";

const LIST = /^\/api\/v1\/products\/?$/;
const DETAIL = /^\/api\/v1\/products\/(\d+)\/?$/;

function reply(ctx: Context, answer: Answer): void {
  ctx.status = answer.status;
  if (answer.headers) ctx.set(answer.headers);
  ctx.body = answer.body;
}

/** The products routes by hand on Koa: one middleware matching paths, as a Koa app without a router. */
export function handWrittenKoa(store: ProductStore): Koa {
  const app = new Koa();
  app.use(async (ctx, next) => {
    const origin = `${ctx.protocol}://${ctx.host}`;
    if (LIST.test(ctx.path)) {
      if (ctx.method === "GET") return reply(ctx, await listProducts(store, origin, ctx.path, ctx.querystring));
      if (ctx.method === "POST")
        return reply(ctx, await createProduct(store, origin, ctx.path, await readJSON(ctx.req)));
    }
    const detail = DETAIL.exec(ctx.path);
    if (detail && ctx.method === "GET") return reply(ctx, await retrieveProduct(store, detail[1]!));
    await next();
  });
  return app;
}

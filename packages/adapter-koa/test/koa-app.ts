/** The adapter contract's app on a Koa of a given major version (the tests run it on 2 and 3). */
import { createServer } from "node:http";
import { bodyParser } from "@koa/bodyparser";
import cors from "@koa/cors";
import { type AdapterContractOptions, listenOnLoopback } from "@viewsets/core/testing";
import type Koa from "koa";
import { registerRoutes, toKoa } from "../src/index.js";

/** Koa's class: the one of koa 3, or of koa 2 (typed alike, as the adapter reads both). */
export type KoaClass = typeof Koa;

/** The contract's adapter on `KoaOf`, with @koa/bodyparser for the cases that parse bodies first. */
export function koaAdapter(name: string, KoaOf: KoaClass): AdapterContractOptions {
  return {
    name,
    async serve(router, options) {
      const app = new KoaOf();
      if (options.frameworkTrustsProxy) app.proxy = true;
      if (options.cors) app.use(cors({ origin: options.cors.origin, credentials: options.cors.credentials }));
      if (options.parseBody) app.use(bodyParser({ jsonLimit: "2mb" }));
      if (options.headerMiddleware) {
        app.use(async (ctx, next) => {
          ctx.set("X-Request-Id", "r-1");
          await next();
          ctx.set("X-After", "yes");
        });
      }
      if (options.appUser !== undefined) {
        app.use(async (ctx, next) => {
          ctx.state.user = options.appUser;
          await next();
        });
      }
      const handlers = Object.entries(options.handlers ?? {});
      app.use(async (ctx, next) => {
        // Koa routes nothing itself: a GET route serves HEAD too, as @koa/router's `get` does.
        const get = ctx.method === "GET" || ctx.method === "HEAD";
        const handler = handlers.find(([path]) => get && ctx.path === path)?.[1];
        if (handler) await toKoa(handler)(ctx, next);
        else await next();
      });
      registerRoutes(router, app);
      for (const mounted of options.mounts ?? []) registerRoutes(mounted, app);
      app.use((ctx) => {
        ctx.status = 404;
        ctx.type = "text/plain";
        ctx.body = "fallthrough";
      });
      return listenOnLoopback(createServer(app.callback()));
    },
  };
}

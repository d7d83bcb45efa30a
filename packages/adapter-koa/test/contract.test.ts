import { createServer } from "node:http";
import { bodyParser } from "@koa/bodyparser";
import cors from "@koa/cors";
import {
  type AdapterContractOptions,
  listenOnLoopback,
  runAdapterContract,
  runAuthContract,
} from "@viewsets/core/testing";
import Koa from "koa";
import { registerRoutes, toKoa } from "../src/index.js";

const adapter: AdapterContractOptions = {
  name: "koa",
  async serve(router, options) {
    const app = new Koa();
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

runAdapterContract(adapter);
runAuthContract(adapter);

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { bodyParser } from "@koa/bodyparser";
import { type AdapterContractOptions, runAdapterContract, runAuthContract } from "@viewsets/core/testing";
import Koa from "koa";
import { registerRoutes, toKoa } from "../src/index.js";

const adapter: AdapterContractOptions = {
  name: "koa",
  async serve(router, options) {
    const app = new Koa();
    if (options.parseBody) app.use(bodyParser({ jsonLimit: "2mb" }));
    if (options.appUser !== undefined) {
      app.use(async (ctx, next) => {
        ctx.state.user = options.appUser;
        await next();
      });
    }
    const handlers = Object.entries(options.handlers ?? {});
    app.use(async (ctx, next) => {
      const handler = handlers.find(([path]) => ctx.method === "GET" && ctx.path === path)?.[1];
      if (handler) await toKoa(handler)(ctx, next);
      else await next();
    });
    registerRoutes(router, app);
    app.use((ctx) => {
      ctx.status = 404;
      ctx.type = "text/plain";
      ctx.body = "fallthrough";
    });
    const server = createServer(app.callback()).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  },
};

runAdapterContract(adapter);
runAuthContract(adapter);

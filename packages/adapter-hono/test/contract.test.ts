import type { Server } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import {
  type AdapterContractOptions,
  listenOnLoopback,
  runAdapterContract,
  runAuthContract,
} from "@viewsets/core/testing";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { registerRoutes, toHono } from "../src/index.js";

const adapter: AdapterContractOptions = {
  name: "hono",
  async serve(router, options) {
    const app = new Hono<{ Variables: { user: unknown } }>();
    if (options.cors) app.use(cors({ origin: options.cors.origin, credentials: options.cors.credentials }));
    if (options.headerMiddleware) {
      app.use(async (c, next) => {
        c.header("X-Request-Id", "r-1");
        await next();
        c.header("X-After", "yes");
      });
    }
    if (options.parseBody) {
      app.use(async (c, next) => {
        if (c.req.header("content-type")?.includes("json")) await c.req.json().catch(() => undefined);
        await next();
      });
    }
    if (options.appUser !== undefined) {
      app.use(async (c, next) => {
        c.set("user", options.appUser);
        await next();
      });
    }
    for (const [path, handler] of Object.entries(options.handlers ?? {})) app.get(path, toHono(handler));
    registerRoutes(router, app);
    for (const mounted of options.mounts ?? []) registerRoutes(mounted, app);
    app.notFound((c) => c.text("fallthrough", 404));
    return listenOnLoopback(createAdaptorServer({ fetch: app.fetch }) as Server);
  },
};

runAdapterContract(adapter);
runAuthContract(adapter);

/** The adapter contract's app on an Express of a given major version (the tests run it on 4 and 5). */
import { createServer } from "node:http";
import { type AdapterContractOptions, listenOnLoopback } from "@viewsets/core/testing";
import cors from "cors";
import type express from "express";
import { registerRoutes, toExpress } from "../src/index.js";

/** Express's default export: the one of express 5, or of express 4 (typed alike, as the adapter reads both). */
export type ExpressModule = typeof express;

/** Sets a header before the router, and one on the way out: where Express lets a middleware add one once a later one answered. */
const requestIdAndAfter: express.RequestHandler = (_req, res, next) => {
  res.setHeader("X-Request-Id", "r-1");
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: unknown[]) {
    res.setHeader("X-After", "yes");
    return (writeHead as (...args: unknown[]) => typeof res).apply(this, args);
  } as typeof res.writeHead;
  next();
};

/** The contract's adapter on `expressOf` (its JSON parser included: Express 4's sets `_body`, 5's ends the stream). */
export function expressAdapter(name: string, expressOf: ExpressModule): AdapterContractOptions {
  return {
    name,
    async serve(router, options) {
      const app = expressOf();
      if (options.frameworkTrustsProxy) app.set("trust proxy", true);
      if (options.cors) app.use(cors({ origin: options.cors.origin, credentials: options.cors.credentials }));
      if (options.parseBody) app.use(expressOf.json({ limit: "2mb" }));
      if (options.headerMiddleware) app.use(requestIdAndAfter);
      if (options.appUser !== undefined) {
        app.use((req, _res, next) => {
          (req as express.Request & { user?: unknown }).user = options.appUser;
          next();
        });
      }
      for (const [path, handler] of Object.entries(options.handlers ?? {})) app.get(path, toExpress(handler));
      registerRoutes(router, app);
      for (const mounted of options.mounts ?? []) registerRoutes(mounted, app);
      app.use((_req, res) => {
        res.status(404).type("text/plain").send("fallthrough");
      });
      return listenOnLoopback(createServer(app));
    },
  };
}

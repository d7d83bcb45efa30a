/** The app each benchmark server runs: the viewset or a hand-written side, mounted on a bare app of its framework. */
import { type Server, createServer } from "node:http";
import type { Router } from "@viewsets/core";
import type { ProductStore } from "./hand-written/store.js";

export const FRAMEWORKS = ["express", "koa", "hono", "fastify"] as const;
export type Framework = (typeof FRAMEWORKS)[number];

// Each server process loads only its own framework: a fresh process starts every round.

/** The router mounted with `registerRoutes` on a bare app, as the quick start does. */
export async function viewsetServer(framework: Framework, router: Router): Promise<Server> {
  switch (framework) {
    case "express": {
      const [{ default: express }, { registerRoutes }] = await Promise.all([
        import("express"),
        import("@viewsets/express"),
      ]);
      const app = express();
      registerRoutes(router, app);
      return createServer(app);
    }
    case "koa": {
      const [{ default: Koa }, { registerRoutes }] = await Promise.all([import("koa"), import("@viewsets/koa")]);
      const app = new Koa();
      registerRoutes(router, app);
      return createServer(app.callback());
    }
    case "hono": {
      const [{ Hono }, { createAdaptorServer }, { registerRoutes }] = await Promise.all([
        import("hono"),
        import("@hono/node-server"),
        import("@viewsets/hono"),
      ]);
      const app = new Hono();
      registerRoutes(router, app);
      return createAdaptorServer({ fetch: app.fetch }) as Server;
    }
    case "fastify": {
      const [{ default: Fastify }, { registerRoutes }] = await Promise.all([
        import("fastify"),
        import("@viewsets/fastify"),
      ]);
      const app = Fastify();
      registerRoutes(router, app);
      return readyServer(app);
    }
  }
}

/** Fastify's own Node server once its plugins are loaded, for server.ts to listen on as on the others'. */
async function readyServer(app: { ready(): PromiseLike<unknown>; server: Server }): Promise<Server> {
  await app.ready();
  return app.server;
}

/** The strongest hand-written products routes (hand-written/) on a bare app of the same framework. */
export async function handWrittenServer(framework: Framework, store: ProductStore): Promise<Server> {
  switch (framework) {
    case "express": {
      const { handWrittenExpress } = await import("./hand-written/express.js");
      return createServer(handWrittenExpress(store));
    }
    case "koa": {
      const { handWrittenKoa } = await import("./hand-written/koa.js");
      return createServer(handWrittenKoa(store).callback());
    }
    case "hono": {
      const [{ handWrittenHono }, { createAdaptorServer }] = await Promise.all([
        import("./hand-written/hono.js"),
        import("@hono/node-server"),
      ]);
      return createAdaptorServer({ fetch: handWrittenHono(store).fetch }) as Server;
    }
    case "fastify": {
      const { handWrittenFastify } = await import("./hand-written/fastify.js");
      return readyServer(handWrittenFastify(store));
    }
  }
}

/** The simplest products routes a user of the framework writes (hand-written/simplest/), on the same store. */
export async function simplestServer(framework: Framework, store: ProductStore): Promise<Server> {
  switch (framework) {
    case "express": {
      const { simplestExpress } = await import("./hand-written/simplest/express.js");
      return createServer(simplestExpress(store));
    }
    case "koa": {
      const { simplestKoa } = await import("./hand-written/simplest/koa.js");
      return createServer(simplestKoa(store).callback());
    }
    case "hono": {
      const [{ simplestHono }, { createAdaptorServer }] = await Promise.all([
        import("./hand-written/simplest/hono.js"),
        import("@hono/node-server"),
      ]);
      return createAdaptorServer({ fetch: simplestHono(store).fetch }) as Server;
    }
    case "fastify": {
      const { simplestFastify } = await import("./hand-written/simplest/fastify.js");
      return readyServer(simplestFastify(store));
    }
  }
}

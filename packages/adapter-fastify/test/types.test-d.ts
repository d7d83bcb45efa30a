import { Router } from "@viewsets/core";
import Fastify, { type FastifyPluginAsync } from "fastify";
import { describe, expectTypeOf, it } from "vitest";
import { registerRoutes, toFastify, viewsetsPlugin } from "../src/index.js";

describe("registerRoutes", () => {
  it("takes a Fastify app, with a logger of its own or inside a plugin", () => {
    const app = Fastify({ logger: true });
    registerRoutes(new Router("/api"), app);
    registerRoutes(new Router("/v2"), Fastify());
    const plugin: FastifyPluginAsync = async (instance) => {
      registerRoutes(new Router("/v3"), instance);
    };
    void app.register(plugin);
    app.get(
      "/one",
      toFastify(async () => ({ status: 204, headers: {}, body: null })),
    );
    expectTypeOf(registerRoutes).returns.toBeVoid();
  });

  it("registers as a plugin that wants a router", () => {
    const app = Fastify();
    void app.register(viewsetsPlugin, { router: new Router("/api") });
    // @ts-expect-error the plugin needs its router
    void app.register(viewsetsPlugin, {});
  });

  it("rejects what is not a Fastify app", () => {
    // @ts-expect-error an Express-like app is not a Fastify app
    registerRoutes(new Router("/api"), { use() {} });
  });
});

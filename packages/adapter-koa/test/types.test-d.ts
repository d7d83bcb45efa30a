import { Router } from "@viewsets/core";
import Koa from "koa";
import { describe, expectTypeOf, it } from "vitest";
import { registerRoutes, toKoa } from "../src/index.js";

describe("registerRoutes", () => {
  it("takes a Koa app with its own typed state", () => {
    const app = new Koa<{ user?: { id: number } }>();
    registerRoutes(new Router("/api"), app);
    app.use(toKoa(async () => ({ status: 204, headers: {}, body: null })));
    expectTypeOf(registerRoutes).returns.toBeVoid();
  });

  it("rejects what is not an app", () => {
    // @ts-expect-error not an app
    registerRoutes(new Router("/api"), {});
  });
});

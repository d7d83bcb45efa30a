import { Router } from "@viewsets/core";
import { Hono } from "hono";
import { describe, expectTypeOf, it } from "vitest";
import { registerRoutes, toHono } from "../src/index.js";

describe("registerRoutes", () => {
  it("takes a Hono app with its own typed Variables", () => {
    const app = new Hono<{ Variables: { user: { id: number } } }>();
    registerRoutes(new Router("/api"), app);
    app.get(
      "/one",
      toHono(async () => ({ status: 204, headers: {}, body: null })),
    );
    expectTypeOf(registerRoutes).returns.toBeVoid();
  });

  it("rejects what is not a Hono app", () => {
    // @ts-expect-error an Express-like app is not a Hono app
    registerRoutes(new Router("/api"), { use() {} });
  });
});

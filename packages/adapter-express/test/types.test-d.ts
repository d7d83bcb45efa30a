import { Router } from "@viewsets/core";
import express from "express";
import { describe, expectTypeOf, it } from "vitest";
import { registerRoutes, toExpress } from "../src/index.js";

describe("registerRoutes", () => {
  it("takes an Express app or an Express router", () => {
    const app = express();
    const api = express.Router();
    registerRoutes(new Router("/api"), app);
    registerRoutes(new Router("/v2"), api);
    app.get(
      "/one",
      toExpress(async () => ({ status: 204, headers: {}, body: null })),
    );
    expectTypeOf(registerRoutes).returns.toBeVoid();
  });

  it("rejects a router in place of the app", () => {
    // @ts-expect-error arguments the wrong way round
    registerRoutes(express(), new Router("/api"));
  });
});

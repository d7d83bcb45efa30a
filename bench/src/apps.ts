import { type Server, createServer } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import type { Router } from "@viewsets/core";
import { registerRoutes as registerExpress } from "@viewsets/express";
import { registerRoutes as registerHono } from "@viewsets/hono";
import { registerRoutes as registerKoa } from "@viewsets/koa";
import express from "express";
import { Hono } from "hono";
import Koa from "koa";
import type { ShopDatabase } from "../../examples/shop/src/database.js";
import { handWrittenExpress } from "./hand-written/express.js";
import { handWrittenHono } from "./hand-written/hono.js";
import { handWrittenKoa } from "./hand-written/koa.js";

export const FRAMEWORKS = ["express", "koa", "hono"] as const;
export type Framework = (typeof FRAMEWORKS)[number];

/** The router mounted with `registerRoutes` on a bare app, as the quick start does. */
export function viewsetServer(framework: Framework, router: Router): Server {
  switch (framework) {
    case "express": {
      const app = express();
      registerExpress(router, app);
      return createServer(app);
    }
    case "koa": {
      const app = new Koa();
      registerKoa(router, app);
      return createServer(app.callback());
    }
    case "hono": {
      const app = new Hono();
      registerHono(router, app);
      return createAdaptorServer({ fetch: app.fetch }) as Server;
    }
  }
}

/** The hand-written products routes on a bare app of the same framework. */
export function handWrittenServer(framework: Framework, db: ShopDatabase): Server {
  switch (framework) {
    case "express":
      return createServer(handWrittenExpress(db));
    case "koa":
      return createServer(handWrittenKoa(db).callback());
    case "hono":
      return createAdaptorServer({ fetch: handWrittenHono(db).fetch }) as Server;
  }
}

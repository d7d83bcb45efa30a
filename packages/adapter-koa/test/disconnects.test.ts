import { createServer } from "node:http";
import { type ApiRequest, Router, sendJSON } from "@viewsets/core";
import { listenOnLoopback } from "@viewsets/core/testing";
import Koa, { type Context } from "koa";
import { afterEach, describe, expect, it } from "vitest";
import { registerRoutes } from "../src/index.js";

const reset = () => Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });

/** A Koa app with the router mounted, recording what reaches the app's error log. */
async function serve(onRouted: (ctx: Context) => void) {
  const errors: Error[] = [];
  const router = new Router("/api");
  router.register("things", {
    async handle(_route, request: ApiRequest) {
      onRouted(request.native as Context);
      return sendJSON(200, { ok: true });
    },
  });
  const app = new Koa();
  app.silent = true;
  app.on("error", (error: Error) => errors.push(error));
  registerRoutes(router, app);
  // The app's own route, after the router: a client leaving here is the app's to report.
  app.use((ctx) => {
    ctx.onerror(reset());
  });
  const server = await listenOnLoopback(createServer(app.callback()));
  return { errors, server };
}

describe("Koa: a client going away", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("is not reported to the app's error log on the router's requests", async () => {
    const { errors, server } = await serve((ctx) => {
      ctx.onerror(reset());
      ctx.onerror(Object.assign(new Error("parse failure"), { code: "HPE_INVALID_METHOD" }));
    });
    close = server.close;
    const reply = await fetch(`${server.url}/api/things/`);
    expect(reply.status).toBe(200);
    expect(errors).toEqual([]);
  });

  it("leaves the app's own routes with Koa's handler", async () => {
    const { errors, server } = await serve(() => {});
    close = server.close;
    await fetch(`${server.url}/elsewhere`);
    expect(errors.map((error) => (error as Error & { code?: string }).code)).toEqual(["ECONNRESET"]);
  });

  it("passes a server failure on to Koa's handler during the router's requests", async () => {
    const { errors, server } = await serve((ctx) => {
      ctx.onerror(new Error("disk on fire"));
    });
    close = server.close;
    await fetch(`${server.url}/api/things/`);
    expect(errors.map((error) => error.message)).toEqual(["disk on fire"]);
  });
});

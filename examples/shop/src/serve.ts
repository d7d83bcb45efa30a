import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import type { Mountable, Router } from "@viewsets/core";
import * as expressAdapter from "@viewsets/express";
import * as fastifyAdapter from "@viewsets/fastify";
import * as honoAdapter from "@viewsets/hono";
import * as koaAdapter from "@viewsets/koa";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";
import Koa from "koa";

export const FRAMEWORKS = ["express", "koa", "hono", "fastify"] as const;
export type Framework = (typeof FRAMEWORKS)[number];

export interface Listening {
  /** `http://<host>:<port>`, without a trailing slash. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export function isFramework(name: string): name is Framework {
  return (FRAMEWORKS as readonly string[]).includes(name);
}

/** A Node server for the router on one framework: the router's routes (its API root too), then `mounts` (the admin). */
async function nodeServer(router: Router, framework: Framework, mounts: readonly Mountable[]): Promise<Server> {
  switch (framework) {
    case "express": {
      const app = express();
      expressAdapter.registerRoutes(router, app);
      for (const mounted of mounts) expressAdapter.registerRoutes(mounted, app);
      return createServer(app);
    }
    case "koa": {
      const app = new Koa();
      koaAdapter.registerRoutes(router, app);
      for (const mounted of mounts) koaAdapter.registerRoutes(mounted, app);
      return createServer(app.callback());
    }
    case "hono": {
      const app = new Hono();
      honoAdapter.registerRoutes(router, app);
      for (const mounted of mounts) honoAdapter.registerRoutes(mounted, app);
      // @hono/node-server's listener on a Node server that is not listening yet, as for the others.
      return createAdaptorServer({ fetch: app.fetch }) as Server;
    }
    case "fastify": {
      const app = Fastify();
      fastifyAdapter.registerRoutes(router, app);
      for (const mounted of mounts) fastifyAdapter.registerRoutes(mounted, app);
      // Fastify's own Node server, once its plugins are loaded: listened on below, as for the others.
      await app.ready();
      return app.server;
    }
  }
}

/** Serves the router (and `mounts`) on `framework` at `port` (0 picks a free one) and resolves once listening. */
export async function listen(
  router: Router,
  framework: Framework,
  port = 0,
  host?: string,
  mounts: readonly Mountable[] = [],
): Promise<Listening> {
  const server = await nodeServer(router, framework, mounts);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = host === undefined || host === "0.0.0.0" || host === "::" ? "localhost" : host;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

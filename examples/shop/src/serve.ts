import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import type { Mountable, Router } from "@viewsets/core";
import { type DrainOptions, type DrainResult, drainable, healthRoutes, type ReadinessCheck } from "@viewsets/core/node";
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
  /** Cuts every connection at once (tests). */
  close(): Promise<void>;
  /** The graceful shutdown: see `Shutdown` below. */
  drain(): Promise<DrainResult>;
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

/**
 * Serves the router (and `mounts`) on `framework` at `port` (0 picks a free one) and resolves once
 * listening, with `/livez` and `/readyz` (over `shutdown.checks`) before them.
 */
export async function listen(
  router: Router,
  framework: Framework,
  port = 0,
  host?: string,
  mounts: readonly Mountable[] = [],
  shutdown: Shutdown = {},
): Promise<Listening> {
  const probes = shutdownProbes(shutdown);
  const server = await nodeServer(router, framework, [probes.health, ...mounts]);
  const drain = probes.drainable(server);
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
    drain: () => drain.drain(),
  };
}

// ---- The graceful shutdown and the probes (issue 49, items 5 and 6) ----

/** How the shop shuts down and what readiness asks. */
export interface Shutdown {
  /** What `/readyz` asks besides the drain: the database. */
  readonly checks?: readonly ReadinessCheck[];
  /** `drainable`'s options: `delayMs`, `timeoutMs`, and `onClosed` (close the database there). */
  readonly drain?: DrainOptions;
}

/** `/livez` and `/readyz`, answering 503 from the moment the server drains; the drain made once the server is. */
function shutdownProbes(shutdown: Shutdown) {
  let drain: ReturnType<typeof drainable> | undefined;
  const health = healthRoutes({
    checks: shutdown.checks ?? [],
    drain: {
      get draining() {
        return drain?.draining ?? false;
      },
    },
  });
  return {
    health,
    drainable(server: Server) {
      drain = drainable(server, shutdown.drain);
      return drain;
    },
  };
}

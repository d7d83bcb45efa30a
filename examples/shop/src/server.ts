/**
 * `pnpm start`: opens (or creates and seeds) the shop's database and serves the API.
 *   DATABASE_FILE  the SQLite file (default examples/shop/shop.sqlite)
 *   DATABASE_URL   PostgreSQL instead (postgres://...): migrated, seeded when empty; BETTER_AUTH_SECRET is then required
 *   FRAMEWORK      express (default), koa, hono or fastify
 *   PORT           default 3000
 *   ALLOWED_HOSTS  more host names to answer for, comma-separated (localhost and 127.0.0.1 always)
 *   TRUSTED_PROXIES how many proxies in front to believe about the client IP and scheme (default 0)
 *   DRAIN_DELAY_MS  on SIGTERM, how long to keep accepting while readiness says 503 (default 0)
 *   WORKERS         how many node:cluster workers serve behind the one port (default 1: no cluster); meant for PostgreSQL
 *   REDIS_URL       count the admin's sign-in attempts (and its export throttle) in Redis, shared by every process
 *   REDIS_PREFIX    the Redis keys' prefix (default the store's own)
 */
import cluster from "node:cluster";
import { databaseCheck } from "@viewsets/drizzle";
import { leaveCluster } from "@viewsets/core/node";
import { RedisThrottleStore, throttleStoreCheck } from "@viewsets/redis";
import { ADMIN_PATH, createShopAdmin } from "./admin.js";
import { API_PREFIX, createShopRouter, shopApiAuth } from "./app.js";
import { createShopAuth, seedUsers, shopSecret } from "./auth.js";
import { openShopDatabase, shopDatabaseLocation } from "./database.js";
import { shopAllowedHosts } from "./hosts.js";
import { FRAMEWORKS, type Framework, isFramework, listen } from "./serve.js";

const frameworkName = process.env.FRAMEWORK || "express";
const port = Number(process.env.PORT || 3000);
const workers = Number(process.env.WORKERS || 1);

if (!isFramework(frameworkName)) {
  console.error(`FRAMEWORK must be one of ${FRAMEWORKS.join(", ")}, not "${frameworkName}"`);
  process.exit(1);
}
const framework: Framework = frameworkName;

const location = shopDatabaseLocation();
if (location.dialect === "pg" && !process.env.BETTER_AUTH_SECRET) {
  // Every process behind one database must sign sessions alike: no secret made on one host's disk.
  console.error("DATABASE_URL needs BETTER_AUTH_SECRET too (32 random bytes or more, e.g. `openssl rand -hex 32`)");
  process.exit(1);
}
if (!Number.isInteger(workers) || workers < 1) {
  console.error(`WORKERS must be a whole number of 1 or more, not "${process.env.WORKERS}"`);
  process.exit(1);
}

/** The database migrated and seeded, and the demo users made. */
async function prepared() {
  const database = await openShopDatabase();
  const auth = createShopAuth(database.db, shopSecret(location.dialect === "sqlite" ? location.file : undefined));
  await seedUsers(auth);
  return { database, auth };
}

/** One process serving the API and the admin (a cluster's worker, or the whole shop). */
async function serve(): Promise<void> {
  const { database, auth } = await prepared();
  const store = process.env.REDIS_URL
    ? new RedisThrottleStore({
        url: process.env.REDIS_URL,
        ...(process.env.REDIS_PREFIX ? { prefix: process.env.REDIS_PREFIX } : {}),
      })
    : undefined;
  // Behind a proxy that ends TLS: the same hosts and trusted proxies for the API and the admin.
  const deployment = {
    allowedHosts: shopAllowedHosts(process.env.ALLOWED_HOSTS),
    trustedProxies: Number(process.env.TRUSTED_PROXIES || 0),
  };
  const admin = createShopAdmin(database.db, auth, { ...deployment, ...(store ? { throttleStore: store } : {}) });
  await admin.ready();
  const router = createShopRouter(database.db, { ...deployment, ...shopApiAuth(auth) }, admin);
  const server = await listen(router, framework, port, undefined, [admin], {
    checks: [databaseCheck(database.db), ...(store ? [throttleStoreCheck(store)] : [])],
    drain: {
      delayMs: Number(process.env.DRAIN_DELAY_MS || 0),
      onClosed: () => Promise.all([database.close(), store?.close()]).then(() => undefined),
    },
  });
  const where = cluster.isWorker ? ` (worker ${process.pid})` : "";
  console.log(
    `shop on ${framework}${where}${database.seeded ? " (seeded a new database)" : ""}: ${server.url}${API_PREFIX}/`,
  );
  console.log(
    `admin: ${server.url}${ADMIN_PATH}/ (sign in as admin or editor, password shop-demo or $SHOP_DEMO_PASSWORD)`,
  );

  // A graceful shutdown: readiness 503, keep-alive clients told to close, requests under way
  // finished, then the database closed (docs/guides/deployment.md, "Shutting down").
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void server.drain().then(async ({ cut }) => {
        if (cut > 0) console.error(`shop: cut ${cut} request(s) still running at the drain's timeout`);
        // A cluster's worker: the connections the primary was handing over go to another worker first.
        await leaveCluster();
        process.exit(0);
      });
    });
  }
}

/** Workers in a row that exit before they listen, after which the primary stops replacing them. */
const START_FAILURES_ALLOWED = 3;

/**
 * The cluster's primary: prepares the database once (so that the workers do not race to seed it),
 * then forks the workers, which share its port. A worker that exits is replaced (a crash, or a
 * rolling restart that stops one worker at a time); on SIGTERM or SIGINT every worker drains and
 * the primary exits 0 once they all have. Workers that cannot start (the port taken, the database
 * gone) are not forked forever: after `START_FAILURES_ALLOWED` in a row, the primary stops the
 * rest and exits 1, for the process manager to see.
 */
async function primary(): Promise<void> {
  const { database, auth } = await prepared();
  // The admin's tables too, before any worker looks for them.
  await createShopAdmin(database.db, auth).ready();
  await database.close();
  let stopping = false;
  let exitCode = 0;
  let failedStarts = 0;
  const listened = new Set<number>();
  const stop = (code: number) => {
    stopping = true;
    exitCode = code;
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(code);
    for (const worker of running) worker?.process.kill("SIGTERM");
  };
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on("listening", (worker) => {
    listened.add(worker.id);
    failedStarts = 0;
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    const started = listened.delete(worker.id);
    if (!started && ++failedStarts >= START_FAILURES_ALLOWED) {
      console.error(`shop: ${failedStarts} workers in a row exited before they listened; stopping`);
      return stop(1);
    }
    console.error(`shop: worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop(0));
}

if (workers > 1 && cluster.isPrimary) await primary();
else await serve();

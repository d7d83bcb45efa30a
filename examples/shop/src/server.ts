/**
 * `pnpm start`: opens (or creates and seeds) the shop's database and serves the API.
 *   DATABASE_FILE  the SQLite file (default examples/shop/shop.sqlite)
 *   DATABASE_URL   PostgreSQL instead (postgres://...): migrated, seeded when empty; BETTER_AUTH_SECRET is then required
 *   FRAMEWORK      express (default), koa, hono or fastify
 *   PORT           default 3000
 *   ALLOWED_HOSTS  more host names to answer for, comma-separated (localhost and 127.0.0.1 always)
 *   TRUSTED_PROXIES how many proxies in front to believe about the client IP and scheme (default 0)
 *   DRAIN_DELAY_MS  on SIGTERM, how long to keep accepting while readiness says 503 (default 0)
 */
import { databaseCheck } from "@viewsets/drizzle";
import { ADMIN_PATH, createShopAdmin } from "./admin.js";
import { API_PREFIX, createShopRouter, shopApiAuth } from "./app.js";
import { createShopAuth, seedUsers, shopSecret } from "./auth.js";
import { openShopDatabase, shopDatabaseLocation } from "./database.js";
import { shopAllowedHosts } from "./hosts.js";
import { FRAMEWORKS, isFramework, listen } from "./serve.js";

const framework = process.env.FRAMEWORK || "express";
const port = Number(process.env.PORT || 3000);

if (!isFramework(framework)) {
  console.error(`FRAMEWORK must be one of ${FRAMEWORKS.join(", ")}, not "${framework}"`);
  process.exit(1);
}

const location = shopDatabaseLocation();
if (location.dialect === "pg" && !process.env.BETTER_AUTH_SECRET) {
  // Every process behind one database must sign sessions alike: no secret made on one host's disk.
  console.error("DATABASE_URL needs BETTER_AUTH_SECRET too (32 random bytes or more, e.g. `openssl rand -hex 32`)");
  process.exit(1);
}
const database = await openShopDatabase();
const auth = createShopAuth(database.db, shopSecret(location.dialect === "sqlite" ? location.file : undefined));
await seedUsers(auth);
// Behind a proxy that ends TLS: the same hosts and trusted proxies for the API and the admin.
const deployment = {
  allowedHosts: shopAllowedHosts(process.env.ALLOWED_HOSTS),
  trustedProxies: Number(process.env.TRUSTED_PROXIES || 0),
};
const admin = createShopAdmin(database.db, auth, deployment);
await admin.ready();
const router = createShopRouter(database.db, { ...deployment, ...shopApiAuth(auth) }, admin);
const server = await listen(router, framework, port, undefined, [admin], {
  checks: [databaseCheck(database.db)],
  drain: { delayMs: Number(process.env.DRAIN_DELAY_MS || 0), onClosed: () => database.close() },
});
console.log(`shop on ${framework}${database.seeded ? " (seeded a new database)" : ""}: ${server.url}${API_PREFIX}/`);
console.log(
  `admin: ${server.url}${ADMIN_PATH}/ (sign in as admin or editor, password shop-demo or $SHOP_DEMO_PASSWORD)`,
);

// A graceful shutdown: readiness 503, keep-alive clients told to close, requests under way
// finished, then the database closed (docs/guides/deployment.md, "Shutting down").
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.drain().then(({ cut }) => {
      if (cut > 0) console.error(`shop: cut ${cut} request(s) still running at the drain's timeout`);
      process.exit(0);
    });
  });
}

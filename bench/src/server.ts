/**
 * One benchmark server, in its own process: `BENCH_SERVER` (JSON, see `ServerConfig`) says
 * which framework, which implementation, which SQLite file and which throttle. Prints
 * `{"port": n}` once listening on the loopback; exits on SIGTERM (so `--cpu-prof` can write).
 * Modules a configuration does not use are not loaded: a fresh process starts every round.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Pool } from "pg";
import type { Authenticator, Router } from "@viewsets/core";
import type { Throttle } from "@viewsets/core/throttling";
import { openDatabase, type ShopSqliteDatabase } from "../../examples/shop/src/database.js";
import { type Framework, handWrittenServer, simplestServer, viewsetServer } from "./apps.js";
import { BENCH_HOSTS, BENCH_TOKEN, type Implementation, PG_URL, type ServerConfig, THROTTLE_RATE } from "./config.js";
import type { ProductStore } from "./hand-written/store.js";

async function throttlesOf(config: ServerConfig): Promise<{ throttles: Throttle[]; close(): Promise<void> }> {
  const variant = config.throttle ?? "none";
  if (variant === "none") return { throttles: [], close: async () => {} };
  const { ipRateThrottle, userRateThrottle } = await import("@viewsets/core/throttling");
  const store = variant.endsWith("redis")
    ? new (await import("@viewsets/redis")).RedisThrottleStore({
        url: "redis://127.0.0.1:6379",
        prefix: config.redisPrefix ?? "viewsets:bench:",
      })
    : undefined;
  const options = store ? { store } : {};
  const throttle = variant.startsWith("ip")
    ? ipRateThrottle(THROTTLE_RATE, options)
    : userRateThrottle(THROTTLE_RATE, options);
  return { throttles: [throttle], close: async () => store?.close() };
}

async function authenticationOf(config: ServerConfig): Promise<Authenticator[]> {
  if (!config.auth) return [];
  const { bearerTokenAuthentication } = await import("@viewsets/core");
  return [bearerTokenAuthentication({ verify: (token) => (token === BENCH_TOKEN ? { id: 1 } : null) })];
}

/** The shop's products viewset (see products-router.ts), or its products alone paginated by cursor (no COUNT), newest first. */
async function routerOf(config: ServerConfig, db: ShopSqliteDatabase, throttles: Throttle[]): Promise<Router> {
  const authentication = await authenticationOf(config);
  if (config.implementation === "viewset") {
    const { productsRouter } = await import("./products-router.js");
    return productsRouter(db, { throttles, authentication });
  }
  const [{ Router, cursorPagination }, { modelViewSet }, { products }] = await Promise.all([
    import("@viewsets/core"),
    import("@viewsets/drizzle"),
    import("../../examples/shop/src/schema.js"),
  ]);
  const router = new Router("/api/v1", { throttles, authentication, allowedHosts: BENCH_HOSTS });
  router.register(
    "products",
    modelViewSet(db, products, { readOnly: true, pagination: cursorPagination(), ordering: ["-createdAt"] }),
  );
  return router;
}

/** A hand-written side on `store`: the strongest handler, or the simplest. */
function baselineServer(implementation: Implementation, framework: Framework, store: ProductStore): Promise<Server> {
  return implementation === "simplest" ? simplestServer(framework, store) : handWrittenServer(framework, store);
}

const isBaseline = (implementation: Implementation) =>
  implementation === "hand-written" || implementation === "simplest";

/** PostgreSQL's products in the config's schema: the hand-written store or the viewset's router. */
async function postgresServer(config: ServerConfig, schema: string, throttles: Throttle[]) {
  const [{ default: pg }, { drizzle }, { pgShopTables }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("./pg-shop.js"),
  ]);
  const pool = new pg.Pool({ connectionString: PG_URL, max: 8, options: `-c search_path=${schema}` });
  const db = drizzle(pool);
  const { products } = pgShopTables();
  let server: Server;
  if (isBaseline(config.implementation)) {
    const { pgStore } = await import("./hand-written/store.js");
    server = await baselineServer(config.implementation, config.framework, pgStore(db, products));
  } else {
    const { pgProductsRouter } = await import("./products-router.js");
    const authentication = await authenticationOf(config);
    server = await viewsetServer(config.framework, pgProductsRouter(db, products, { throttles, authentication }));
  }
  return { server, close: () => drained(pool).then(() => pool.end()) };
}

/**
 * Resolves once no client of the pool is checked out and none was for 20 ms (at most 2 s). A turn
 * ends with requests in flight: their handlers go on after their connections are cut, and a
 * pool ended under them failed their next query ("Cannot use a pool after calling end on the
 * pool"), which Koa and Express print (38 such failures in one full run). `acquire` marks a
 * query between two others (a list's COUNT, then its page), which sampling alone would miss.
 */
function drained(pool: Pool): Promise<void> {
  let lastAcquired = Date.now();
  pool.on("acquire", () => {
    lastAcquired = Date.now();
  });
  const deadline = Date.now() + 2000;
  return new Promise((resolve) => {
    const check = setInterval(() => {
      const busy = pool.totalCount > pool.idleCount || pool.waitingCount > 0;
      if (Date.now() > deadline || (!busy && Date.now() - lastAcquired >= 20)) {
        clearInterval(check);
        resolve();
      }
    }, 5);
  });
}

async function sqliteServer(config: ServerConfig, throttles: Throttle[]) {
  const database = openDatabase(config.database, { readonly: config.readonly === true, seed: false });
  const server: Server = isBaseline(config.implementation)
    ? await baselineServer(
        config.implementation,
        config.framework,
        (await import("./hand-written/store.js")).sqliteStore(database.db),
      )
    : await viewsetServer(config.framework, await routerOf(config, database.db, throttles));
  return { server, close: async () => database.close() };
}

const config = JSON.parse(process.env.BENCH_SERVER ?? "{}") as ServerConfig;
const { throttles, close } = await throttlesOf(config);
const { server, close: closeDatabase } = config.postgres
  ? await postgresServer(config, config.postgres, throttles)
  : await sqliteServer(config, throttles);

server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.once("SIGTERM", () => {
  server.closeAllConnections();
  server.close();
  void Promise.allSettled([close(), closeDatabase()]).finally(() => process.exit(0));
});

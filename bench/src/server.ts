/**
 * One benchmark server, in its own process: `BENCH_SERVER` (JSON, see `ServerConfig`) says
 * which framework, which implementation, which SQLite file and which throttle. Prints
 * `{"port": n}` once listening on the loopback; exits on SIGTERM (so `--cpu-prof` can write).
 * Modules a configuration does not use are not loaded: a fresh process starts every round.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Authenticator, Router, Throttle } from "@viewsets/core";
import { openDatabase, type ShopDatabase } from "../../examples/shop/src/database.js";
import { handWrittenServer, viewsetServer } from "./apps.js";
import { BENCH_TOKEN, type ServerConfig, THROTTLE_RATE } from "./config.js";

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

/** The shop's router, or its products alone paginated by cursor (no COUNT), newest first. */
async function routerOf(config: ServerConfig, db: ShopDatabase, throttles: Throttle[]): Promise<Router> {
  const authentication = await authenticationOf(config);
  if (config.implementation === "viewset") {
    const { createShopRouter } = await import("../../examples/shop/src/app.js");
    return createShopRouter(db, { throttles, authentication });
  }
  const [{ Router, cursorPagination }, { modelViewSet }, { products }] = await Promise.all([
    import("@viewsets/core"),
    import("@viewsets/drizzle"),
    import("../../examples/shop/src/schema.js"),
  ]);
  const router = new Router("/api/v1", { throttles, authentication });
  router.register(
    "products",
    modelViewSet(db, products, { readOnly: true, pagination: cursorPagination(), ordering: ["-createdAt"] }),
  );
  return router;
}

const config = JSON.parse(process.env.BENCH_SERVER ?? "{}") as ServerConfig;
const database = openDatabase(config.database, { readonly: config.readonly === true, seed: false });
const { throttles, close } = await throttlesOf(config);
const server: Server =
  config.implementation === "hand-written"
    ? await handWrittenServer(config.framework, database.db)
    : await viewsetServer(config.framework, await routerOf(config, database.db, throttles));

server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.once("SIGTERM", () => {
  server.closeAllConnections();
  server.close();
  void close().finally(() => {
    database.close();
    process.exit(0);
  });
});

/**
 * One benchmark server, in its own process: `BENCH_SERVER` (JSON, see `ServerConfig`) says
 * which framework, which implementation, which SQLite file and which throttle. Prints
 * `{"port": n}` once listening on the loopback; exits on SIGTERM (so `--cpu-prof` can write).
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Router, bearerTokenAuthentication, cursorPagination, type Authenticator, type Throttle } from "@viewsets/core";
import { ipRateThrottle, userRateThrottle } from "@viewsets/core/throttling";
import { modelViewSet } from "@viewsets/drizzle";
import { RedisThrottleStore } from "@viewsets/redis";
import { createShopRouter } from "../../examples/shop/src/app.js";
import { openDatabase } from "../../examples/shop/src/database.js";
import { products } from "../../examples/shop/src/schema.js";
import { handWrittenServer, viewsetServer } from "./apps.js";
import { BENCH_TOKEN, type ServerConfig, THROTTLE_RATE } from "./config.js";

function throttlesOf(config: ServerConfig): { throttles: Throttle[]; close(): Promise<void> } {
  const variant = config.throttle ?? "none";
  if (variant === "none") return { throttles: [], close: async () => {} };
  const store = variant.endsWith("redis")
    ? new RedisThrottleStore({ url: "redis://127.0.0.1:6379", prefix: config.redisPrefix ?? "viewsets:bench:" })
    : undefined;
  const options = store ? { store } : {};
  const throttle = variant.startsWith("ip") ? ipRateThrottle(THROTTLE_RATE, options) : userRateThrottle(THROTTLE_RATE, options);
  return { throttles: [throttle], close: async () => store?.close() };
}

const config = JSON.parse(process.env.BENCH_SERVER ?? "{}") as ServerConfig;
const database = openDatabase(config.database, { readonly: config.readonly === true, seed: false });
const { throttles, close } = throttlesOf(config);
const authentication: Authenticator[] = config.auth
  ? [bearerTokenAuthentication({ verify: (token) => (token === BENCH_TOKEN ? { id: 1 } : null) })]
  : [];

let server: Server;
switch (config.implementation) {
  case "viewset":
    server = viewsetServer(config.framework, createShopRouter(database.db, { throttles, authentication }));
    break;
  case "cursor": {
    // The same products, paginated by cursor (no COUNT): newest first.
    const router = new Router("/api/v1", { throttles, authentication });
    router.register("products", modelViewSet(database.db, products, { readOnly: true, pagination: cursorPagination(), ordering: ["-createdAt"] }));
    server = viewsetServer(config.framework, router);
    break;
  }
  case "hand-written":
    server = handWrittenServer(config.framework, database.db);
    break;
}

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

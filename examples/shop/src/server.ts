/**
 * `pnpm start`: opens (or creates and seeds) the shop's SQLite file and serves the API.
 *   DATABASE_FILE  the SQLite file (default examples/shop/shop.sqlite)
 *   FRAMEWORK      express (default), koa or hono
 *   PORT           default 3000
 */
import { fileURLToPath } from "node:url";
import { API_PREFIX, createShopRouter } from "./app.js";
import { openDatabase } from "./database.js";
import { isFramework, listen } from "./serve.js";

const file = process.env.DATABASE_FILE || fileURLToPath(new URL("../shop.sqlite", import.meta.url));
const framework = process.env.FRAMEWORK || "express";
const port = Number(process.env.PORT || 3000);

if (!isFramework(framework)) {
  console.error(`FRAMEWORK must be express, koa or hono, not "${framework}"`);
  process.exit(1);
}

const database = openDatabase(file);
const server = await listen(createShopRouter(database.db), framework, port);
console.log(`shop on ${framework}${database.seeded ? " (seeded a new database)" : ""}: ${server.url}${API_PREFIX}/`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => {
      database.close();
      process.exit(0);
    });
  });
}

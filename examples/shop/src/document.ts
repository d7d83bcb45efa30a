/**
 * The shop's router and document without a server or a file: what the `viewsets-openapi`
 * command reads (`pnpm --filter @viewsets/example-shop openapi` writes openapi.json).
 */
import { createShopRouter } from "./app.js";
import { openDatabase } from "./database.js";
import { shopOpenAPI } from "./openapi.js";

const database = openDatabase(":memory:", { seed: false });

export const router = createShopRouter(database.db);
export const openapi = shopOpenAPI(router);

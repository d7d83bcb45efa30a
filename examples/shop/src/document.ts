/**
 * The shop's router and document without a server or a file: what the `viewsets-openapi`
 * command reads (`pnpm --filter @viewsets/example-shop openapi` writes openapi.json). The router
 * is the one `pnpm start` serves, with its users: the document says which operations need
 * credentials and that they may answer 401 and 403.
 */
import { createShopRouter, shopApiAuth } from "./app.js";
import { createShopAuth } from "./auth.js";
import { openDatabase } from "./database.js";
import { shopOpenAPI } from "./openapi.js";

const database = openDatabase(":memory:", { seed: false });
// Drawing the document signs nobody in: the secret only has to be one better-auth accepts.
const auth = createShopAuth(database.db, "the-document-is-drawn-without-any-session-0000");

export const router = createShopRouter(database.db, shopApiAuth(auth));
export const openapi = shopOpenAPI(router);

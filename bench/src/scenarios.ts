import { fileURLToPath } from "node:url";
import type { Load } from "./load.js";

export type Scenario = Load;

/** What each side of an adapter row is asked, over and over. */
export const SCENARIOS = {
  /** Filtered, ordered, page 2: one COUNT and one page query (issue 12's list). */
  list: { path: "/api/v1/products/?price__gte=50&ordering=-price&page=2" },
  retrieve: { path: "/api/v1/products/2500" },
  create: {
    path: "/api/v1/products/",
    method: "POST",
    body: JSON.stringify({ name: "Bench Stool", categoryId: 3, price: "49.90", status: "draft", inStock: true }),
  },
} as const satisfies Record<string, Scenario>;

/** FeathersJS's server (bench/feathers, a package of its own) and the same two requests in its query syntax. */
export const FEATHERS_ENTRY = fileURLToPath(new URL("../feathers/src/server.ts", import.meta.url));
export const FEATHERS_SCENARIOS = {
  list: { path: "/products?price[$gte]=50&$sort[price]=-1&$sort[id]=-1&$skip=20&$limit=20" },
  retrieve: { path: "/products/2500" },
} as const satisfies Record<string, Scenario>;

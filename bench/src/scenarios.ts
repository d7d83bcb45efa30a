/** The requests the bench sends: the adapter rows' list, retrieve and create, and the same two reads in Feathers' syntax. */
import { fileURLToPath } from "node:url";
import type { Load } from "./load.js";

export type Scenario = Load;

/**
 * The warm-up of a retrieve, not the 3,000 of the others: 3,000 retrieves are a fifth of a second
 * at Hono's rate, and left V8 optimizing the viewset's retrieve path in the measured second
 * (finding 21).
 */
export const RETRIEVE_WARMUP = 10_000;

/** What each side of an adapter row is asked, over and over. */
export const SCENARIOS = {
  /** Filtered, ordered, page 2: one COUNT and one page query (issue 12's list). */
  list: { path: "/api/v1/products/?price__gte=50&ordering=-price&page=2" },
  retrieve: { path: "/api/v1/products/2500", warmUp: RETRIEVE_WARMUP },
  create: {
    path: "/api/v1/products/",
    method: "POST",
    body: JSON.stringify({ name: "Bench Stool", categoryId: 3, price: "49.90", status: "draft", inStock: true }),
  },
} as const satisfies Record<string, Scenario>;

/** An adapter row's scenarios, in the order one server serves them. */
export const ADAPTER_SCENARIOS = ["list", "retrieve", "create"] as const;

/** FeathersJS's server (bench/feathers, a package of its own) and the same two requests in its query syntax. */
export const FEATHERS_ENTRY = fileURLToPath(new URL("../feathers/src/server.ts", import.meta.url));
export const FEATHERS_SCENARIOS = {
  list: { path: "/products?price[$gte]=50&$sort[price]=-1&$sort[id]=-1&$skip=20&$limit=20" },
  retrieve: { path: "/products/2500", warmUp: RETRIEVE_WARMUP },
} as const satisfies Record<string, Scenario>;

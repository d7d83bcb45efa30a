import type { Load } from "./load.js";

export type Scenario = Load;

/** What each side of an adapter row is asked, over and over. */
export const SCENARIOS = {
  /** Filtered, ordered, page 2: one COUNT and one page query. */
  list: { path: "/api/v1/products/?status=live&ordering=-price&page=2" },
  retrieve: { path: "/api/v1/products/2500" },
  create: {
    path: "/api/v1/products/",
    method: "POST",
    body: JSON.stringify({ name: "Bench Stool", categoryId: 3, price: "49.90", status: "draft", inStock: true }),
  },
} as const satisfies Record<string, Scenario>;

/**
 * The core's own cost, without HTTP: `router.handle(request)` against the hand-written
 * function plus `JSON.stringify`, in this process, on a private copy of the shop database.
 * What remains between the HTTP rows is then the adapter's and the framework's.
 */
import type { ApiRequest, Router, WholeBody } from "@viewsets/core";
import { openDatabase } from "../../examples/shop/src/database.js";
import { createProduct, listProducts, retrieveProduct } from "./hand-written/products.js";
import { type ProductStore, sqliteStore } from "./hand-written/store.js";
import { productsRouter } from "./products-router.js";
import { median } from "./load.js";
import { SCENARIOS } from "./scenarios.js";

export interface InProcessCost {
  readonly scenario: string;
  /** Microseconds per request. */
  readonly viewset: number;
  readonly handWritten: number;
}

const ORIGIN = "http://127.0.0.1";

/** A body that reads whole, as the Node adapters' own does (`WholeBody`): one chunk, there at once. */
function wholeBody(bytes: Uint8Array): WholeBody {
  return {
    readAll: () => Promise.resolve([bytes]),
    async *[Symbol.asyncIterator]() {
      yield bytes;
    },
  };
}

function apiRequest(method: string, path: string, body?: string): ApiRequest {
  const q = path.indexOf("?");
  const bytes = body === undefined ? undefined : new TextEncoder().encode(body);
  return {
    method,
    path: q === -1 ? path : path.slice(0, q),
    rawQuery: q === -1 ? "" : path.slice(q + 1),
    headers: bytes ? { "content-type": "application/json", "content-length": String(bytes.byteLength) } : {},
    origin: ORIGIN,
    remoteAddress: "127.0.0.1",
    body: bytes ? { kind: "stream", stream: wholeBody(bytes) } : { kind: "none" },
  };
}

async function microseconds(iterations: number, run: () => unknown): Promise<number> {
  const begin = performance.now();
  for (let i = 0; i < iterations; i++) await run();
  return ((performance.now() - begin) * 1000) / iterations;
}

/** One scenario's two sides in this process: the viewset's `router.handle` and the hand-written function. */
export interface InProcessSides {
  readonly scenario: "list" | "retrieve" | "create";
  readonly viewset: () => unknown;
  readonly handWritten: () => unknown;
}

/** Both sides of every scenario over one opened SQLite database. */
export function inProcessSides(db: ReturnType<typeof openDatabase>["db"]): InProcessSides[] {
  return sidesOf(productsRouter(db), sqliteStore(db));
}

/** Both sides of every scenario: the viewset's router and the hand-written functions over `store`. */
export function sidesOf(router: Router, store: ProductStore): InProcessSides[] {
  const { list, retrieve, create } = SCENARIOS;
  const listQuery = list.path.slice(list.path.indexOf("?") + 1);
  return [
    {
      scenario: "list",
      viewset: () => router.handle(apiRequest("GET", list.path)),
      handWritten: async () => JSON.stringify((await listProducts(store, ORIGIN, "/api/v1/products/", listQuery)).body),
    },
    {
      scenario: "retrieve",
      viewset: () => router.handle(apiRequest("GET", retrieve.path)),
      handWritten: async () => JSON.stringify((await retrieveProduct(store, "2500")).body),
    },
    {
      scenario: "create",
      viewset: () => router.handle(apiRequest("POST", create.path, create.body)),
      handWritten: async () =>
        JSON.stringify((await createProduct(store, ORIGIN, create.path, JSON.parse(create.body))).body),
    },
  ];
}

/** Median µs per request of each side, over `rounds` alternating batches. */
export async function inProcessCosts(file: string, rounds = 7): Promise<InProcessCost[]> {
  const { db, close } = openDatabase(file, { seed: false });
  const costs: InProcessCost[] = [];
  for (const { scenario, viewset, handWritten: hand } of inProcessSides(db)) {
    const iterations = scenario === "list" ? 500 : 2_000;
    await microseconds(iterations, viewset);
    await microseconds(iterations, hand);
    const a: number[] = [];
    const b: number[] = [];
    for (let round = 0; round < rounds; round++) {
      a.push(await microseconds(iterations, viewset));
      b.push(await microseconds(iterations, hand));
    }
    costs.push({ scenario, viewset: median(a), handWritten: median(b) });
  }
  close();
  return costs;
}

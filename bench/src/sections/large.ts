/** The large section: the adapter rows at a million products, and the cursor list at a million rows against ten thousand. */
import { Router, cursorPagination } from "@viewsets/core";
import { modelViewSet } from "@viewsets/drizzle";
import { openDatabase } from "../../../examples/shop/src/database.js";
import { products } from "../../../examples/shop/src/schema.js";
import type { ServerConfig } from "../config.js";
import { seededDatabase } from "../data.js";
import type { Load } from "../load.js";
import type { Bench } from "./bench.js";
import { assertSameAnswers, rounds } from "../measure.js";
import { log } from "../results.js";
import { ADAPTER_SCENARIOS, SCENARIOS } from "../scenarios.js";

/** A cursor that points at the middle of the newest-first list, found through the API itself (in-process). */
async function middleCursor(file: string): Promise<string> {
  const { db, client, close } = openDatabase(file, { readonly: true, seed: false });
  try {
    const { total } = client.prepare("SELECT count(*) AS total FROM products").get() as { total: number };
    const middle = client
      .prepare("SELECT created_at AS createdAt FROM products ORDER BY created_at DESC, id LIMIT 1 OFFSET ?")
      .get(Math.floor(total / 2)) as { createdAt: number };
    const router = new Router("/api/v1");
    router.register(
      "products",
      modelViewSet(db, products, { readOnly: true, pagination: cursorPagination(), ordering: ["-createdAt"] }),
    );
    // The `next` link of a one-row page that starts at the middle row carries the cursor after it.
    const rawQuery = `createdAt__lte=${new Date(middle.createdAt).toISOString()}&page_size=1`;
    const response = await router.handle({
      method: "GET",
      path: "/api/v1/products/",
      rawQuery,
      headers: {},
      origin: "http://127.0.0.1",
      remoteAddress: "127.0.0.1",
      body: { kind: "none" },
    });
    const body = response?.body;
    const text = typeof body === "string" ? body : body ? Buffer.from(body).toString("utf8") : "{}";
    const next = (JSON.parse(text) as { next?: string | null }).next;
    const cursor = next ? new URL(next).searchParams.get("cursor") : null;
    if (!cursor) throw new Error("the cursor list gave no next link");
    return cursor;
  } finally {
    close();
  }
}

function seeded(label: string, count: number): string {
  const { file, built, ms } = seededDatabase(label, { products: count, priceChanges: 0 });
  if (built) log(`seeded ${count.toLocaleString("en")} products in ${(ms / 1000).toFixed(1)} s (kept in bench/.data/)`);
  return file;
}

/**
 * Page-number list, retrieve and create at 1M rows on each adapter, as the adapter rows at 10k:
 * a fresh writable copy per side and round (WAL), removed after it (a copy is ~350 MB).
 */
async function pageRows({ settings, scratch, results }: Bench, big: string): Promise<void> {
  const loads = ADAPTER_SCENARIOS.map((name) => SCENARIOS[name]);
  for (const framework of settings.adapters) {
    const side = (implementation: ServerConfig["implementation"]) => {
      let copy: string | undefined;
      return {
        config: (): ServerConfig => ({ framework, implementation, database: (copy = scratch.freshCopy(big)) }),
        after: async () => scratch.removeCopy(copy),
      };
    };
    const [a, b] = [side("viewset"), side("hand-written")];
    try {
      await assertSameAnswers(a.config(), b.config(), loads);
    } finally {
      await a.after();
      await b.after();
    }
    // The list at 1M rows takes ~12 ms a request: a few to warm it; the others as at 10k rows.
    const warmUp = [30, undefined, undefined];
    const [viewset, hand] = await rounds(settings, [
      { label: "viewset", ...a, loads, warmUp },
      { label: "hand-written", ...b, loads, warmUp },
    ]);
    const labels: [string, string] = ["viewset", "hand-written"];
    results.row("large", framework, "list, page 2, 1M rows (COUNT + OFFSET)", labels, viewset![0]!, hand![0]!);
    results.row("large", framework, "retrieve, 1M rows", labels, viewset![1]!, hand![1]!);
    results.row("large", framework, "create, 1M rows", labels, viewset![2]!, hand![2]!);
  }
}

/** The viewset's cursor list (Express, read-only) at 1M rows against the same at 10k rows. */
async function cursorRows({ settings, results }: Bench, small: string, big: string): Promise<void> {
  const readOnly = (database: string) => (): ServerConfig => ({
    framework: "express",
    implementation: "cursor",
    database,
    readonly: true,
  });
  const first: Load = { path: "/api/v1/products/?status=live" };
  const deep = async (file: string): Promise<Load> => ({
    path: `/api/v1/products/?cursor=${await middleCursor(file)}`,
  });
  const [atBig, atSmall] = await rounds(settings, [
    { label: "1M rows", config: readOnly(big), loads: [first, await deep(big)], warmUp: 30 },
    { label: "10k rows", config: readOnly(small), loads: [first, await deep(small)], warmUp: 30 },
  ]);
  const labels: [string, string] = ["1M rows", "10k rows"];
  results.row("large", "express", "cursor list, first page, status=live", labels, atBig![0]!, atSmall![0]!);
  results.row("large", "express", "cursor list, a page from the middle", labels, atBig![1]!, atSmall![1]!);
}

export async function large(bench: Bench): Promise<void> {
  const small = seeded("products-10k", 10_000);
  const big = seeded("products-1m", 1_000_000);
  await pageRows(bench, big);
  await cursorRows(bench, small, big);
}

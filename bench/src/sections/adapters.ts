/** The adapters section: the viewset against the hand-written handler on each framework, over SQLite or PostgreSQL. */
import type pg from "pg";
import { PG_SIZE, type ServerConfig } from "../config.js";
import { type Bench, assertSameAnswers, rounds } from "../measure.js";
import { removeCreatedProducts } from "../pg-shop.js";
import { ADAPTER_SCENARIOS, SCENARIOS } from "../scenarios.js";
import { noiseFloor } from "./noise.js";

/**
 * The viewset against the hand-written handler on each framework, on a fresh copy of the SQLite
 * file per turn, or on PostgreSQL's schema (the rows a turn created are removed after it).
 */
export async function adapters(bench: Bench, postgres?: { schema: string; pool: pg.Pool }): Promise<void> {
  const { settings, base, scratch, results } = bench;
  const section = postgres ? "pg" : "adapters";
  if (!postgres) await noiseFloor(bench);
  const loads = ADAPTER_SCENARIOS.map((name) => SCENARIOS[name]);
  const after = postgres ? () => removeCreatedProducts(postgres.pool, postgres.schema, PG_SIZE) : undefined;
  for (const framework of settings.adapters) {
    const config = (implementation: ServerConfig["implementation"]) => (): ServerConfig => ({
      framework,
      implementation,
      database: postgres ? base : scratch.freshCopy(base),
      ...(postgres ? { postgres: postgres.schema } : {}),
    });
    await assertSameAnswers(config("viewset")(), config("hand-written")(), loads);
    await after?.();
    const [viewset, hand] = await rounds(settings, [
      { label: "viewset", config: config("viewset"), loads, ...(after ? { after } : {}) },
      { label: "hand-written", config: config("hand-written"), loads, ...(after ? { after } : {}) },
    ]);
    ADAPTER_SCENARIOS.forEach((scenario, i) => {
      results.row(section, framework, scenario, ["viewset", "hand-written"], viewset![i]!, hand![i]!);
    });
  }
}

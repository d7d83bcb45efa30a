/** The adapters section: the viewset against two hand-written handlers on each framework, over SQLite or PostgreSQL. */
import type pg from "pg";
import { PG_SIZE, type ServerConfig } from "../config.js";
import type { Bench } from "./bench.js";
import { assertSameAnswers, rounds } from "../measure.js";
import { removeCreatedProducts } from "../pg-shop.js";
import { ADAPTER_SCENARIOS, SCENARIOS } from "../scenarios.js";
import { noiseFloor } from "./noise.js";

/**
 * The two baselines: the strongest handler the project could write (hand-written/) and the
 * simplest a user of the framework writes with its own idioms (hand-written/simplest/).
 */
export const BASELINES = [
  { label: "strongest", implementation: "hand-written" },
  { label: "simplest", implementation: "simplest" },
] as const;

/**
 * The viewset against both baselines on each framework, on a fresh copy of the SQLite file per
 * turn, or on PostgreSQL's schema (the rows a turn created are removed after it). The three sides
 * take turns in the same rounds (A B C C B A); each ratio is against the better baseline of the
 * round, and each baseline must first give the viewset's answers, or the run stops.
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
    for (const { implementation } of BASELINES) {
      await assertSameAnswers(config("viewset")(), config(implementation)(), loads);
      await after?.();
    }
    const [viewset, strongest, simplest] = await rounds(settings, [
      { label: "viewset", config: config("viewset"), loads, ...(after ? { after } : {}) },
      ...BASELINES.map(({ label, implementation }) => ({
        label,
        config: config(implementation),
        loads,
        ...(after ? { after } : {}),
      })),
    ]);
    ADAPTER_SCENARIOS.forEach((scenario, i) => {
      results.rowAgainstBetter(section, framework, scenario, viewset![i]!, [
        { label: BASELINES[0].label, rounds: strongest![i]! },
        { label: BASELINES[1].label, rounds: simplest![i]! },
      ]);
    });
  }
}

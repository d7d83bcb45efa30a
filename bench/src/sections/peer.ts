/** The peer section: the viewset against FeathersJS on @feathersjs/knex over the same SQLite file. */
import type { ServerConfig } from "../config.js";
import { startServer } from "../load.js";
import type { Bench } from "./bench.js";
import { perRoundBest, rounds, withServers } from "../measure.js";
import { FEATHERS_ENTRY, FEATHERS_SCENARIOS, SCENARIOS } from "../scenarios.js";

/** Feathers' two HTTP transports: Express (its default) and Koa. */
export const FEATHERS_FRAMEWORKS = ["express", "koa"] as const;

type ListPage = { count: number; results: { id: number }[] };
type FeathersPage = { total: number; data: { id: number }[] };

const readOnly =
  (base: string, framework: ServerConfig["framework"], implementation: ServerConfig["implementation"]) =>
  (): ServerConfig => ({ framework, implementation, database: base, readonly: true });

/** The same rows, or the comparison is void: Feathers' page and ours hold the same ids. */
async function assertSameRows(base: string): Promise<void> {
  await withServers([readOnly(base, "express", "viewset")()], async ([viewset]) => {
    const ours = (await (await fetch(`${viewset!.url}${SCENARIOS.list.path}`)).json()) as ListPage;
    for (const framework of FEATHERS_FRAMEWORKS) {
      const feathers = await startServer(readOnly(base, framework, "feathers")(), { entry: FEATHERS_ENTRY });
      try {
        const theirs = (await (await fetch(`${feathers.url}${FEATHERS_SCENARIOS.list.path}`)).json()) as FeathersPage;
        const ids = (rows: { id: number }[]) => rows.map((r) => r.id).join(",");
        if (ours.count !== theirs.total || ids(ours.results) !== ids(theirs.data))
          throw new Error(
            `Feathers' list (${framework}) differs from the viewset's: ${theirs.total} rows, ids ${ids(theirs.data)}`,
          );
      } finally {
        await feathers.stop();
      }
    }
  });
}

/**
 * The viewset against FeathersJS on @feathersjs/knex over the same SQLite file, list and retrieve:
 * on the same framework (Express, Koa), and the viewset on Hono against Feathers on whichever of
 * its two frameworks served more in the round (what a user choosing between them would deploy).
 */
export async function peer({ settings, base, results }: Bench): Promise<void> {
  await assertSameRows(base);
  const feathersLoads = [FEATHERS_SCENARIOS.list, FEATHERS_SCENARIOS.retrieve];
  const loads = [SCENARIOS.list, SCENARIOS.retrieve];
  const [express, koa, hono, feathersExpress, feathersKoa] = await rounds(settings, [
    { label: "viewset express", config: readOnly(base, "express", "viewset"), loads },
    { label: "viewset koa", config: readOnly(base, "koa", "viewset"), loads },
    { label: "viewset hono", config: readOnly(base, "hono", "viewset"), loads },
    ...FEATHERS_FRAMEWORKS.map((framework) => ({
      label: `feathers ${framework}`,
      config: readOnly(base, framework, "feathers"),
      loads: feathersLoads,
      entry: FEATHERS_ENTRY,
    })),
  ]);
  (["list", "retrieve"] as const).forEach((scenario, i) => {
    results.row("peer", "express", scenario, ["viewset", "feathers"], express![i]!, feathersExpress![i]!);
    results.row("peer", "koa", scenario, ["viewset", "feathers"], koa![i]!, feathersKoa![i]!);
    const best = perRoundBest(feathersExpress![i]!, feathersKoa![i]!, Math.max);
    results.row("peer", "hono vs feathers' faster", scenario, ["viewset", "feathers"], hono![i]!, best);
  });
}

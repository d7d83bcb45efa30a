/** The noise section: the same server against itself, how far apart two identical sides land on this machine. */
import type { ServerConfig } from "../config.js";
import type { Bench } from "./bench.js";
import { rounds } from "../measure.js";
import { SCENARIOS } from "../scenarios.js";

export async function noiseFloor({ settings, base, results }: Bench): Promise<void> {
  const config = (): ServerConfig => ({
    framework: "express",
    implementation: "viewset",
    database: base,
    readonly: true,
  });
  const loads = [SCENARIOS.retrieve];
  const [a, b] = await rounds(settings, [
    { label: "viewset (A)", config, loads },
    { label: "viewset (A')", config, loads },
  ]);
  results.row(
    "adapters",
    "express",
    "retrieve, viewset against itself (A/A: the noise floor)",
    ["viewset", "viewset"],
    a![0]!,
    b![0]!,
  );
}

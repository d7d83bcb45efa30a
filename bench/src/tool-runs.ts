/** What the in-process measuring tools (`instructions`, `allocations`) share: their arguments and their children. */
import { spawn } from "node:child_process";

/** Which side of the in-process pair a child measures (`in-process.ts`). */
export type Side = "viewset" | "handWritten";

/** What a tool's child measures: one scenario's side, on its own copy of the database, after a warm-up. */
export interface ChildConfig<S extends string> {
  scenario: S;
  side: Side;
  /** The SQLite file (a fresh copy per child). */
  file: string;
  /** Requests run before measuring. */
  warm: number;
  /** Requests measured. */
  measured: number;
}

/** The scenarios a tool's first argument names (comma-separated), each one it knows. */
export function scenariosOf<S extends string>(arg: string | undefined, known: readonly S[], fallback: string): S[] {
  const scenarios = (arg ?? fallback).split(",") as S[];
  for (const scenario of scenarios)
    if (!known.includes(scenario)) throw new Error(`unknown scenario ${scenario}: one of ${known.join(", ")}`);
  return scenarios;
}

/**
 * Runs a child to its exit with its `stream` collected (the other output inherited), as a
 * measuring tool runs each side in a process of its own.
 */
export function outputOf(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  stream: "stdout" | "stderr",
): Promise<{ code: number | null; output: string }> {
  const running = spawn(command, args, {
    env,
    stdio: ["ignore", stream === "stdout" ? "pipe" : "inherit", stream === "stderr" ? "pipe" : "inherit"],
  });
  let output = "";
  running[stream]!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    running.once("error", reject);
    running.once("exit", (code) => resolve({ code, output }));
  });
}

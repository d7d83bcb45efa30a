/**
 * `viewsets [--config FILE] <command> [args]`: finds the app's `viewsets.config.{ts,mts,js,mjs}`
 * (or the file `--config` names), loads it, and runs the command it offers by that name.
 * A TypeScript config is loaded through tsx when Node cannot load it by itself.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Command, CommandIO, ViewsetsConfig } from "./command.js";

export const CONFIG_FILES = ["viewsets.config.ts", "viewsets.config.mts", "viewsets.config.js", "viewsets.config.mjs"];

const USAGE = `Usage: viewsets [--config FILE] <command> [args]

Runs a command of the app's viewsets.config.ts (its default export's \`commands\`).
  viewsets help              lists them
  viewsets help <command>    shows one's arguments
`;

class UsageError extends Error {}

/** `--config FILE` (or `-c FILE`, `--config=FILE`) before the command, then the command and its arguments. */
function splitArgs(argv: readonly string[]): { config: string | undefined; rest: string[] } {
  const rest = [...argv];
  let config: string | undefined;
  while (rest[0]?.startsWith("-")) {
    const option = rest.shift()!;
    if (option === "--config" || option === "-c") {
      config = rest.shift();
      if (config === undefined) throw new UsageError("--config needs a file");
    } else if (option.startsWith("--config=")) {
      config = option.slice("--config=".length);
    } else if (option === "--help" || option === "-h") {
      rest.unshift("help");
      break;
    } else {
      throw new UsageError(`unknown option ${option}`);
    }
  }
  return { config, rest };
}

function configFile(cwd: string, named: string | undefined, env: CommandIO["env"]): string {
  const given = named ?? env.VIEWSETS_CONFIG;
  if (given !== undefined && given !== "") {
    const path = resolve(cwd, given);
    if (!existsSync(path)) throw new UsageError(`no config file at ${path}`);
    return path;
  }
  const found = CONFIG_FILES.map((name) => resolve(cwd, name)).find((path) => existsSync(path));
  if (!found) throw new UsageError(`no ${CONFIG_FILES.join(", ")} in ${cwd} (or give --config FILE)`);
  return found;
}

/** Imports the config; TypeScript through the app's tsx when Node cannot strip its types. */
async function importConfig(path: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(path).href;
  try {
    return (await import(url)) as Record<string, unknown>;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (!/\.m?ts$/.test(path) || code !== "ERR_UNKNOWN_FILE_EXTENSION") throw error;
  }
  const loaded = (await import(tsxApi(path))) as {
    tsImport?: (specifier: string, parent: string) => Promise<unknown>;
    default?: { tsImport?: (specifier: string, parent: string) => Promise<unknown> };
  };
  const tsImport = loaded.tsImport ?? loaded.default?.tsImport;
  if (!tsImport) throw new UsageError(`the tsx beside ${path} has no tsImport: update it`);
  return (await tsImport(url, import.meta.url)) as Record<string, unknown>;
}

/**
 * The URL of tsx's ESM API (`tsx/esm/api`, its `import` export) as the config's own project
 * resolves it: tsx is the app's, not a dependency of viewsets.
 */
function tsxApi(path: string): string {
  let manifest: string;
  try {
    manifest = createRequire(path).resolve("tsx/package.json");
  } catch {
    throw new UsageError(`${path} is TypeScript: install tsx beside it (npm i -D tsx), or write viewsets.config.js`);
  }
  const { exports } = JSON.parse(readFileSync(manifest, "utf8")) as {
    exports?: Record<string, { import?: { default?: string } | string }>;
  };
  const entry = exports?.["./esm/api"]?.import;
  const file = typeof entry === "string" ? entry : entry?.default;
  if (!file) throw new UsageError(`the tsx beside ${path} has no ESM API: update it`);
  return pathToFileURL(join(dirname(manifest), file)).href;
}

function commandsOf(module: Record<string, unknown>, path: string): readonly Command[] {
  const config = (module.default ?? module) as ViewsetsConfig;
  const commands = config.commands;
  if (commands === undefined) return [];
  if (!Array.isArray(commands) || commands.some((c) => typeof c?.name !== "string" || typeof c.run !== "function")) {
    throw new UsageError(`${path}: commands must be a list of { name, summary, usage, run }`);
  }
  return commands;
}

function help(commands: readonly Command[], name: string | undefined, io: CommandIO): number {
  if (name !== undefined) {
    const command = commands.find((c) => c.name === name);
    if (!command) {
      io.err(`viewsets: unknown command ${name}\n`);
      return 2;
    }
    io.out(`${command.summary}\n\n${command.usage}\n`);
    return 0;
  }
  const width = Math.max(4, ...commands.map((c) => c.name.length));
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  io.out(`${USAGE}\nCommands:\n${lines.length > 0 ? lines.join("\n") : "  (none in the config)"}\n`);
  return 0;
}

/** Runs `viewsets` with `argv` (the words after it) in `cwd`; answers the exit code. */
export async function runViewsets(argv: readonly string[], io: CommandIO, cwd: string): Promise<number> {
  let commands: readonly Command[];
  let rest: string[];
  try {
    const split = splitArgs(argv);
    rest = split.rest;
    const path = configFile(cwd, split.config, io.env);
    commands = commandsOf(await importConfig(path), path);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`viewsets: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  const [name, ...args] = rest;
  if (name === undefined || name === "help") return help(commands, args[0], io);
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`viewsets: unknown command ${name} (viewsets help lists them)\n`);
    return 2;
  }
  return command.run(args, io);
}

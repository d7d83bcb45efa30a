/**
 * The `viewsets` command's plugin hook: a package offers commands (`createsuperuser`, ...) as
 * objects of this shape, and the app lists them in its `viewsets.config.ts`, as Django's
 * INSTALLED_APPS bring their management commands:
 *
 *     // viewsets.config.ts
 *     import { defineConfig } from "@viewsets/core";
 *     import { authCommands } from "@viewsets/better-auth";
 *     import { auth } from "./src/auth.js";
 *     export default defineConfig({ commands: authCommands(auth) });
 */

/** What a command may do with the terminal, kept abstract so that tests can script it. */
export interface CommandIO {
  /** The environment (`process.env`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether a person is at a terminal (stdin is a TTY): a command may ask questions. */
  readonly interactive: boolean;
  out(text: string): void;
  err(text: string): void;
  /** Asks one question and answers the line typed; `hidden` does not echo it (passwords). */
  prompt(question: string, options?: { readonly hidden?: boolean }): Promise<string>;
}

export interface Command {
  /** What users type after `viewsets`. */
  readonly name: string;
  /** One line for `viewsets help`. */
  readonly summary: string;
  /** Its arguments and options, for `viewsets help <name>`. */
  readonly usage: string;
  /** Runs with the arguments after its name; answers the exit code. */
  run(args: readonly string[], io: CommandIO): Promise<number> | number;
}

/** The default export of `viewsets.config.ts`. */
export interface ViewsetsConfig {
  readonly commands?: readonly Command[];
}

/** Types a `viewsets.config.ts` (it returns the config as it is). */
export function defineConfig(config: ViewsetsConfig): ViewsetsConfig {
  return config;
}

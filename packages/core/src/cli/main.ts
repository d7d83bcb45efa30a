#!/usr/bin/env node
/**
 * The `viewsets` command (bin/viewsets.js runs the built copy of this file):
 *
 *   viewsets createsuperuser
 *   pnpm exec tsx --conditions=source packages/core/src/cli/main.ts --config examples/shop/viewsets.config.ts help
 */
import { runViewsets } from "./run.js";
import { PromptAborted, processIO } from "./terminal.js";

// Exit explicitly: the app's config may hold a database connection or a timer open.
runViewsets(process.argv.slice(2), processIO(), process.cwd()).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof PromptAborted) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`viewsets: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);

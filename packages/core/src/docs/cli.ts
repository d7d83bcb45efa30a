#!/usr/bin/env node
/**
 * viewsets-openapi: writes the OpenAPI document of an app module as JSON.
 *
 *   viewsets-openapi ./dist/app.js --out openapi.json
 *   pnpm exec tsx --conditions=source packages/core/src/docs/cli.ts ./examples/shop/src/app.ts --out openapi.json
 */
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { documentFromModule } from "./export-document.js";

const USAGE = `Usage: viewsets-openapi <module> [options]

Loads <module> and writes the OpenAPI document of the Router or OpenAPIGenerator it exports
(the first of the exports generator, openapi, default, router).

Options:
  --out <file>          write to a file instead of stdout
  --title <title>       info.title (a router's default: "API")
  --version <version>   info.version (a router's default: "1.0.0")
  --description <text>  info.description
  --export <name>       read this export instead
  -h, --help            show this help

TypeScript modules run through tsx:
  pnpm exec tsx --conditions=source node_modules/@viewsets/core/src/docs/cli.ts ./src/app.ts --out openapi.json
`;

async function main(argv: string[]): Promise<number> {
  // biome-ignore lint/suspicious/noImplicitAnyLet: typed by the parseArgs call below.
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: "string", short: "o" },
        title: { type: "string" },
        version: { type: "string" },
        description: { type: "string" },
        export: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    process.stderr.write(`viewsets-openapi: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    process.stderr.write(`viewsets-openapi: give exactly one module\n\n${USAGE}`);
    return 2;
  }
  const modulePath = resolve(positionals[0]!);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(modulePath).href)) as Record<string, unknown>;
  } catch (error) {
    process.stderr.write(`viewsets-openapi: cannot load ${modulePath}: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
  let json: string;
  try {
    const document = documentFromModule(module, {
      ...(values.export !== undefined ? { exportName: values.export } : {}),
      ...(values.title !== undefined ? { title: values.title } : {}),
      ...(values.version !== undefined ? { version: values.version } : {}),
      ...(values.description !== undefined ? { description: values.description } : {}),
    });
    json = `${JSON.stringify(document, null, 2)}\n`;
  } catch (error) {
    process.stderr.write(`viewsets-openapi: ${modulePath}: ${(error as Error).message}\n`);
    return 1;
  }
  if (values.out !== undefined) {
    await writeFile(values.out, json);
    process.stderr.write(`viewsets-openapi: wrote ${values.out}\n`);
  } else {
    await new Promise<void>((done, fail) => process.stdout.write(json, (error) => (error ? fail(error) : done())));
  }
  return 0;
}

// Exit explicitly: the app module may hold a database connection or a timer open.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`viewsets-openapi: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);

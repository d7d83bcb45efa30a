// A TypeDoc plugin: names each entry point's module by its import path (`@viewsets/core/docs`), read from the packages' exports.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Converter } from "typedoc";

const packages = join(dirname(fileURLToPath(import.meta.url)), "../packages");

/** "core/src/docs" (TypeDoc's name for packages/core/src/docs/index.ts) → "@viewsets/core/docs". */
function importPaths() {
  const names = new Map();
  for (const folder of readdirSync(packages)) {
    const manifest = JSON.parse(readFileSync(join(packages, folder, "package.json"), "utf8"));
    for (const [subpath, conditions] of Object.entries(manifest.exports ?? {})) {
      if (typeof conditions.source !== "string") continue;
      const file = relative(packages, join(packages, folder, conditions.source)).replace(/(\/index)?\.ts$/, "");
      names.set(file, `${manifest.name}${subpath.slice(1)}`);
    }
  }
  return names;
}

/** @param {import("typedoc").Application} app */
export function load(app) {
  const names = importPaths();
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.children ?? []) module.name = names.get(module.name) ?? module.name;
  });
}

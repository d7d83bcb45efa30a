/**
 * The import rules `pnpm lint` enforces (dependency-cruiser): no import cycle anywhere in the
 * packages, and the layers of the core and of drizzle (ARCHITECTURE.md) imported downwards only.
 */

// The core's folders from the bottom up. A folder imports its own files and the folders of the rows
// below it; folders on one row are peers and import neither each other nor anything above.
const CORE_LAYERS = [
  ["http"],
  ["models"],
  ["query"],
  ["serializers"],
  ["auth", "throttling"],
  ["checks"],
  ["viewsets"],
  ["router"],
  ["docs"],
  ["cli", "testing"],
];

// drizzle's folders from the bottom up, as the core's; its entry and the manager sit on top.
const DRIZZLE_LAYERS = [["connection"], ["dialects"], ["model"], ["query"], ["writes"]];

const CORE = "^packages/core/src/";
const DRIZZLE = "^packages/drizzle/src/";
// A file of a known layer, or one at the top of src/ (the entries).
const layered = (src, layers) => [`${src}(${layers.flat().join("|")})/`, `${src}[^/]+$`];
const LAYERED = layered(CORE, CORE_LAYERS);
// Tests may reach any layer: they drive a lower layer through a router, and nothing imports them.
const TESTS = "\\.test(-d)?\\.tsx?$|/__fixtures__/";

function layerRules(pkg, src, layers) {
  const known = layers.flat();
  return layers
    .flatMap((row, rank) => {
      const above = layers.slice(rank + 1).flat();
      return row.map((folder) => {
        const peers = row.filter((other) => other !== folder);
        const forbidden = [...peers, ...above];
        return {
          name: `${pkg}-layer-${folder}`,
          comment: `${pkg}/src/${folder} may import only ${known.slice(0, known.indexOf(row[0])).join(", ") || "itself"}${
            rank > 0 ? " (the layers below it)" : ""
          }: see ARCHITECTURE.md`,
          severity: "error",
          from: { path: `${src}${folder}/`, pathNot: TESTS },
          to: { path: `${src}(${forbidden.join("|")})/` },
        };
      });
    })
    .filter((rule) => !rule.to.path.endsWith("()/"));
}

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import cycle, through types too: two files that cannot be read, tested or moved apart.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-folders-are-layers",
      comment: "Every folder of core/src has a row in CORE_LAYERS (.dependency-cruiser.cjs) and in ARCHITECTURE.md.",
      severity: "error",
      from: { path: CORE, pathNot: LAYERED },
      to: {},
    },
    {
      name: "core-folders-are-layers-too",
      comment: "Every folder of core/src has a row in CORE_LAYERS (.dependency-cruiser.cjs) and in ARCHITECTURE.md.",
      severity: "error",
      from: {},
      to: { path: CORE, pathNot: LAYERED },
    },
    {
      name: "core-stands-alone",
      comment: "The core imports no other package of the workspace: they are built on it.",
      severity: "error",
      from: { path: "^packages/core/" },
      to: { path: "^(packages/(?!core/)|testkit/|examples/|bench/)" },
    },
    ...layerRules("core", CORE, CORE_LAYERS),
    {
      name: "drizzle-folders-are-layers",
      comment:
        "Every folder of drizzle/src has a row in DRIZZLE_LAYERS (.dependency-cruiser.cjs) and in ARCHITECTURE.md.",
      severity: "error",
      from: { path: DRIZZLE, pathNot: layered(DRIZZLE, DRIZZLE_LAYERS) },
      to: {},
    },
    ...layerRules("drizzle", DRIZZLE, DRIZZLE_LAYERS),
    {
      name: "admin-shared-stands-alone",
      comment: "admin/src/shared is read by the server's build and the browser's: it imports only its own files.",
      severity: "error",
      from: { path: "^packages/admin/src/shared/" },
      to: { pathNot: "^packages/admin/src/shared/" },
    },
    {
      name: "admin-ui-apart-from-server",
      comment: "The admin's UI and server meet only in src/shared (the wire types, presets, widgets).",
      severity: "error",
      from: { path: "^packages/admin/src/ui/" },
      to: { path: "^packages/admin/src/server/" },
    },
    {
      name: "admin-server-apart-from-ui",
      comment: "The admin's UI and server meet only in src/shared (the wire types, presets, widgets).",
      severity: "error",
      from: { path: "^packages/admin/src/server/" },
      to: { path: "^packages/admin/src/ui/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|ui-dist|node_modules)/" },
    // `import type` counts: a cycle through types still ties two files together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      // The workspace's packages resolve to their sources, as in tsconfig's customConditions.
      conditionNames: ["source", "import", "types", "default"],
      exportsFields: ["exports"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
  },
};

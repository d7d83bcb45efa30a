// Builds the admin's UI into ui-dist/: content-hashed assets and an index.html that names them
// with the __ADMIN_BASE__ placeholder the server fills in. Running it twice gives the same files.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "ui-dist");
const assets = join(out, "assets");

rmSync(assets, { recursive: true, force: true });
mkdirSync(assets, { recursive: true });

const result = await build({
  absWorkingDir: root,
  entryPoints: { app: "src/ui/main.tsx" },
  outdir: assets,
  entryNames: "[name]-[hash]",
  assetNames: "[name]-[hash]",
  bundle: true,
  minify: true,
  format: "esm",
  platform: "browser",
  target: ["chrome111", "firefox115", "safari16.4", "edge111"],
  jsx: "automatic",
  jsxImportSource: "preact",
  sourcemap: "linked",
  legalComments: "linked",
  metafile: true,
  logLevel: "warning",
  define: { "process.env.NODE_ENV": '"production"' },
});

const outputs = Object.keys(result.metafile.outputs).map((file) => basename(file));
const script = outputs.find((name) => /^app-[A-Za-z0-9]+\.js$/.test(name));
const style = outputs.find((name) => /^app-[A-Za-z0-9]+\.css$/.test(name));
if (!script) throw new Error("build-ui: esbuild wrote no app-*.js");

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="admin-base" content="__ADMIN_BASE__">
<title>viewsets admin</title>
<link rel="icon" href="data:,">
${style ? `<link rel="stylesheet" href="__ADMIN_BASE__/assets/${style}">\n` : ""}<script type="module" src="__ADMIN_BASE__/assets/${script}"></script>
</head>
<body>
<div id="app"></div>
<noscript>The viewsets admin needs JavaScript.</noscript>
</body>
</html>
`;
writeFileSync(join(out, "index.html"), page);

const written = readdirSync(assets).sort();
console.log(`build-ui: ${written.join(", ")}`);

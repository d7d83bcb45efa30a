// What the tarball check's steps share: failing, reading a packed manifest, and tsc's errors that are ours.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, realpathSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

/** A package as the workspace installed it (examples/quickstart depends on it): its folder and version. */
export function workspacePackage(repo, name) {
  const folder = realpathSync(join(repo, "examples/quickstart/node_modules", name));
  return { name, folder, version: JSON.parse(readFileSync(join(folder, "package.json"), "utf8")).version };
}

/** Copies a native addon's build/Release/ from the workspace's install into the app's copy of the same version. */
export function reuseNativeBuild({ name, folder, version }, app) {
  const target = join(app, "node_modules", name);
  const installed = JSON.parse(readFileSync(join(target, "package.json"), "utf8")).version;
  if (installed !== version) fail(`${name}: npm installed ${installed}, the workspace built ${version}`);
  mkdirSync(join(target, "build"), { recursive: true });
  cpSync(join(folder, "build/Release"), join(target, "build/Release"), { recursive: true });
}

/** A port nothing listens on now. */
export function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function fail(message) {
  throw new Error(message);
}

/**
 * tsc in `cwd` (its node_modules/.bin/tsc) with `args`: the error lines that are ours. Errors inside other
 * libraries' declarations (drizzle-orm's optional drivers, @types/koa) are theirs: only errors outside
 * node_modules, or in node_modules/@viewsets/, count.
 */
export function tscProblems(cwd, args, bin = join(cwd, "node_modules/.bin/tsc")) {
  let output = "";
  try {
    execFileSync(bin, args, { cwd, encoding: "utf8" });
  } catch (error) {
    output = String(error.stdout ?? "") + String(error.stderr ?? "");
  }
  if (output !== "" && !/error TS/.test(output)) fail(`tsc failed:\n${output}`);
  return output
    .split("\n")
    .filter((line) => /^\S.*\(\d+,\d+\): error /.test(line))
    .filter((line) => !/(^|\/)node_modules\//.test(line) || line.includes("node_modules/@viewsets/"));
}

export function packageName(file) {
  return JSON.parse(execFileSync("tar", ["xzf", file, "-O", "package/package.json"], { encoding: "utf8" })).name;
}

/** What a registry would publish: no workspace ranges, no source-only condition, every exported file present. */
export function checkManifest(repo, folder, file) {
  const listing = new Set(
    execFileSync("tar", ["tzf", file], { encoding: "utf8" })
      .split("\n")
      .map((line) => line.replace(/^package\//, "")),
  );
  const manifest = JSON.parse(execFileSync("tar", ["xzf", file, "-O", "package/package.json"], { encoding: "utf8" }));
  const source = JSON.parse(readFileSync(join(repo, "packages", folder, "package.json"), "utf8"));
  const problems = [];
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (String(range).startsWith("workspace:")) problems.push(`${field}.${name} is ${range}`);
    }
  }
  if (JSON.stringify(Object.keys(manifest.exports)) !== JSON.stringify(Object.keys(source.exports))) {
    problems.push(`publishConfig.exports names other subpaths than exports (${Object.keys(source.exports)})`);
  }
  for (const [subpath, conditions] of Object.entries(manifest.exports)) {
    if ("source" in conditions) problems.push(`exports["${subpath}"] keeps the source condition`);
    if (Object.keys(conditions)[0] !== "types") problems.push(`exports["${subpath}"] does not list types first`);
    for (const target of Object.values(conditions)) {
      if (!listing.has(target.replace(/^\.\//, ""))) problems.push(`exports["${subpath}"] names ${target}, not packed`);
    }
  }
  for (const target of Object.values(manifest.bin ?? {})) {
    if (!listing.has(target.replace(/^\.\//, ""))) problems.push(`bin ${target} is not packed`);
  }
  const packedFiles = [...listing];
  if (packedFiles.some((path) => /\.test(-d)?\.(ts|js)$/.test(path))) problems.push("packs test files");
  if (folder === "admin") {
    if (!listing.has("ui-dist/index.html")) problems.push("the admin's built UI (ui-dist/) is not packed");
    for (const dialect of ["sqlite", "pg"]) {
      if (!listing.has(`migrations/${dialect}/meta/_journal.json`)) problems.push(`migrations/${dialect} not packed`);
    }
  }
  if (problems.length > 0) fail(`${manifest.name}: ${problems.join("; ")}`);
  console.log(`${manifest.name}@${manifest.version}: ${listing.size} files, exports ${Object.keys(manifest.exports)}`);
}

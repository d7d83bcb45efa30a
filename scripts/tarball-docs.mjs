// The docs against the packed packages: the tutorial's six projects run their own tests, and every TypeScript block compiles.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fail, freePort, tscProblems } from "./tarball-lib.mjs";

export const TUTORIAL_STEPS = [1, 2, 3, 4, 5, 6].map((n) => `step-${n}`);
const projectsOf = (repo) => join(repo, "docs/tutorial/projects");
const readJSON = (path) => JSON.parse(readFileSync(path, "utf8"));

/** The registry packages the six projects name, at their ranges; the `@viewsets/` ones come from the tarballs. */
export function tutorialDependencies(repo) {
  const wanted = { dependencies: {}, devDependencies: {} };
  for (const step of TUTORIAL_STEPS) {
    const manifest = readJSON(join(projectsOf(repo), step, "package.json"));
    for (const field of ["dependencies", "devDependencies"]) {
      for (const [name, range] of Object.entries(manifest[field] ?? {})) {
        if (name.startsWith("@viewsets/")) continue;
        const before = wanted[field][name];
        if (before !== undefined && before !== range) fail(`${step} wants ${name}@${range}, an earlier step ${before}`);
        wanted[field][name] = range;
      }
    }
  }
  return wanted;
}

/**
 * Copies each project into `app/tutorial/` (its packages resolve from app/node_modules, the tarballs' install) and
 * runs its own `npm test`: tsc over its sources and tests, then node's test runner. Two projects at a time (tsc is
 * single-threaded and the machine has two cores), each one's output printed whole when it ends; the first failure
 * fails the check with that project's output.
 */
export async function runTutorial(repo, app, packedNames) {
  const queue = TUTORIAL_STEPS.map((step) => () => tutorialTest(repo, app, packedNames, step));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await next();
  };
  await Promise.all([worker(), worker()]);
}

function tutorialTest(repo, app, packedNames, step) {
  const source = join(projectsOf(repo), step);
  const manifest = readJSON(join(source, "package.json"));
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (name.startsWith("@viewsets/") && !packedNames.includes(name)) fail(`${step} needs ${name}, not packed`);
  }
  const target = join(app, "tutorial", step);
  rmSync(target, { recursive: true, force: true });
  cpSync(source, target, {
    recursive: true,
    filter: (path) => !/(^|\/)(node_modules|dist)(\/|$)|\.sqlite(-\w+)?$/.test(relative(source, path)),
  });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["test", "--silent"], { cwd: target, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      process.stdout.write(output);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (code === 0) resolve(console.log(`${step}: npm test passed in ${seconds} s`));
      else reject(new Error(`${step}: npm test failed (exit ${code}) after ${seconds} s`));
    });
  });
}

/** The `curl ... # -> NNN` lines of a shell block: the command and the status it claims. */
const curlLines = (block) =>
  block
    .split("\n")
    .map((line) => /^(curl .*?)\s+#\s*->\s*(\d{3})\b.*$/.exec(line))
    .filter(Boolean)
    .map(([, command, status]) => ({ command, status: Number(status) }));

/** The curl lines of each tutorial page, by step: `2-viewsets.md` holds step-2's. */
function tutorialCurls(repo) {
  const byStep = new Map();
  for (const page of readdirSync(join(repo, "docs/tutorial")).filter((name) => /^\d-.*\.md$/.test(name))) {
    const text = readFileSync(join(repo, "docs/tutorial", page), "utf8");
    const curls = [...text.matchAll(/^```sh\n([\s\S]*?)^```/gm)].flatMap((block) => curlLines(block[1]));
    if (curls.length > 0) byStep.set(`step-${page[0]}`, curls);
  }
  return byStep;
}

/** Starts a server (`spawnArgs`) on a free port, runs the curl lines against it in order, and stops it. */
async function runCurls(label, spawnArgs, curls) {
  const [command, args, options] = spawnArgs;
  const port = await freePort();
  const server = spawn(command, args, { ...options, env: { ...options.env, PORT: String(port) }, stdio: "inherit" });
  try {
    for (let attempt = 0; ; attempt++) {
      if (server.exitCode !== null) fail(`${label}: the server exited with ${server.exitCode}`);
      if (
        await fetch(`http://127.0.0.1:${port}/`).then(
          () => true,
          () => false,
        )
      )
        break;
      if (attempt > 300) fail(`${label}: the server never answered`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const { command: curl, status } of curls) {
      const local = curl.replaceAll("localhost:3000", `127.0.0.1:${port}`);
      const code = execFileSync("sh", ["-c", `${local} -o /dev/null -w '%{http_code}'`], { encoding: "utf8" });
      if (Number(code) !== status) fail(`${label}: ${curl}\n  answered ${code}, not ${status}`);
    }
    console.log(`${label}: ${curls.length} curl lines answer the statuses the page claims`);
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    if (server.exitCode === null) server.kill();
    await exited;
  }
}

/**
 * Starts each step's `src/server.ts` as the page says (`npx tsx src/server.ts`, on a new database) and runs its page's
 * curl lines in order against it: each must answer the status its `# -> NNN` comment claims.
 */
export async function runTutorialCurls(repo, app) {
  for (const [step, curls] of tutorialCurls(repo)) {
    const cwd = join(app, "tutorial", step);
    const env = { ...process.env, DATABASE_FILE: join(cwd, "curl.sqlite") };
    rmSync(env.DATABASE_FILE, { force: true });
    await runCurls(
      `docs/tutorial (${step})`,
      [join(app, "node_modules/.bin/tsx"), ["src/server.ts"], { cwd, env }],
      curls,
    );
  }
}

/** Markdown files whose code blocks are checked: the README, the packages' READMEs, and the site's pages. */
function markdownFiles(repo) {
  const files = ["README.md", ...readdirSync(join(repo, "packages")).map((p) => `packages/${p}/README.md`)];
  const walk = (folder) => {
    for (const entry of readdirSync(join(repo, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory() && !/^(node_modules|api|projects|\.vitepress)$/.test(entry.name)) walk(path);
      else if (entry.name.endsWith(".md")) files.push(path);
    }
  };
  walk("docs");
  return files.filter((file) => {
    try {
      readFileSync(join(repo, file));
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Every ```ts (or ```typescript) block: each is its own module, compiled with tsc (nodenext, strict) against the
 * installed tarballs. A fragment that cannot compile alone says so in its fence: ```ts no-check: <the reason>.
 */
export function extractBlocks(repo) {
  const blocks = [];
  const skipped = [];
  for (const file of markdownFiles(repo)) {
    const text = readFileSync(join(repo, file), "utf8");
    let above = null; // the checked TypeScript block just above, in this file
    for (const match of text.matchAll(/^```(ts|typescript|sh)([^\n]*)\n([\s\S]*?)^```/gm)) {
      const line = text.slice(0, match.index).split("\n").length;
      const where = `${file}:${line}`;
      const info = match[2].trim();
      if (match[1] === "sh") {
        // ```sh against-above: its curl lines run against the app of the TypeScript block above it.
        if (info !== "against-above") continue;
        if (!above) fail(`${where}: "against-above" needs a checked TypeScript block above it`);
        above.curls = curlLines(match[3]);
        continue;
      }
      if (info.startsWith("no-check")) {
        if (!/^no-check:\s*\S/.test(info)) fail(`${where}: "no-check" needs a reason ("no-check: why")`);
        skipped.push(`${where} (${info.slice("no-check:".length).trim()})`);
        above = null;
        continue;
      }
      above = { where, code: match[3] };
      blocks.push(above);
    }
  }
  return { blocks, skipped };
}

/** Checks the blocks (below), then runs each ```sh against-above block against the app its TypeScript block serves. */
export async function checkDocBlocks(repo, app) {
  const { blocks, files } = compileDocBlocks(repo, app);
  for (const block of blocks.filter((b) => b.curls)) {
    const file = files.get(block);
    await runCurls(
      block.where,
      [join(app, "node_modules/.bin/tsx"), [file], { cwd: app, env: process.env }],
      block.curls,
    );
  }
}

function compileDocBlocks(repo, app) {
  const { blocks, skipped } = extractBlocks(repo);
  const folder = join(app, "blocks");
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder);
  const names = new Map();
  const files = new Map();
  blocks.forEach((block, index) => {
    const name = `${String(index).padStart(3, "0")}-${block.where.replace(/[^a-z0-9]+/gi, "_")}.ts`;
    names.set(name, block.where);
    files.set(block, join(folder, name));
    writeFileSync(join(folder, name), `${block.code}\nexport {};\n`);
  });
  const config = {
    compilerOptions: {
      target: "ES2022",
      module: "nodenext",
      moduleResolution: "nodenext",
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ["node"],
    },
    include: ["*.ts"],
  };
  writeFileSync(join(folder, "tsconfig.json"), JSON.stringify(config, null, 2));
  const problems = tscProblems(folder, ["-p", "tsconfig.json"], join(app, "node_modules/.bin/tsc")).map((line) => {
    const file = line.slice(0, line.indexOf("("));
    const [, lineNumber] = /\((\d+),/.exec(line) ?? [];
    const where = names.get(file);
    if (!where) return line;
    const [markdown, start] = where.split(":");
    return `${markdown}:${Number(start) + Number(lineNumber)}: ${line.slice(line.indexOf("error"))}`;
  });
  if (problems.length > 0) fail(`code blocks that do not compile:\n${problems.join("\n")}`);
  console.log(`${blocks.length} TypeScript blocks compile; ${skipped.length} fragments are marked no-check:`);
  for (const entry of skipped) console.log(`  ${entry}`);
  return { blocks, files };
}

import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));
const TSX = createRequire(import.meta.url).resolve("tsx/cli");
const PACKAGE = fileURLToPath(new URL("../..", import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string[], cwd: string, input = ""): Promise<Run> {
  return new Promise((done) => {
    const child = execFile(process.execPath, command, { cwd, timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
    child.stdin!.end(input);
  });
}

/** `tsx --conditions=source main.ts ...args` in `cwd`. */
const viewsets = (args: string[], cwd: string, input?: string) =>
  run([TSX, "--conditions=source", MAIN, ...args], cwd, input);

const CONFIG = `
const echo = {
  name: "echo",
  summary: "Prints its arguments.",
  usage: "viewsets echo [WORDS...]",
  run(args, io) { io.out(args.join(" ") + "\\n"); return args.includes("fail") ? 3 : 0; },
};
const ask = {
  name: "ask",
  summary: "Asks two questions.",
  usage: "viewsets ask",
  async run(_args, io) {
    const name = await io.prompt("Name: ");
    const secret = await io.prompt("Secret: ", { hidden: true });
    io.out(\`\\n\${name}/\${secret}/\${io.interactive}\\n\`);
    return 0;
  },
};
export default { commands: [echo, ask] };
`;

const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

function project(files: Record<string, string>, parent = tmpdir()): string {
  const directory = mkdtempSync(join(parent, ".viewsets-cli-"));
  directories.push(directory);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(directory, name), text);
  return directory;
}

describe("the viewsets command", () => {
  it("runs a command of the app's viewsets.config with its arguments and exit code", async () => {
    const cwd = project({ "viewsets.config.mjs": CONFIG });
    expect(await viewsets(["echo", "a", "b"], cwd)).toEqual({ code: 0, stdout: "a b\n", stderr: "" });
    expect((await viewsets(["echo", "fail"], cwd)).code).toBe(3);
  }, 60_000);

  it("lists the config's commands, shows one's usage, and refuses an unknown one", async () => {
    const cwd = project({ "viewsets.config.mjs": CONFIG });
    const help = await viewsets(["help"], cwd);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/echo\s+Prints its arguments\.\n\s+ask\s+Asks two questions\./);
    expect((await viewsets(["help", "echo"], cwd)).stdout).toContain("viewsets echo [WORDS...]");
    const unknown = await viewsets(["nope"], cwd);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command nope");
  }, 60_000);

  it("takes the config --config names, and says where it looked when there is none", async () => {
    const cwd = project({ "other.mjs": CONFIG });
    expect((await viewsets(["--config", "other.mjs", "echo", "x"], cwd)).stdout).toBe("x\n");
    const missing = await viewsets(["echo"], cwd);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      "no viewsets.config.ts, viewsets.config.mts, viewsets.config.js, viewsets.config.mjs in",
    );
  }, 60_000);

  it("reads answers line by line from piped input", async () => {
    const cwd = project({ "viewsets.config.mjs": CONFIG });
    const answered = await viewsets(["ask"], cwd, "ada\ns3cret\n");
    expect(answered.code).toBe(0);
    expect(answered.stdout).toContain("ada/s3cret/false");
    const cut = await viewsets(["ask"], cwd, "ada\n");
    expect(cut.code).toBe(1);
    expect(cut.stderr).toContain("No more input.");
  }, 60_000);

  it("loads a TypeScript config through the app's tsx when run as built JavaScript", async () => {
    // The command as `pnpm build` emits it, beside a project that has tsx (this repository's).
    const cwd = project(
      {
        "viewsets.config.ts": `const words: string[] = ["typed"];\n${CONFIG.replace("args.join", "[...words, ...args].join")}`,
      },
      PACKAGE,
    );
    const built = join(cwd, "cli");
    mkdirSync(built);
    for (const name of ["main", "run", "terminal", "command"]) {
      const source = readFileSync(fileURLToPath(new URL(`./${name}.ts`, import.meta.url)), "utf8");
      const { outputText } = ts.transpileModule(source, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      });
      writeFileSync(join(built, `${name}.js`), outputText);
    }
    writeFileSync(join(built, "package.json"), '{ "type": "module" }');
    expect(await run([join(built, "main.js"), "echo", "ok"], cwd)).toEqual({
      code: 0,
      stdout: "typed ok\n",
      stderr: "",
    });
  }, 60_000);
});

/**
 * The curl lines of the getting-started guide (between the shop-curl markers), run for real against
 * `src/server.ts` started as `pnpm start` starts it, on each framework: each line must answer
 * the status its `# -> NNN` comment promises. On a SQLite file, and in the "shop-pg" project on a
 * fresh PostgreSQL database (`DATABASE_URL`).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { FRAMEWORKS } from "../src/serve.js";
import { SHOP_DIALECT, freePort, freshPgDatabase, databaseSkipReason, tempDirectory } from "./helpers.js";

const run = promisify(execFile);
const shopRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const readme = readFileSync(join(shopRoot, "../../docs/guides/getting-started.md"), "utf8");

interface CurlLine {
  readonly command: string;
  readonly status: number;
}

function curlBlock(): string {
  const section = /<!-- shop-curl:start -->([\s\S]*?)<!-- shop-curl:end -->/.exec(readme)?.[1] ?? "";
  return /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
}

/** The line that signs in and sets `TOKEN`, which the curl lines after it send. */
function tokenLine(): string {
  const line = curlBlock()
    .split("\n")
    .find((l) => l.startsWith("TOKEN="));
  if (!line) throw new Error("the README's shop curl lines set no TOKEN");
  return line;
}

/** The `curl ...   # -> 200` lines between the markers. */
function curlLines(): CurlLine[] {
  return curlBlock()
    .split("\n")
    .filter((line) => line.startsWith("curl "))
    .map((line) => {
      const match = /^(curl .*?)\s+#\s*->\s*(\d{3})\s*$/.exec(line);
      if (!match) throw new Error(`guide curl line without a "# -> <status>" comment: ${line}`);
      return { command: match[1]!, status: Number(match[2]) };
    });
}

/** Starts `src/server.ts` and resolves when it prints its URL line. */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=source", "src/server.ts"], {
    cwd: shopRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`the server did not start in time:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((l) => l.includes("/api/v1/"));
      if (line) {
        clearTimeout(timer);
        resolve({ child, line });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
}

const directory = tempDirectory();
let child: ChildProcess | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill();
    await exited;
  }
  child = undefined;
  await dropDatabase?.();
  dropDatabase = undefined;
});

/** Where the server keeps its rows: a new SQLite file, or a new PostgreSQL database (and the secret it then needs). */
async function databaseEnv(framework: string): Promise<Record<string, string>> {
  if (SHOP_DIALECT === "sqlite")
    return { DATABASE_URL: "", DATABASE_FILE: join(directory.path, `${framework}.sqlite`) };
  const database = await freshPgDatabase(`readme_${framework}`);
  dropDatabase = database.drop;
  return { DATABASE_URL: database.url, BETTER_AUTH_SECRET: "a-secret-for-the-shop-readme-test-0123456789" };
}

afterAll(() => directory.remove());

describe.skipIf(databaseSkipReason !== undefined)(
  `the getting-started guide's shop curl lines (${SHOP_DIALECT})`,
  () => {
    const lines = curlLines();

    it("show each kind of answer, each with its status", () => {
      expect(lines.length).toBeGreaterThanOrEqual(6);
      expect(new Set(lines.map((line) => line.status))).toEqual(new Set([200, 201, 400, 401, 403, 404, 405]));
      for (const line of lines)
        expect(line.command, "examples use the default port").toContain("localhost:3000/api/v1/");
    });

    for (const framework of FRAMEWORKS) {
      it(`answer as the guide says on ${framework}`, async () => {
        const port = await freePort();
        const started = await startServer({
          PORT: String(port),
          FRAMEWORK: framework,
          ...(await databaseEnv(framework)),
        });
        child = started.child;
        expect(started.line).toContain(
          `shop on ${framework} (seeded a new database): http://localhost:${port}/api/v1/`,
        );
        const local = (command: string) => command.replaceAll("localhost:3000", `127.0.0.1:${port}`);
        // The sign-in line, once: its TOKEN goes to every curl line, as the shell would keep it.
        const token = (await run("sh", ["-c", `${local(tokenLine())}; printf %s "$TOKEN"`])).stdout;
        expect(token, "the README's sign-in line sets a token").toMatch(/^\S{40,}$/);
        for (const line of lines) {
          const command = `${local(line.command)} -w '\\n%{http_code}'`;
          const { stdout } = await run("sh", ["-c", command], { env: { ...process.env, TOKEN: token } });
          const status = Number(stdout.slice(stdout.lastIndexOf("\n") + 1));
          const body = stdout.slice(0, stdout.lastIndexOf("\n"));
          expect(status, line.command).toBe(line.status);
          expect(() => JSON.parse(body), `${line.command} answers JSON`).not.toThrow();
        }
      }, 60_000);
    }
  },
);

/**
 * `pnpm start`'s shutdown, as a deploy sends it: the shop as a child process under keep-alive load
 * gets SIGTERM; readiness turns 503 while it still accepts (DRAIN_DELAY_MS), every client is told
 * `Connection: close` instead of being reset, and the process exits 0 once the database is closed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { Agent, request as httpRequest } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, tempDirectory } from "./helpers.js";

const shopRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const directory = tempDirectory();
afterAll(() => directory.remove());

/** Starts `src/server.ts`; resolves when it prints its URL line. */
function startShop(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=source", "src/server.ts"], {
    cwd: shopRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`the shop did not start in time:\n${output}`)), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("/api/v1/")) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the shop exited with ${code}:\n${output}`));
    });
  });
}

function get(url: string, agent: Agent | false): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

describe.each(["express", "fastify"])("the shop on %s, stopped with SIGTERM under keep-alive load", (framework) => {
  // Starting tsx child processes on a busy 2-core machine can take most of the default 30 s.
  it("says 503 on /readyz, closes keep-alive connections without a reset, and exits 0", {
    timeout: 90_000,
  }, async () => {
    const port = await freePort();
    const child = await startShop({
      PORT: String(port),
      FRAMEWORK: framework,
      DATABASE_FILE: join(directory.path, `${framework}.sqlite`),
      DRAIN_DELAY_MS: "400",
    });
    const base = `http://127.0.0.1:${port}`;
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect((await get(`${base}/readyz`, false)).status).toBe(200);
    expect((await get(`${base}/livez`, false)).status).toBe(200);

    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    let signalled = false;
    const loop = async () => {
      for (;;) {
        const answer = await get(`${base}/api/v1/products/?page_size=5`, agent);
        expect(answer.status).toBe(200);
        if (answer.connection === "close") return signalled;
      }
    };
    const loops = Array.from({ length: 4 }, loop);
    await new Promise((resolve) => setTimeout(resolve, 200));
    signalled = true;
    child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await get(`${base}/readyz`, false)).status).toBe(503);
    expect(await Promise.all(loops)).toEqual([true, true, true, true]);
    expect(await exited).toBe(0);
    agent.destroy();
  });
});

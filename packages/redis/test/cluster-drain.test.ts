// The case: `node:cluster` workers under keep-alive load get SIGTERM. Each drains (requests
// under way on PostgreSQL finish, keep-alive clients are told `Connection: close`), closes its pool
// and store, and exits; the primary follows. No client sees a reset.
import { type ChildProcess, spawn } from "node:child_process";
import { Agent, request as httpRequest } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PG_URL, postgresSkipReason, REDIS_URL, redisSkipReason } from "@viewsets/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "@viewsets/core/testing";

const skipReason = (await postgresSkipReason()) ?? (await redisSkipReason());
const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** One GET; an answer cut mid-body, or none within 10 s, is an error rather than a hang. */
function get(url: string, agent: Agent): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { agent }, (response) => {
      response.resume();
      response.on("error", reject);
      response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
    });
    sent.setTimeout(10_000, () => sent.destroy(new Error("no answer in 10 s")));
    sent.on("error", reject);
    sent.end();
  });
}

let primary: ChildProcess | undefined;
afterEach(() => {
  primary?.kill("SIGKILL");
  primary = undefined;
});

describe.skipIf(skipReason)("two cluster workers drained on SIGTERM under keep-alive load", () => {
  // Starting tsx child processes on a busy 2-core machine can take most of the default 30 s.
  it("finish the requests under way, reset nobody, close their pool and store, and exit 0", {
    timeout: 90_000,
  }, async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--conditions=source", "test/fixtures/cluster-server.ts", String(port), PG_URL, REDIS_URL],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
    );
    primary = child;
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const deadline = Date.now() + 60_000;
    while ((output.match(/listening/g) ?? []).length < 2) {
      if (Date.now() > deadline) throw new Error(`the workers did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const base = `http://127.0.0.1:${port}`;
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    let signalled = false;
    const loop = async () => {
      for (;;) {
        const answer = await get(`${base}/fast`, agent);
        expect(answer.status).toBe(200);
        if (answer.connection === "close") return signalled;
      }
    };
    const loops = Array.from({ length: 6 }, loop);
    const slow = Array.from({ length: 4 }, () => get(`${base}/slow`, agent));
    await new Promise((resolve) => setTimeout(resolve, 150));
    signalled = true;
    child.kill("SIGTERM");

    for (const answer of await Promise.all(slow)) expect(answer).toEqual({ status: 200, connection: "close" });
    expect(await Promise.all(loops)).toEqual(Array.from({ length: 6 }, () => true));
    expect(await exited, output).toBe(0);
    expect(output.match(/worker \d+ closed 0/g), output).toHaveLength(2);
    agent.destroy();
  });
});

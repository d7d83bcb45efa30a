import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { REDIS_URL, redisSkipReason } from "@viewsets/testkit";
import { afterAll, describe, expect, it } from "vitest";

// Two app processes (Express servers) sharing one Redis enforce one combined limit.
const skipReason = await redisSkipReason();

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGTERM");
});

function startApp(prefix: string, rate: string): Promise<string> {
  const script = fileURLToPath(new URL("./fixtures/app-server.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=source", script, REDIS_URL, prefix, rate], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`app exited with ${code}`)));
    child.stdout!.once("data", (data: Buffer) => resolve(`http://127.0.0.1:${data.toString().trim()}`));
  });
}

describe.skipIf(skipReason !== undefined)("two app processes sharing one Redis", () => {
  it("let exactly the limit through between them, then answer 429", async () => {
    const prefix = `viewsets-test:two-apps:${process.pid}:${Date.now()}:`;
    const [a, b] = await Promise.all([startApp(prefix, "10/min"), startApp(prefix, "10/min")]);
    const statuses: number[] = [];
    // Alternate between the two instances, as a load balancer would, some in parallel.
    for (let round = 0; round < 6; round++) {
      const replies = await Promise.all([a, b, a, b].map((base) => fetch(`${base}/api/pings/`).then((r) => r.status)));
      statuses.push(...replies);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
    const last = await fetch(`${b}/api/pings/1`);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last.headers.get("ratelimit-limit")).toBe("10");
  }, 30_000);
});

/**
 * `leaveCluster` under the race it exists for: two `node:cluster` workers restarted one after the
 * other while clients open a connection per request, so the primary is nearly always handing a
 * connection to some worker. Every request must get its answer; one handed to a worker that exits
 * without leaving the cluster stays open in the primary with no answer (the fixture's `LEAVE=0`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../testing/free-port.js";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "__fixtures__");
const fixture = join(fixtures, "cluster-restart.ts");

/** One GET on a connection of its own; no answer within 5 s is an error, not a hang. */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { agent: false }, (response) => {
      response.resume();
      response.on("error", reject);
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    sent.setTimeout(5_000, () => sent.destroy(new Error("no answer in 5 s")));
    sent.on("error", reject);
    sent.end();
  });
}

let primary: ChildProcess | undefined;
afterEach(() => {
  primary?.kill("SIGKILL");
  primary = undefined;
});

async function restartUnderLoad(env: Record<string, string>, restarts: number) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", fixture, String(port)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  primary = child;
  let output = "";
  const workers: number[] = [];
  const started = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + 30_000;
      const poll = () => {
        if (workers.length >= count) return resolve();
        if (Date.now() > deadline) return reject(new Error(`${count} workers did not start:\n${output}`));
        setTimeout(poll, 20);
      };
      poll();
    });
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    for (const [, pid] of output.matchAll(/listening (\d+)/g)) {
      if (!workers.includes(Number(pid))) workers.push(Number(pid));
    }
  };
  child.stdout!.on("data", read);
  child.stderr!.on("data", read);
  await started(2);

  const errors: string[] = [];
  let answered = 0;
  let running = true;
  const clients = Array.from({ length: 4 }, async () => {
    while (running) {
      try {
        expect(await get(`http://127.0.0.1:${port}/`)).toBe(200);
        answered++;
      } catch (error) {
        errors.push((error as Error).message);
      }
    }
  });
  try {
    for (let i = 0; i < restarts; i++) {
      process.kill(workers[i]!, "SIGTERM");
      await started(i + 3);
    }
  } finally {
    running = false;
    await Promise.all(clients);
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  return { errors, answered, code: await exited };
}

describe("leaveCluster", () => {
  it("loses no connection while cluster workers restart under a connection per request", {
    timeout: 120_000,
  }, async () => {
    const { errors, answered, code } = await restartUnderLoad({}, 8);
    expect(errors).toEqual([]);
    expect(answered).toBeGreaterThan(100);
    expect(code).toBe(0);
  });

  /** The stuck-primary fixture's lines in the order they were printed, once it and its worker exit. */
  async function stuckPrimary(leaveMs: number): Promise<string[]> {
    const child = spawn(process.execPath, ["--import", "tsx", join(fixtures, "cluster-stuck-primary.ts")], {
      env: { ...process.env, LEAVE_MS: String(leaveMs) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    primary = child;
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    // "close": the worker shares the primary's stdout, so it is closed once both have exited.
    await new Promise((resolve) => child.once("close", resolve));
    return output.split("\n").filter(Boolean);
  }

  it("goes on without the primary's reply after its timeout", { timeout: 60_000 }, async () => {
    // The primary's loop is blocked for 3 s: a worker bounded to 200 ms leaves while it is still stuck.
    expect(await stuckPrimary(200)).toEqual(["left", "unblocked"]);
    // Unbounded (a minute), the worker waits for the primary: the order the bound changes.
    expect(await stuckPrimary(60_000)).toEqual(["unblocked", "left"]);
  });
});

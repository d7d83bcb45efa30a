/**
 * The shop as a deployment runs it on PostgreSQL and Redis: `WORKERS=2`, two `node:cluster` workers
 * behind one port (src/server.ts). The admin's sign-in attempts are counted once over both workers
 * (its throttle store is Redis).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { type Agent, request as httpRequest } from "node:http";
import { createConnection } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { skipOutsideCI } from "@viewsets/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, freshPgDatabase, postgresUnavailable } from "./helpers.js";

const shopRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/** Why Redis cannot be used, or undefined: a PING answered with PONG. */
function redisUnavailable(): Promise<string | undefined> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    const done = (reason: string | undefined) => {
      socket.destroy();
      resolve(reason);
    };
    socket.setTimeout(2_000, () => done(`Redis at ${REDIS_URL} did not answer`));
    socket.once("error", (error) => done(`Redis at ${REDIS_URL} is unavailable (${error.message})`));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG") ? undefined : "Redis did not PONG"));
  });
}

const skipReason = skipOutsideCI((await postgresUnavailable()) ?? (await redisUnavailable()));

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One request; `agent: false` opens a connection of its own, so that the cluster hands it to the next worker. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown; agent?: Agent | false } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      url,
      {
        method: options.method ?? "GET",
        agent: options.agent ?? false,
        headers: { ...(body ? { "content-type": "application/json" } : {}), ...options.headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

/** The shop's primary and the pids of the workers it has started, in order, from their "(worker N)" lines. */
interface Shop {
  readonly primary: ChildProcess;
  readonly base: string;
  readonly workers: number[];
  output(): string;
  /** Resolves once `count` workers in all have said they listen. */
  workersStarted(count: number): Promise<void>;
}

function startCluster(env: Record<string, string>, port: number): Shop {
  const primary = spawn(process.execPath, ["--import", "tsx", "--conditions=source", "src/server.ts"], {
    cwd: shopRoot,
    env: { ...process.env, ...env, PORT: String(port), WORKERS: "2" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const workers: number[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    for (const match of output.matchAll(/\(worker (\d+)\)/g)) {
      const pid = Number(match[1]);
      if (!workers.includes(pid)) workers.push(pid);
    }
    for (const wait of waiting.filter((w) => workers.length >= w.count)) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  };
  primary.stdout!.on("data", read);
  primary.stderr!.on("data", read);
  return {
    primary,
    base: `http://127.0.0.1:${port}`,
    workers,
    output: () => output,
    workersStarted: (count) =>
      new Promise<void>((resolve, reject) => {
        if (workers.length >= count) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`${count} workers did not start in time:\n${output.slice(-3000)}`)),
          90_000,
        );
        waiting.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      }),
  };
}

describe.skipIf(skipReason)("the shop as two node:cluster workers on PostgreSQL and Redis", () => {
  let database: Awaited<ReturnType<typeof freshPgDatabase>>;
  let shop: Shop;

  beforeAll(async () => {
    database = await freshPgDatabase("cluster");
    shop = startCluster(
      {
        DATABASE_URL: database.url,
        BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
        REDIS_URL,
        // Counters of this run only: another run's sign-in attempts within the minute do not count here.
        REDIS_PREFIX: `viewsets:shop-cluster:${randomBytes(4).toString("hex")}:`,
        FRAMEWORK: "express",
        DRAIN_DELAY_MS: "300",
      },
      await freePort(),
    );
    await shop.workersStarted(2);
  }, 120_000);

  afterAll(async () => {
    if (shop) {
      const stopped = new Promise((resolve) => shop.primary.once("exit", resolve));
      shop.primary.kill("SIGTERM");
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      shop.primary.kill("SIGKILL");
      for (const pid of shop.workers) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    }
    await database?.drop();
  }, 60_000);

  it("counts failed sign-ins once over both workers: the username's 11th attempt in a minute is 429", async () => {
    // Each attempt on a connection of its own: the cluster hands them to the workers in turn, so a
    // counter kept in each process would have seen about 5 by the 10th and let the 11th through.
    const attempt = () =>
      send(`${shop.base}/admin/api/session`, {
        method: "POST",
        body: { username: "nobody-here", password: "not the password" },
      });
    for (let i = 1; i <= 10; i++) expect((await attempt()).status, `attempt ${i}`).toBe(401);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
  });
});

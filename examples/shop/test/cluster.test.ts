/**
 * The shop as a deployment runs it on PostgreSQL and Redis: `WORKERS=2`, two `node:cluster` workers
 * behind one port (src/server.ts). The admin's sign-in attempts are counted once over both workers
 * (its throttle store is Redis).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { Agent, request as httpRequest } from "node:http";
import { type AddressInfo, createConnection, createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { skipOutsideCI } from "@viewsets/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../src/auth.js";
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

/**
 * One request; `agent: false` opens a connection of its own, so that the cluster hands it to the
 * next worker. It fails rather than hangs: no answer within `timeoutMs`, or an answer cut before
 * its end, is an error (an aborted response emits no 'error' unless listened for, and no 'end').
 */
function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    agent?: Agent | false;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const timeoutMs = options.timeoutMs ?? 20_000;
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
        response.on("error", (error) => reject(new Error(`answer ${response.statusCode} cut: ${error.message}`)));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    sent.setTimeout(timeoutMs, () => sent.destroy(new Error(`no answer in ${timeoutMs} ms`)));
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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function exited(pid: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (alive(pid)) {
    if (Date.now() > deadline) throw new Error(`worker ${pid} did not exit after SIGTERM`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Keep-alive clients asking for a product over and over, until `stop()`: every answer's status and
 * every connection error (with when it came, against `mark`ed events), as a deployment's clients see them.
 */
function keepAliveLoad(base: string, clients: number) {
  const started = performance.now();
  const at = () => `${(performance.now() - started).toFixed(0)} ms`;
  const statuses: number[] = [];
  const errors: string[] = [];
  const events: string[] = [];
  let running = true;
  const agents = Array.from({ length: clients }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  const loops = agents.map(async (agent, client) => {
    while (running) {
      try {
        statuses.push((await send(`${base}/api/v1/products/1`, { agent, timeoutMs: 10_000 })).status);
      } catch (error) {
        errors.push(`client ${client} at ${at()}: ${(error as Error).message}`);
      }
    }
  });
  return {
    statuses,
    errors,
    /** The errors with the events around them, for a failure's message. */
    report: () => [...errors, "events:", ...events].join("\n"),
    mark: (event: string) => events.push(`${at()}: ${event}`),
    async stop() {
      running = false;
      await Promise.all(loops);
      for (const agent of agents) agent.destroy();
    },
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
      // The last test stops the primary; if it did not get that far, stop it here.
      if (shop.primary.exitCode === null && shop.primary.signalCode === null) {
        const stopped = new Promise((resolve) => shop.primary.once("exit", resolve));
        shop.primary.kill("SIGTERM");
        await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 20_000))]);
        shop.primary.kill("SIGKILL");
      }
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

  it("keeps sessions, CSRF tokens and saved views through a rolling restart, failing no request under load", {
    // Two workers started on a loaded machine (tsx compiling the shop in each): a limit for a hang, not a timing.
    timeout: 300_000,
  }, async () => {
    const signIn = await send(`${shop.base}/admin/api/session`, {
      method: "POST",
      body: { username: "admin", password: process.env.SHOP_DEMO_PASSWORD ?? DEMO_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const cookie = String(signIn.headers["set-cookie"]).split(";")[0]!;
    const { csrfToken } = JSON.parse(signIn.body) as { csrfToken: string };
    const withSession = { cookie, "x-csrf-token": csrfToken };
    const saved = await send(`${shop.base}/admin/api/saved-views/products`, {
      method: "POST",
      headers: withSession,
      body: { name: "Brass only", search: "brass" },
    });
    expect(saved.status).toBe(201);
    const view = JSON.parse(saved.body) as { id: number };

    const rounds = Number(process.env.CLUSTER_RESTART_ROUNDS || 1);
    const original = [...shop.workers];
    const load = keepAliveLoad(shop.base, 4);
    try {
      // One worker at a time, as a deploy restarts them: stopped, drained, replaced.
      for (let round = 0; round < rounds; round++) {
        for (const pid of shop.workers.slice(-2)) {
          const count = shop.workers.length;
          load.mark(`SIGTERM ${pid}`);
          process.kill(pid, "SIGTERM");
          await exited(pid);
          load.mark(`${pid} exited`);
          await shop.workersStarted(count + 1);
          load.mark(`${shop.workers.at(-1)} listening`);
        }
      }
    } finally {
      await load.stop();
    }
    expect(load.errors, load.report()).toEqual([]);
    expect(load.statuses.length).toBeGreaterThan(20);
    expect(new Set(load.statuses)).toEqual(new Set([200]));
    expect(original.some(alive)).toBe(false);
    expect(shop.workers.slice(-2).every(alive)).toBe(true);

    // Only new processes now: what the admin knows came from the database. Several connections, so both workers answer.
    for (let i = 0; i < 4; i++) {
      const session = await send(`${shop.base}/admin/api/session`, { headers: { cookie } });
      expect(session.status, `session check ${i}`).toBe(200);
      const views = await send(`${shop.base}/admin/api/saved-views/products`, { headers: { cookie } });
      expect((JSON.parse(views.body) as { name: string }[]).map((v) => v.name)).toEqual(["Brass only"]);
    }
    const renamed = await send(`${shop.base}/admin/api/saved-views/products/${view.id}`, {
      method: "PATCH",
      headers: withSession,
      body: { name: "Brass, restarted" },
    });
    expect(renamed.status).toBe(200);
    const forged = await send(`${shop.base}/admin/api/saved-views/products/${view.id}`, {
      method: "PATCH",
      headers: { cookie },
      body: { name: "Forged" },
    });
    expect(forged.status).toBe(403);
  });

  it("stops every worker and exits 0 on SIGTERM to the primary", { timeout: 60_000 }, async () => {
    const running = shop.workers.filter(alive);
    expect(running).toHaveLength(2);
    const exit = new Promise<number | null>((resolve) => shop.primary.once("exit", (code) => resolve(code)));
    const before = shop.output().length;
    shop.primary.kill("SIGTERM");
    expect(await exit).toBe(0);
    expect(running.filter(alive)).toEqual([]);
    expect(shop.output().slice(before)).not.toMatch(/starting another/);
  });
});

describe("the shop's cluster primary when its workers cannot start", () => {
  it("stops forking after three workers in a row exit before they listen, and exits 1", {
    timeout: 120_000,
  }, async () => {
    // The port taken by another server: every worker's listen fails (EADDRINUSE).
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "0.0.0.0", resolve));
    const directory = mkdtempSync(join(tmpdir(), "shop-cluster-"));
    const shop = startCluster({ DATABASE_FILE: join(directory, "shop.sqlite") }, (taken.address() as AddressInfo).port);
    try {
      const code = await new Promise<number | null>((resolve) => shop.primary.once("exit", (c) => resolve(c)));
      expect(code, shop.output()).toBe(1);
      expect(shop.output()).toMatch(/3 workers in a row exited before they listened; stopping/);
      expect(shop.output().match(/EADDRINUSE/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    } finally {
      shop.primary.kill("SIGKILL");
      taken.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

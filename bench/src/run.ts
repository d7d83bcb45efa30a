/**
 * `pnpm bench`: the viewset against a hand-written handler on each framework, list pagination
 * at a million rows, and the cost of a throttle. Every server runs in a process of its own on
 * the loopback; autocannon drives it from this process.
 *
 * Each round starts a fresh server process per side (two processes running the same code differ
 * by up to ~15% here: memory layout, JIT decisions, so one process per side would measure its
 * luck), and the sides take turns A B B A on each scenario so that a slow spell of the machine
 * falls on both. Medians over the rounds are reported, with the spread of the per-round ratios.
 *
 *   BENCH_ROUNDS=5 BENCH_SECONDS=1     rounds, and whole seconds per turn (two turns per side, scenario and round)
 *   BENCH_ONLY=core,adapters,pg,peer,large,throttle,cost  which sections to run (default all)
 *   BENCH_COST_ROUNDS=10                turns per side of the cost section (CPU per request at a fixed rate)
 *   BENCH_FRAMEWORKS=express,koa,hono,fastify  which adapters the first section compares (default all)
 *   BENCH_PIN=1                         pin servers to CPU 1 and the load generator to CPU 0
 *   BENCH_WARMUP=3000                   requests sent to a fresh server before each scenario is measured
 *   BENCH_SOURCE=1                      servers run the packages' TypeScript sources (default: their built dist)
 */
import { spawnSync } from "node:child_process";
import pg from "pg";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Socket } from "node:net";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { type ApiRequest, Router, cursorPagination } from "@viewsets/core";
import {
  MemoryThrottleStore,
  type ThrottleStore,
  checkThrottles,
  ipRateThrottle,
  userRateThrottle,
} from "@viewsets/core/throttling";
import { RedisThrottleStore } from "@viewsets/redis";
import { modelViewSet } from "@viewsets/drizzle";
import { openDatabase } from "../../examples/shop/src/database.js";
import { products } from "../../examples/shop/src/schema.js";
import { FRAMEWORKS } from "./apps.js";
import {
  BENCH_TOKEN,
  PG_SCHEMA,
  PG_SIZE,
  PG_URL,
  THROTTLE_RATE,
  type ServerConfig,
  type ThrottleVariant,
} from "./config.js";
import { DATA_DIR, copyDatabase, seededDatabase } from "./data.js";
import {
  CONNECTIONS,
  type Load,
  type RunningServer,
  measure,
  median,
  pinned,
  startServer,
  warmUp,
  warmUpOf,
} from "./load.js";
import { COST_RATES, COST_WARMUP, type CostSide, cpuPerRequest, settled } from "./cpu-time.js";
import { type InProcessCost, inProcessCosts } from "./in-process.js";
import { fillPostgres, removeCreatedProducts } from "./pg-shop.js";
import { ADAPTER_SCENARIOS, FEATHERS_ENTRY, FEATHERS_SCENARIOS, SCENARIOS } from "./scenarios.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const SECTIONS = new Set((process.env.BENCH_ONLY ?? "core,adapters,pg,peer,large,throttle,cost").split(","));
const COST_ROUNDS = Number(process.env.BENCH_COST_ROUNDS ?? 10);

const ADAPTERS = FRAMEWORKS.filter((framework) =>
  (process.env.BENCH_FRAMEWORKS ?? FRAMEWORKS.join(",")).split(",").includes(framework),
);

/** One side of a comparison: how to start its server, and what to ask it per scenario. */
interface Contender {
  readonly label: string;
  /** Called once per turn: a fresh configuration (a fresh copy of a database it writes to). */
  readonly config: () => ServerConfig;
  readonly loads: readonly Load[];
  /** Requests before measuring each load (fewer for slow routes), or per load in order (undefined: the load's own). */
  readonly warmUp?: number | readonly (number | undefined)[];
  /** The server's entry file, when not bench/src/server.ts (Feathers). */
  readonly entry?: string;
  /** Runs after each turn's server stopped (PostgreSQL: remove the rows the turn created). */
  readonly after?: () => Promise<void>;
}

interface Row {
  readonly section: string;
  readonly adapter: string;
  readonly scenario: string;
  readonly a: { label: string; rps: number };
  readonly b: { label: string; rps: number };
  /** The median of the per-round ratios a / b. */
  readonly ratio: number;
  /** The lowest and highest per-round ratio: how much the rounds disagree. */
  readonly spread: [number, number];
}

const rows: Row[] = [];

/** A row of the cost section: µs of server CPU per request at a fixed rate. */
interface CostRow extends Pick<Row, "adapter" | "scenario" | "spread"> {
  readonly group: "sqlite" | "pg" | "peer" | "throttle";
  readonly rate: number;
  readonly a: { label: string; us: number };
  readonly b: { label: string; us: number };
  /** The median of the per-round ratios b / a: how many requests a serves for each of b's. */
  readonly ratio: number;
}

const costRows: CostRow[] = [];
const notes: string[] = [];
const started = Date.now();
const scratch = mkdtempSync(join(tmpdir(), "viewsets-bench-"));
let copies = 0;

function log(message: string): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  process.stderr.write(`[${seconds}s] ${message}\n`);
}

/** A private copy of `file` for one server process that writes to it. */
function freshCopy(file: string): string {
  return copyDatabase(file, scratch, `copy-${copies++}`);
}

/** Removes a copy made by `freshCopy` once its server stopped, with SQLite's WAL files beside it. */
function removeCopy(file: string | undefined): void {
  if (!file) return;
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Each round, a fresh server per contender, all up at once; then per scenario, each is warmed up
 * and the sides are measured in turns A B B A (the round's first side moving on each round).
 * A side's two turns surround the other's, so a slow spell of the machine (they last seconds
 * here) or a drift falls on both sides of a round alike. Returns req/s as
 * [contender][scenario][round], each the mean of the side's two turns.
 */
async function rounds(contenders: readonly Contender[]): Promise<number[][][]> {
  const samples = contenders.map((c) => c.loads.map(() => [] as number[]));
  const scenarios = contenders[0]!.loads.length;
  for (let round = 0; round < ROUNDS; round++) {
    const servers: RunningServer[] = [];
    try {
      for (const contender of contenders)
        servers.push(await startServer(contender.config(), contender.entry ? { entry: contender.entry } : {}));
      const order = contenders.map((_, turn) => (round + turn) % contenders.length);
      for (let scenario = 0; scenario < scenarios; scenario++) {
        for (const [index, server] of servers.entries()) {
          const { loads, warmUp: warm } = contenders[index]!;
          await warmUp(
            server,
            loads[scenario]!,
            (typeof warm === "number" ? warm : warm?.[scenario]) ?? warmUpOf(loads[scenario]!),
          );
        }
        const total = contenders.map(() => 0);
        for (const index of [...order, ...[...order].reverse()]) {
          const { label, loads } = contenders[index]!;
          const sample = await measure(servers[index]!, loads[scenario]!, SECONDS);
          if (sample.failures > 0)
            throw new Error(`${label} ${loads[scenario]!.path}: ${sample.failures} failed requests`);
          total[index]! += sample.rps;
          // The requests left in flight are served before the next turn starts, not during it.
          await settled(servers[index]!.pid);
        }
        for (const [index, sum] of total.entries()) samples[index]![scenario]!.push(sum / 2);
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      for (const contender of contenders) await contender.after?.();
    }
  }
  return samples;
}

/** The median of the per-round ratios x / y, and the lowest and highest of them. */
function perRound(x: readonly number[], y: readonly number[]): Pick<Row, "ratio" | "spread"> {
  const ratios = x.map((value, i) => value / y[i]!);
  return { ratio: median(ratios), spread: [Math.min(...ratios), Math.max(...ratios)] };
}

function row(
  section: string,
  adapter: string,
  scenario: string,
  labels: [string, string],
  a: number[],
  b: number[],
): void {
  const result: Row = {
    section,
    adapter,
    scenario,
    a: { label: labels[0], rps: median(a) },
    b: { label: labels[1], rps: median(b) },
    // The median of the per-round ratios: a round's turns surround each other (A B B A), so a
    // burst of outside load mostly cancels within the round.
    ...perRound(a, b),
  };
  rows.push(result);
  log(
    `${adapter} ${scenario}: ${result.a.rps.toFixed(0)} vs ${result.b.rps.toFixed(0)} req/s, ratio ${result.ratio.toFixed(3)}`,
  );
}

async function answer(
  server: RunningServer,
  load: Load,
): Promise<{ status: number; type: string; body: string; location: string }> {
  const response = await fetch(`${server.url}${load.path}`, {
    method: load.method ?? "GET",
    headers: { ...(load.body ? { "content-type": "application/json" } : {}), ...load.headers },
    body: load.body,
  });
  return {
    status: response.status,
    type: (response.headers.get("content-type") ?? "").split(";")[0]!,
    body: (await response.text()).replaceAll(server.url, "ORIGIN"),
    location: (response.headers.get("location") ?? "").replace(server.url, "ORIGIN").replace(/\d+$/, "ID"),
  };
}

/** Both sides must give the same answer (a created row's id and timestamps aside), or the comparison is void. */
async function assertSameAnswers(a: ServerConfig, b: ServerConfig, loads: readonly Load[]): Promise<void> {
  await withServers([a, b], async ([x, y]) => {
    for (const load of loads) {
      const [left, right] = [await answer(x!, load), await answer(y!, load)];
      if (load.method === "POST") {
        const strip = (text: string) => JSON.stringify({ ...JSON.parse(text), id: 0, createdAt: 0, updatedAt: 0 });
        left.body = strip(left.body);
        right.body = strip(right.body);
      }
      for (const key of ["status", "type", "body", "location"] as const) {
        if (left[key] !== right[key]) {
          const show = (value: string | number) => String(value).slice(0, 300);
          throw new Error(
            `${load.method ?? "GET"} ${load.path}: the sides differ in ${key}:\n  ${show(left[key])}\n  ${show(right[key])}`,
          );
        }
      }
    }
  });
}

async function withServers<T>(
  configs: readonly ServerConfig[],
  body: (servers: RunningServer[]) => Promise<T>,
): Promise<T> {
  const servers: RunningServer[] = [];
  try {
    for (const config of configs) servers.push(await startServer(config));
    return await body(servers);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

// ---- the sections ---------------------------------------------------------------------------

/** The same server against itself: how far apart two identical sides land on this machine. */
async function noiseFloor(base: string): Promise<void> {
  const config = (): ServerConfig => ({
    framework: "express",
    implementation: "viewset",
    database: base,
    readonly: true,
  });
  const loads = [SCENARIOS.retrieve];
  const [a, b] = await rounds([
    { label: "viewset (A)", config, loads },
    { label: "viewset (A')", config, loads },
  ]);
  row(
    "adapters",
    "express",
    "retrieve, viewset against itself (A/A: the noise floor)",
    ["viewset", "viewset"],
    a![0]!,
    b![0]!,
  );
}

/**
 * The viewset against the hand-written handler on each framework, on a fresh copy of the SQLite
 * file per turn, or on PostgreSQL's schema (the rows a turn created are removed after it).
 */
async function adapters(base: string, postgres?: { schema: string; pool: pg.Pool }): Promise<void> {
  const section = postgres ? "pg" : "adapters";
  if (!postgres) await noiseFloor(base);
  const loads = ADAPTER_SCENARIOS.map((name) => SCENARIOS[name]);
  const after = postgres ? () => removeCreatedProducts(postgres.pool, postgres.schema, PG_SIZE) : undefined;
  for (const framework of ADAPTERS) {
    const config = (implementation: ServerConfig["implementation"]) => (): ServerConfig => ({
      framework,
      implementation,
      database: postgres ? base : freshCopy(base),
      ...(postgres ? { postgres: postgres.schema } : {}),
    });
    await assertSameAnswers(config("viewset")(), config("hand-written")(), loads);
    await after?.();
    const [viewset, hand] = await rounds([
      { label: "viewset", config: config("viewset"), loads, ...(after ? { after } : {}) },
      { label: "hand-written", config: config("hand-written"), loads, ...(after ? { after } : {}) },
    ]);
    ADAPTER_SCENARIOS.forEach((scenario, i) => {
      row(section, framework, scenario, ["viewset", "hand-written"], viewset![i]!, hand![i]!);
    });
  }
}

async function postgresAdapters(base: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: PG_URL, max: 2 });
  try {
    await pool.query("SELECT 1");
  } catch (error) {
    notes.push(`PostgreSQL was not reachable (${(error as Error).message}): the PostgreSQL rows were skipped.`);
    await pool.end();
    return;
  }
  try {
    const ms = await fillPostgres(pool, PG_SCHEMA, PG_SIZE);
    if (ms > 0) log(`filled PostgreSQL schema ${PG_SCHEMA} with ${PG_SIZE} products in ${(ms / 1000).toFixed(1)} s`);
    await adapters(base, { schema: PG_SCHEMA, pool });
  } finally {
    await pool.end();
  }
}

/** Feathers' two HTTP transports: Express (its default) and Koa. */
const FEATHERS_FRAMEWORKS = ["express", "koa"] as const;

/** Per round, the higher of two sides' req/s (or the lower of their costs): the better one. */
function perRoundBest(x: readonly number[], y: readonly number[], pick: (a: number, b: number) => number): number[] {
  return x.map((value, i) => pick(value, y[i]!));
}

/**
 * The viewset against FeathersJS on @feathersjs/knex over the same SQLite file, list and retrieve:
 * on the same framework (Express, Koa), and the viewset on Hono against Feathers on whichever of
 * its two frameworks served more in the round (what a user choosing between them would deploy).
 */
async function peer(base: string): Promise<void> {
  const config =
    (framework: ServerConfig["framework"], implementation: ServerConfig["implementation"]) => (): ServerConfig => ({
      framework,
      implementation,
      database: base,
      readonly: true,
    });
  const feathersLoads = [FEATHERS_SCENARIOS.list, FEATHERS_SCENARIOS.retrieve];
  // The same rows, or the comparison is void: Feathers' page and ours hold the same ids.
  await withServers([config("express", "viewset")()], async ([viewset]) => {
    const ours = (await (await fetch(`${viewset!.url}${SCENARIOS.list.path}`)).json()) as {
      count: number;
      results: { id: number }[];
    };
    for (const framework of FEATHERS_FRAMEWORKS) {
      const feathers = await startServer(config(framework, "feathers")(), { entry: FEATHERS_ENTRY });
      try {
        const theirs = (await (await fetch(`${feathers.url}${FEATHERS_SCENARIOS.list.path}`)).json()) as {
          total: number;
          data: { id: number }[];
        };
        const ids = (rows: { id: number }[]) => rows.map((r) => r.id).join(",");
        if (ours.count !== theirs.total || ids(ours.results) !== ids(theirs.data))
          throw new Error(
            `Feathers' list (${framework}) differs from the viewset's: ${theirs.total} rows, ids ${ids(theirs.data)}`,
          );
      } finally {
        await feathers.stop();
      }
    }
  });
  const loads = [SCENARIOS.list, SCENARIOS.retrieve];
  const [express, koa, hono, feathersExpress, feathersKoa] = await rounds([
    { label: "viewset express", config: config("express", "viewset"), loads },
    { label: "viewset koa", config: config("koa", "viewset"), loads },
    { label: "viewset hono", config: config("hono", "viewset"), loads },
    ...FEATHERS_FRAMEWORKS.map((framework) => ({
      label: `feathers ${framework}`,
      config: config(framework, "feathers"),
      loads: feathersLoads,
      entry: FEATHERS_ENTRY,
    })),
  ]);
  (["list", "retrieve"] as const).forEach((scenario, i) => {
    row("peer", "express", scenario, ["viewset", "feathers"], express![i]!, feathersExpress![i]!);
    row("peer", "koa", scenario, ["viewset", "feathers"], koa![i]!, feathersKoa![i]!);
    const best = perRoundBest(feathersExpress![i]!, feathersKoa![i]!, Math.max);
    row("peer", "hono vs feathers' faster", scenario, ["viewset", "feathers"], hono![i]!, best);
  });
}

/** A cursor that points at the middle of the newest-first list, found through the API itself (in-process). */
async function middleCursor(file: string): Promise<string> {
  const { db, client, close } = openDatabase(file, { readonly: true, seed: false });
  try {
    const { total } = client.prepare("SELECT count(*) AS total FROM products").get() as { total: number };
    const middle = client
      .prepare("SELECT created_at AS createdAt FROM products ORDER BY created_at DESC, id LIMIT 1 OFFSET ?")
      .get(Math.floor(total / 2)) as { createdAt: number };
    const router = new Router("/api/v1");
    router.register(
      "products",
      modelViewSet(db, products, { readOnly: true, pagination: cursorPagination(), ordering: ["-createdAt"] }),
    );
    // The `next` link of a one-row page that starts at the middle row carries the cursor after it.
    const rawQuery = `createdAt__lte=${new Date(middle.createdAt).toISOString()}&page_size=1`;
    const response = await router.handle({
      method: "GET",
      path: "/api/v1/products/",
      rawQuery,
      headers: {},
      origin: "http://127.0.0.1",
      remoteAddress: "127.0.0.1",
      body: { kind: "none" },
    });
    const body = response?.body;
    const text = typeof body === "string" ? body : body ? Buffer.from(body).toString("utf8") : "{}";
    const next = (JSON.parse(text) as { next?: string | null }).next;
    const cursor = next ? new URL(next).searchParams.get("cursor") : null;
    if (!cursor) throw new Error("the cursor list gave no next link");
    return cursor;
  } finally {
    close();
  }
}

async function large(): Promise<void> {
  const seeded = (label: string, count: number) => {
    const { file, built, ms } = seededDatabase(label, { products: count, priceChanges: 0 });
    if (built)
      log(`seeded ${count.toLocaleString("en")} products in ${(ms / 1000).toFixed(1)} s (kept in bench/.data/)`);
    return file;
  };
  const small = seeded("products-10k", 10_000);
  const big = seeded("products-1m", 1_000_000);
  const readOnly = (implementation: ServerConfig["implementation"], database: string) => (): ServerConfig => ({
    framework: "express",
    implementation,
    database,
    readonly: true,
  });

  // Page-number list, retrieve and create at 1M rows on each adapter, as the adapter rows at 10k:
  // a fresh writable copy per side and round (WAL), removed after it (a copy is ~350 MB).
  const loads = ADAPTER_SCENARIOS.map((name) => SCENARIOS[name]);
  for (const framework of ADAPTERS) {
    const side = (implementation: ServerConfig["implementation"]) => {
      let copy: string | undefined;
      return {
        config: (): ServerConfig => ({ framework, implementation, database: (copy = freshCopy(big)) }),
        after: async () => removeCopy(copy),
      };
    };
    const [a, b] = [side("viewset"), side("hand-written")];
    try {
      await assertSameAnswers(a.config(), b.config(), loads);
    } finally {
      await a.after();
      await b.after();
    }
    // The list at 1M rows takes ~12 ms a request: a few to warm it; the others as at 10k rows.
    const warmUp = [30, undefined, undefined];
    const [viewset, hand] = await rounds([
      { label: "viewset", ...a, loads, warmUp },
      { label: "hand-written", ...b, loads, warmUp },
    ]);
    const labels: [string, string] = ["viewset", "hand-written"];
    row("large", framework, "list, page 2, 1M rows (COUNT + OFFSET)", labels, viewset![0]!, hand![0]!);
    row("large", framework, "retrieve, 1M rows", labels, viewset![1]!, hand![1]!);
    row("large", framework, "create, 1M rows", labels, viewset![2]!, hand![2]!);
  }

  const first: Load = { path: "/api/v1/products/?status=live" };
  const deep = async (file: string): Promise<Load> => ({
    path: `/api/v1/products/?cursor=${await middleCursor(file)}`,
  });
  const [atBig, atSmall] = await rounds([
    { label: "1M rows", config: readOnly("cursor", big), loads: [first, await deep(big)], warmUp: 30 },
    { label: "10k rows", config: readOnly("cursor", small), loads: [first, await deep(small)], warmUp: 30 },
  ]);
  row("large", "express", "cursor list, first page, status=live", ["1M rows", "10k rows"], atBig![0]!, atSmall![0]!);
  row("large", "express", "cursor list, a page from the middle", ["1M rows", "10k rows"], atBig![1]!, atSmall![1]!);
}

function redisAvailable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once("error", () => done(false));
    socket.connect(6379, "127.0.0.1", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

const checkCosts: { variant: ThrottleVariant; sequential: number; overlapped: number }[] = [];

/**
 * What one check costs, measured in this process without HTTP around it: the HTTP rows cannot
 * resolve a few microseconds on a route that takes hundreds. Checks run one after another, so
 * a Redis check is one loopback round trip.
 */
async function checkCost(variant: ThrottleVariant): Promise<void> {
  const store: ThrottleStore & { close?(): Promise<void> } = variant.endsWith("redis")
    ? new RedisThrottleStore({ url: "redis://127.0.0.1:6379", prefix: `viewsets:bench:${process.pid}:check:` })
    : new MemoryThrottleStore();
  const throttle = variant.startsWith("ip")
    ? ipRateThrottle(THROTTLE_RATE, { store })
    : userRateThrottle(THROTTLE_RATE, { store });
  const request = {
    method: "GET",
    path: "/",
    rawQuery: "",
    headers: {},
    origin: "",
    remoteAddress: "127.0.0.1",
    body: { kind: "none" },
  } as ApiRequest;
  const subject = { request, ip: "127.0.0.1", user: { id: 1 }, userId: "1" };
  const count = variant.endsWith("redis") ? 5_000 : 50_000;
  for (let i = 0; i < 1_000; i++) await checkThrottles([throttle], subject);
  let begin = performance.now();
  for (let i = 0; i < count; i++) await checkThrottles([throttle], subject);
  const sequential = ((performance.now() - begin) * 1000) / count;
  // 32 checks in flight, as under load: for Redis, round trips overlap and what is left is
  // the client's work (and Redis's, on the other CPU).
  begin = performance.now();
  for (let i = 0; i < count; i += 32) {
    await Promise.all(Array.from({ length: 32 }, () => checkThrottles([throttle], subject)));
  }
  const overlapped = ((performance.now() - begin) * 1000) / count;
  checkCosts.push({ variant, sequential, overlapped });
  await store.close?.();
}

async function throttles(base: string): Promise<void> {
  // Over HTTP one throttle per store (the four differ by microseconds, far below what HTTP
  // rows resolve); in-process, every throttle on every store.
  const redis = await redisAvailable();
  if (!redis) notes.push("Redis was not reachable at 127.0.0.1:6379: the Redis store rows were skipped.");
  const variants: ThrottleVariant[] = redis ? ["none", "ip-memory", "ip-redis"] : ["none", "ip-memory"];
  const checked: ThrottleVariant[] = redis
    ? ["ip-memory", "user-memory", "ip-redis", "user-redis"]
    : ["ip-memory", "user-memory"];
  // Every variant signs the request in (bearer token), so userRateThrottle counts per user id
  // and the baseline pays for authentication too: the ratio is the throttle's alone.
  const load: Load = { ...SCENARIOS.list, headers: { authorization: `Bearer ${BENCH_TOKEN}` } };
  const samples = await rounds(
    variants.map((throttle) => ({
      label: throttle,
      loads: [load],
      config: (): ServerConfig => ({
        framework: "express",
        implementation: "viewset",
        database: base,
        readonly: true,
        throttle,
        auth: true,
        redisPrefix: `viewsets:bench:${process.pid}:`,
      }),
    })),
  );
  for (let i = 1; i < variants.length; i++) {
    row(
      "throttle",
      "express",
      `list with ${variants[i]} throttle`,
      [variants[i]!, "no throttle"],
      samples[i]![0]!,
      samples[0]![0]!,
    );
  }
  for (const variant of checked) await checkCost(variant);
}

function costRow(
  group: CostRow["group"],
  adapter: string,
  scenario: string,
  rate: number,
  labels: [string, string],
  a: number[],
  b: number[],
): void {
  const result: CostRow = {
    group,
    adapter,
    scenario,
    rate,
    a: { label: labels[0], us: median(a) },
    b: { label: labels[1], us: median(b) },
    // b's CPU per request over a's, round by round: > 1 when a costs less (serves more per core).
    ...perRound(b, a),
  };
  costRows.push(result);
  log(
    `cost ${group} ${adapter} ${scenario}: ${result.a.us.toFixed(1)} vs ${result.b.us.toFixed(1)} µs CPU/request, ratio ${result.ratio.toFixed(3)}`,
  );
}

/**
 * What each server spends per request, in CPU time at a fixed rate every side sustains: the
 * adapter rows (SQLite and PostgreSQL), the peer and the throttle, as a cost rather than as req/s
 * at saturation, which on 2 shared cores also measures the load generator (BENCHMARKS.md, "How it
 * measures"). Two fresh processes per side, the rounds shared between them.
 */
async function cost(base: string): Promise<void> {
  const options = (rate: number, scenario: keyof typeof COST_WARMUP, label: string, after?: () => Promise<void>) => ({
    rate,
    rounds: COST_ROUNDS,
    processes: 2,
    warm: COST_WARMUP[scenario],
    label,
    ...(after ? { after } : {}),
  });
  const pool = new pg.Pool({ connectionString: PG_URL, max: 1 });
  const withPostgres = await pool.query("SELECT 1").then(
    () => true,
    () => false,
  );
  if (withPostgres) await fillPostgres(pool, PG_SCHEMA, PG_SIZE);
  else notes.push("PostgreSQL was not reachable: the cost section's PostgreSQL rows were skipped.");
  try {
    for (const group of withPostgres ? (["sqlite", "pg"] as const) : (["sqlite"] as const)) {
      const postgres = group === "pg" ? { postgres: PG_SCHEMA } : {};
      for (const framework of ADAPTERS) {
        for (const scenario of ADAPTER_SCENARIOS) {
          const writes = scenario === "create";
          const side = (implementation: ServerConfig["implementation"]): CostSide => ({
            // A writing side gets a copy of the file of its own (both processes of a side write to it).
            config: {
              framework,
              implementation,
              database: writes ? freshCopy(base) : base,
              readonly: !writes,
              ...postgres,
            },
            load: SCENARIOS[scenario],
          });
          const after = group === "pg" && writes ? () => removeCreatedProducts(pool, PG_SCHEMA, PG_SIZE) : undefined;
          const rate = COST_RATES[group][scenario];
          const [viewset, hand] = await cpuPerRequest(
            [side("viewset"), side("hand-written")],
            options(rate, scenario, `${group} ${framework} ${scenario}`, after),
          );
          costRow(group, framework, scenario, rate, ["viewset", "hand-written"], viewset!, hand!);
        }
      }
    }
  } finally {
    await pool.end();
  }

  // The peer: the viewset on Feathers' two frameworks and on Hono, against Feathers on each.
  const readOnly = (framework: ServerConfig["framework"], implementation: ServerConfig["implementation"]) => ({
    framework,
    implementation,
    database: base,
    readonly: true,
  });
  for (const scenario of ["list", "retrieve"] as const) {
    const rate = COST_RATES.peer[scenario];
    const ours = (framework: ServerConfig["framework"]): CostSide => ({
      config: readOnly(framework, "viewset"),
      load: SCENARIOS[scenario],
    });
    const theirs = (framework: ServerConfig["framework"]): CostSide => ({
      config: readOnly(framework, "feathers"),
      load: FEATHERS_SCENARIOS[scenario],
      entry: FEATHERS_ENTRY,
    });
    const [express, koa, hono, feathersExpress, feathersKoa] = await cpuPerRequest(
      [ours("express"), ours("koa"), ours("hono"), theirs("express"), theirs("koa")],
      options(rate, scenario, `peer ${scenario}`),
    );
    costRow("peer", "express", scenario, rate, ["viewset", "feathers"], express!, feathersExpress!);
    costRow("peer", "koa", scenario, rate, ["viewset", "feathers"], koa!, feathersKoa!);
    const cheaper = perRoundBest(feathersExpress!, feathersKoa!, Math.min);
    costRow("peer", "hono vs feathers' cheaper", scenario, rate, ["viewset", "feathers"], hono!, cheaper);
  }

  // The throttle: the signed-in list with one ip throttle on the memory store, against none.
  const load: Load = { ...SCENARIOS.list, headers: { authorization: `Bearer ${BENCH_TOKEN}` } };
  const throttled = (throttle: ThrottleVariant): CostSide => ({
    config: { ...readOnly("express", "viewset"), throttle, auth: true },
    load,
  });
  const rate = COST_RATES.sqlite.list;
  const [memory, none] = await cpuPerRequest(
    [throttled("ip-memory"), throttled("none")],
    options(rate, "list", "throttle"),
  );
  costRow("throttle", "express", "list with ip-memory throttle", rate, ["ip-memory", "no throttle"], memory!, none!);
}

let coreCosts: InProcessCost[] = [];

async function core(base: string): Promise<void> {
  coreCosts = await inProcessCosts(freshCopy(base));
  for (const cost of coreCosts) {
    log(
      `in-process ${cost.scenario}: viewset ${cost.viewset.toFixed(1)} µs, hand-written ${cost.handWritten.toFixed(1)} µs`,
    );
  }
}

// ---- the report -----------------------------------------------------------------------------

function table(section: string, headers: readonly string[]): string {
  const lines = [`| ${headers.join(" | ")} |`, `|${headers.map((_, i) => (i < 2 ? "---" : "---:")).join("|")}|`];
  for (const r of rows.filter((x) => x.section === section)) {
    const spread = `${r.spread[0].toFixed(2)}–${r.spread[1].toFixed(2)}`;
    lines.push(
      `| ${r.adapter} | ${r.scenario} | ${r.a.rps.toFixed(0)} | ${r.b.rps.toFixed(0)} | ${r.ratio.toFixed(3)} | ${spread} |`,
    );
  }
  return lines.join("\n");
}

function costReport(): string {
  const lines = [
    `The cost: µs of the server's CPU per request at a fixed rate every side sustains (over HTTP, ${CONNECTIONS} connections; ${COST_ROUNDS} turns of 1 s per side over 2 fresh processes each, taking turns). ratio = the other side's µs / the viewset's (or the unthrottled list's / the throttled one's), the median of the per-round ratios: how many requests one core serves with the viewset for each it serves with the other side. PostgreSQL's own CPU is not counted.`,
    "",
    "| database | adapter | scenario | req/s | viewset µs | other side | other µs | ratio | spread |",
    "|---|---|---|---:|---:|---|---:|---:|---:|",
  ];
  const database = { sqlite: "SQLite", pg: "PostgreSQL", peer: "SQLite", throttle: "SQLite" } as const;
  for (const r of costRows) {
    const spread = `${r.spread[0].toFixed(2)}–${r.spread[1].toFixed(2)}`;
    lines.push(
      `| ${database[r.group]} | ${r.adapter} | ${r.scenario} | ${r.rate} | ${r.a.us.toFixed(1)} | ${r.b.label} | ${r.b.us.toFixed(1)} | ${r.ratio.toFixed(3)} | ${spread} |`,
    );
  }
  return lines.join("\n");
}

function report(machine: string): string {
  const parts = [
    `Machine: ${machine}${pinned() ? "; servers pinned to CPU 1, the load generator to CPU 0" : ""}.`,
    `Each figure: median req/s of ${ROUNDS} rounds (fresh server processes each round, turns of ${SECONDS} s in the order A B B A per scenario, A B C … C B A where a row's round has more sides), ${CONNECTIONS} connections; ratio = median of the per-round ratios; spread = their lowest–highest.`,
  ];
  if (coreCosts.length > 0) {
    parts.push(
      [
        "The core alone, in-process (no HTTP): `router.handle(request)` against the hand-written function + `JSON.stringify`.",
        "",
        "| scenario | viewset µs/request | hand-written µs/request | extra µs | hand-written / viewset |",
        "|---|---:|---:|---:|---:|",
        ...coreCosts.map(
          (c) =>
            `| ${c.scenario} | ${c.viewset.toFixed(1)} | ${c.handWritten.toFixed(1)} | ${(c.viewset - c.handWritten).toFixed(1)} | ${(c.handWritten / c.viewset).toFixed(3)} |`,
        ),
      ].join("\n"),
    );
  }
  if (rows.some((r) => r.section === "adapters")) {
    parts.push(
      table("adapters", [
        "adapter",
        "scenario",
        "viewset req/s",
        "hand-written req/s",
        "viewset / hand-written",
        "spread",
      ]),
    );
  }
  if (rows.some((r) => r.section === "pg")) {
    parts.push(
      [
        `PostgreSQL 15 (${PG_SIZE.toLocaleString("en")} products in a schema of its own, the same requests), viewset / hand-written:`,
        "",
        table("pg", ["adapter", "scenario", "viewset req/s", "hand-written req/s", "viewset / hand-written", "spread"]),
      ].join("\n"),
    );
  }
  if (rows.some((r) => r.section === "peer")) {
    parts.push(
      [
        "The viewset against FeathersJS 5 on @feathersjs/knex, the same SQLite file, rows and order: on each of Feathers' two frameworks (Express, its default, and Koa), and the viewset on Hono against Feathers on whichever of the two served more in the round.",
        "",
        table("peer", ["adapter", "scenario", "viewset req/s", "feathers req/s", "viewset / feathers", "spread"]),
      ].join("\n"),
    );
  }
  if (rows.some((r) => r.section === "large")) {
    parts.push(
      [
        "Large tables. Page-number list, retrieve and create rows: viewset / hand-written at 1M rows on each adapter (a fresh writable copy of the file each turn, as the adapter rows); cursor rows (Express, read-only): req/s at 1M rows / at 10k rows (target ≥ 0.5).",
        "",
        table("large", ["adapter", "scenario", "A req/s", "B req/s", "A / B", "spread"]),
      ].join("\n"),
    );
  }
  if (rows.some((r) => r.section === "throttle")) {
    parts.push(
      [
        `Throttles (rate ${THROTTLE_RATE}, every request signed in with a bearer token), as a ratio to the same route without one.`,
        "",
        table("throttle", [
          "adapter",
          "scenario",
          "throttled req/s",
          "unthrottled req/s",
          "throttled / unthrottled",
          "spread",
        ]),
        "",
        "One check (`checkThrottles` with one throttle), in-process: one after another, and 32 at a time.",
        "",
        "| throttle | µs per check, sequential | µs per check, 32 in flight |",
        "|---|---:|---:|",
        ...checkCosts.map((c) => `| ${c.variant} | ${c.sequential.toFixed(1)} | ${c.overlapped.toFixed(1)} |`),
      ].join("\n"),
    );
  }
  if (costRows.length > 0) parts.push(costReport());
  parts.push(...notes);
  return parts.join("\n\n");
}

async function main(): Promise<void> {
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
  if (pinned()) {
    // The load generator on CPU 0, every server on CPU 1 (see load.ts): they never compete.
    spawnSync("taskset", ["-p", "-c", "0", String(process.pid)], { stdio: "ignore" });
  }
  try {
    const base = seededDatabase("products-10k", { products: 10_000, priceChanges: 0 }).file;
    if (SECTIONS.has("core")) await core(base);
    if (SECTIONS.has("adapters")) await adapters(base);
    if (SECTIONS.has("pg")) await postgresAdapters(base);
    if (SECTIONS.has("peer")) await peer(base);
    if (SECTIONS.has("large")) await large();
    if (SECTIONS.has("throttle")) await throttles(base);
    if (SECTIONS.has("cost")) await cost(base);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const text = report(machine);
  console.log(`\n${text}\n`);
  writeFileSync(join(DATA_DIR, "last-run.md"), `${text}\n`);
  writeFileSync(
    join(DATA_DIR, "last-run.json"),
    `${JSON.stringify({ machine, rounds: ROUNDS, seconds: SECONDS, coreCosts, rows, checkCosts, costRows, notes }, null, 2)}\n`,
  );
  log("done; the report is also in bench/.data/last-run.md");
}

await main();

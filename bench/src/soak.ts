/**
 * `pnpm bench:soak`: each adapter serves the shop's viewsets on a copy of a 10,000-product SQLite
 * file for SOAK_SECONDS (60 by default) at 100 connections, each connection cycling through list,
 * retrieve, create and update. Reports errors (non-2xx and connection errors), p50/p99 latency and
 * the server's resident memory at start and end (issue 15: no errors, flat memory under load), and
 * the resident set sampled through the run (SOAK_SAMPLES times, 6 by default), which tells memory
 * that levels off from memory that keeps growing. SOAK_FRAMEWORKS=express,koa picks the adapters.
 */
import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { FRAMEWORKS } from "./apps.js";
import { copyDatabase, seededDatabase } from "./data.js";
import { startServer } from "./load.js";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const SAMPLES = Math.max(1, Number(process.env.SOAK_SAMPLES ?? 6));
const frameworks = FRAMEWORKS.filter((framework) =>
  (process.env.SOAK_FRAMEWORKS ?? FRAMEWORKS.join(",")).split(",").includes(framework),
);
const CONNECTIONS = 100;
const PRODUCTS = 10_000;

/** The server's resident set in MiB, from /proc (the soak runs on Linux). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

const json = { "content-type": "application/json" };
const product = (name: string) => JSON.stringify({ name, categoryId: 3, price: "49.90", status: "draft" });

// One round of a connection: a filtered list page, a retrieve, a create, an update of a seeded row.
const requests = [
  { method: "GET" as const, path: "/api/v1/products/?status=live&ordering=-price&page=2" },
  { method: "GET" as const, path: "/api/v1/products/42/" },
  { method: "POST" as const, path: "/api/v1/products/", headers: json, body: product("Soak Stool") },
  { method: "PATCH" as const, path: "/api/v1/products/77/", headers: json, body: JSON.stringify({ price: "12.50" }) },
];

const { file } = seededDatabase(`products-${PRODUCTS / 1000}k`, { products: PRODUCTS, priceChanges: 0 });
const directory = mkdtempSync(join(tmpdir(), "viewsets-soak-"));
console.log(`\n### Soak: ${SECONDS} s per adapter, ${CONNECTIONS} connections, list/retrieve/create/update\n`);
console.log(
  `| adapter | requests | errors | req/s | p50 | p99 | RSS start | RSS end | RSS every ${SECONDS / SAMPLES} s |`,
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---|");
try {
  for (const framework of frameworks) {
    const database = copyDatabase(file, directory, `soak-${framework}`);
    const server = await startServer({ framework, implementation: "viewset", database });
    try {
      const pid = server.pid;
      // A short warm-up, so that "start" is the resident set of a process that has served every route.
      await autocannon({ url: server.url, connections: 10, amount: 400, requests });
      const before = rssMiB(pid);
      const samples: number[] = [];
      const sampler = setInterval(() => samples.push(rssMiB(pid)), (SECONDS * 1000) / SAMPLES);
      const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: SECONDS, requests });
      clearInterval(sampler);
      const after = rssMiB(pid);
      const errors = result.non2xx + result.errors + result.timeouts;
      const rate = result.requests.total / SECONDS;
      console.log(
        `| ${framework} | ${result.requests.total.toLocaleString("en")} | ${errors} | ${rate.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${before.toFixed(0)} MiB | ${after.toFixed(0)} MiB | ${samples.map((mib) => mib.toFixed(0)).join(", ")} |`,
      );
    } finally {
      await server.stop();
    }
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}

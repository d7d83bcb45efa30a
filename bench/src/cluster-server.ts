/**
 * A benchmark server as `node:cluster` workers behind one port: the primary forks the `workers`
 * of `BENCH_SERVER` (default 2), each running server.ts with the same `BENCH_SERVER`, and prints
 * `{"port": n, "pids": [...]}` once every one of them listens. In a cluster, `listen(0)` gives
 * every worker the same port; the primary accepts the connections and hands them out in turn.
 * SIGTERM stops the workers, then the primary.
 */
import cluster, { type Worker } from "node:cluster";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { ServerConfig } from "./config.js";

const WORKERS = (JSON.parse(process.env.BENCH_SERVER ?? "{}") as ServerConfig).workers ?? 2;

cluster.setupPrimary({
  exec: fileURLToPath(new URL("./server.ts", import.meta.url)),
  // The workers run as the primary does (tsx, and the source condition when asked for).
  execArgv: process.execArgv,
  // Their own port lines stay in the primary: the bench reads one line, this one's.
  silent: true,
});

const workers: Worker[] = [];
let port: number | undefined;
let listening = 0;
let stopping = false;

cluster.on("listening", (_worker, address: AddressInfo) => {
  port = address.port;
  if (++listening === WORKERS) {
    process.stdout.write(`${JSON.stringify({ port, pids: workers.map((w) => w.process.pid) })}\n`);
  }
});
cluster.on("exit", (worker, code) => {
  // A worker that dies during a run voids it: the bench sees the primary exit and stops.
  if (!stopping) {
    process.stderr.write(`cluster worker ${worker.process.pid} exited with ${code}\n`);
    process.exit(1);
  }
});

for (let i = 0; i < WORKERS; i++) {
  const worker = cluster.fork();
  worker.process.stdout?.resume();
  worker.process.stderr?.pipe(process.stderr);
  workers.push(worker);
}

process.once("SIGTERM", () => {
  stopping = true;
  const exited = workers.map((worker) => new Promise((done) => worker.once("exit", done)));
  for (const worker of workers) worker.kill("SIGTERM");
  void Promise.all(exited).finally(() => process.exit(0));
});

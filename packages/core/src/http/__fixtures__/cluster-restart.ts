/**
 * A `node:cluster` of two workers on one port for `cluster.test.ts`: each answers "ok" at once and,
 * on SIGTERM, drains, then leaves the cluster (`leaveCluster`) unless `LEAVE=0`, then exits. The
 * primary replaces a worker that exits. Each worker prints `listening <pid>` once it listens.
 *   node --import tsx cluster-restart.ts <port>
 */
import cluster from "node:cluster";
import { createServer } from "node:http";
import { drainable, leaveCluster } from "../drain.js";

const port = Number(process.argv[2]);

if (cluster.isPrimary) {
  let stopping = false;
  for (let i = 0; i < 2; i++) cluster.fork();
  cluster.on("exit", () => {
    if (!stopping) cluster.fork();
    else if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
  process.once("SIGTERM", () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  });
} else {
  const server = createServer((_request, response) => response.end("ok"));
  const drain = drainable(server, { idleGraceMs: 0 });
  server.listen(port, "127.0.0.1", () => console.log(`listening ${process.pid}`));
  process.once("SIGTERM", () => {
    void drain
      .drain()
      .then(() => (process.env.LEAVE === "0" ? undefined : leaveCluster()))
      .then(() => process.exit(0));
  });
}

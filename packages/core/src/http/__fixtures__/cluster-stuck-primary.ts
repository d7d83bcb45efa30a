/**
 * A primary that stops answering, for `cluster.test.ts`: its one worker listens, asks the primary to
 * block its event loop for 3 s, then leaves the cluster with `leaveCluster({ timeoutMs: LEAVE_MS })`
 * and prints `left`, then exits; the primary prints `unblocked` when its loop runs again, and exits
 * after its worker.
 *   node --import tsx cluster-stuck-primary.ts
 */
import cluster from "node:cluster";
import { createServer } from "node:http";
import { leaveCluster } from "../drain.js";

if (cluster.isPrimary) {
  const worker = cluster.fork();
  worker.on("message", (message) => {
    if (message !== "block") return;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3_000);
    console.log("unblocked");
  });
  cluster.on("exit", () => process.exit(0));
} else {
  const server = createServer((_request, response) => response.end("ok"));
  server.listen(0, "127.0.0.1", () => {
    // Messages keep their order: the primary is blocked before it reads the disconnect request.
    process.send!("block");
    void leaveCluster({ timeoutMs: Number(process.env.LEAVE_MS) }).then(() => {
      console.log("left");
      process.exit(0);
    });
  });
}

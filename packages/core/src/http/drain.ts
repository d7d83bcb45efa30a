/**
 * Draining a Node http server for a graceful shutdown, whatever framework serves on it: readiness
 * turns 503, keep-alive connections are answered `Connection: close` and closed as their requests
 * finish, the listening socket closes, then the app's own resources (the pool, the store).
 */
import cluster from "node:cluster";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";

export interface DrainOptions {
  /**
   * How long to go on accepting connections once the drain starts, readiness answering 503
   * meanwhile: the time a load balancer or Kubernetes takes to stop sending traffic here after its
   * probe fails (or after the pod is marked terminating). Default 0.
   */
  readonly delayMs?: number;
  /**
   * How long a keep-alive connection that is idle when the listening socket closes may still bring
   * a request (answered, with `Connection: close`) before it is closed: a client under load sends
   * its next request within it, instead of racing a close. Default 1000 ms.
   */
  readonly idleGraceMs?: number;
  /** The longest the requests under way may take: then their connections are cut. Default 10,000 ms. */
  readonly timeoutMs?: number;
  /** Runs once, when every connection is closed (or cut): end the database pool and the throttle store here. */
  readonly onClosed?: () => unknown;
}

/** How a drain ended. */
export interface DrainResult {
  /** Connections cut at `timeoutMs` with a request still under way (0 when every request finished). */
  readonly cut: number;
  /** What `onClosed` threw, if it did (the drain still ends). */
  readonly closeError?: unknown;
}

/** A server that can be drained: made once at startup, drained once at shutdown. */
export interface Drainable {
  /** True from the moment `drain()` is called: readiness answers 503. */
  readonly draining: boolean;
  /** Starts the drain (later calls return the same promise) and resolves when it is over. */
  drain(): Promise<DrainResult>;
}

/**
 * Makes `server` drainable. Call it at startup, before the server takes requests (it must see
 * every response to close its connection when the drain comes), then `drain()` on SIGTERM:
 *
 * 1. `draining` turns true (the readiness route answers 503) and every response from then on,
 *    and every one under way whose headers are not sent yet, says `Connection: close`: its
 *    client opens a new connection for the next request, to another instance;
 * 2. after `delayMs`, the server stops accepting connections;
 * 3. after `idleGraceMs` more, idle keep-alive connections are closed;
 * 4. once the last connection is closed (or at `timeoutMs`, cut), `onClosed` runs.
 *
 * Node's `server.close()` alone waits for keep-alive connections a busy client never lets go
 * idle (it hangs), and closing them at once resets requests a client was sending on them.
 */
export function drainable(server: Server, options: DrainOptions = {}): Drainable {
  const responses = new Set<ServerResponse>();
  let draining = false;
  let drained: Promise<DrainResult> | undefined;
  server.prependListener("request", (_request: IncomingMessage, response: ServerResponse) => {
    if (draining) response.setHeader("Connection", "close");
    responses.add(response);
    response.once("close", () => responses.delete(response));
  });
  return {
    get draining() {
      return draining;
    },
    drain() {
      if (drained) return drained;
      draining = true;
      for (const response of responses) {
        if (!response.headersSent) response.setHeader("Connection", "close");
      }
      drained = closeServer(server, responses, options);
      return drained;
    },
  };
}

async function closeServer(
  server: Server,
  responses: ReadonlySet<ServerResponse>,
  options: DrainOptions,
): Promise<DrainResult> {
  const { delayMs = 0, idleGraceMs = 1_000, timeoutMs = 10_000 } = options;
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  const timers: ReturnType<typeof setTimeout>[] = [];
  let cut = 0;
  await new Promise<void>((resolve) => {
    if (!server.listening) {
      server.closeAllConnections();
      return resolve();
    }
    // net's close, not http's: http's closes idle keep-alive connections at once, racing the
    // request a client may be sending on one; they get `idleGraceMs` to bring it first.
    NetServer.prototype.close.call(server, () => resolve());
    const closeIdle = () => server.closeIdleConnections();
    timers.push(
      setTimeout(() => {
        closeIdle();
        // A response whose headers went out before the drain keeps its connection: closed once idle.
        timers.push(setInterval(closeIdle, 100));
      }, idleGraceMs),
      setTimeout(() => {
        cut = responses.size;
        server.closeAllConnections();
      }, timeoutMs),
    );
  });
  for (const timer of timers) clearTimeout(timer);
  try {
    await options.onClosed?.();
    return { cut };
  } catch (closeError) {
    return { cut, closeError };
  }
}

export interface LeaveClusterOptions {
  /**
   * The longest to wait for the primary's reply; then the worker goes on to exit without it.
   * Default 5,000 ms.
   */
  readonly timeoutMs?: number;
}

/**
 * In a `node:cluster` worker, call it after `drain()` and before `process.exit`: it disconnects
 * from the primary, which answers only once it has stopped handing this worker connections
 * (outside a cluster, or once disconnected, it resolves at once).
 *
 * Why: in round-robin mode the primary accepts each connection and sends it to a worker, and
 * frees its own copy only when the worker answers. A worker whose server has closed answers "not
 * mine" and the primary passes the connection to another worker; but a worker that exits before
 * it has read the primary's message never answers, and that connection stays open in the primary
 * forever, its client waiting for an answer that never comes. `worker.disconnect()` waits for the
 * primary's reply, which comes after every connection sent to this worker (messages keep their order).
 * It waits for that reply at most `timeoutMs`.
 */
export function leaveCluster(options: LeaveClusterOptions = {}): Promise<void> {
  const worker = cluster.isWorker ? cluster.worker : undefined;
  if (!worker?.isConnected()) return Promise.resolve();
  const { timeoutMs = 5_000 } = options;
  return new Promise((resolve) => {
    // A primary that is alive but never replies (its event loop stuck) must not keep this worker
    // from exiting: after `timeoutMs` it goes anyway, as it would have without leaving.
    const timer = setTimeout(resolve, timeoutMs);
    worker.once("disconnect", () => {
      clearTimeout(timer);
      resolve();
    });
    worker.disconnect();
  });
}

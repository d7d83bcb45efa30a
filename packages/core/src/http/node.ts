/**
 * What the three adapters share on Node's own http server: the request body as a stream the core
 * may stop reading, the signal of a client that went away, and writing an answer. Node's objects
 * are typed structurally here: the core imports no `node:` module.
 */
import type { ApiResponse } from "./request.js";

/** The part of Node's `IncomingMessage` these helpers use. */
export interface NodeIncoming extends AsyncIterable<Uint8Array> {
  readonly complete: boolean;
  iterator?(options: { destroyOnReturn: boolean }): AsyncIterator<Uint8Array>;
  on(event: "data", listener: (chunk: Uint8Array) => void): unknown;
  once(event: "end" | "error", listener: () => void): unknown;
  off(event: "data", listener: (chunk: Uint8Array) => void): unknown;
  resume(): unknown;
  destroy(): unknown;
}

/** The part of Node's `ServerResponse` these helpers use. */
export interface NodeOutgoing {
  readonly writableFinished: boolean;
  once(event: "close", listener: () => void): unknown;
  writeHead(status: number, headers: Record<string, string>): unknown;
  write(chunk: string | Uint8Array): unknown;
  end(chunk?: string | Uint8Array): unknown;
}

/**
 * How much of a body that was refused (413) is read and thrown away after the answer, so that a
 * client which sends its whole body before reading gets the answer rather than a connection reset.
 * Past this the connection is cut.
 */
export const DRAIN_LIMIT = 64 * 1024 * 1024;

/**
 * The request body for the core. When the core stops reading early (a body over the limit), the
 * stream is left open, not destroyed, so the rest can be drained after the answer.
 */
export function nodeBodyStream(req: NodeIncoming): AsyncIterable<Uint8Array> {
  const { iterator } = req;
  if (typeof iterator !== "function") return req;
  return { [Symbol.asyncIterator]: () => iterator.call(req, { destroyOnReturn: false }) };
}

/** Aborted when the connection closes before the answer was sent; never after a normal finish. */
export function nodeAbortSignal(res: NodeOutgoing): AbortSignal {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** True when the answer closes the connection while the client is still sending a body nobody read. */
export function closesMidBody(req: NodeIncoming, response: ApiResponse): boolean {
  return !req.complete && response.headers.Connection === "close";
}

function byteLength(body: string | Uint8Array): number {
  return typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
}

/**
 * Writes an answer with Node's own methods and a known length. An answer that closes the
 * connection mid-body (413) is sent first; the connection ends once the client has finished
 * sending (up to `DRAIN_LIMIT` more bytes), so the answer is not lost to a reset.
 */
export function writeNodeResponse(
  req: NodeIncoming,
  res: NodeOutgoing,
  response: ApiResponse,
  headers: Record<string, string> = response.headers,
): void {
  const { body } = response;
  const allHeaders = body === null ? headers : { "Content-Length": String(byteLength(body)), ...headers };
  res.writeHead(response.status, allHeaders);
  if (!closesMidBody(req, response)) {
    if (body === null) res.end();
    else res.end(body);
    return;
  }
  if (body !== null) res.write(body);
  let drained = 0;
  const finish = () => {
    req.off("data", count);
    res.end();
  };
  const count = (chunk: Uint8Array) => {
    drained += chunk.byteLength;
    if (drained > DRAIN_LIMIT) {
      req.off("data", count);
      req.destroy();
    }
  };
  req.on("data", count);
  req.once("end", finish);
  req.once("error", finish);
  req.resume();
}

/**
 * What the three adapters share on Node's own http server: the request body as a stream the core
 * may stop reading, the signal of a client that went away, and writing an answer. Node's objects
 * are typed structurally here: the core imports no `node:` module.
 */
import { type NodeBodySource, NodeBodyReader, readNodeBody } from "./node-body-reader.js";
import type { ApiRequest, ApiResponse, RequestBody, WholeBody } from "./request.js";
import { objectSlot } from "./slot.js";

/** The part of Node's `IncomingMessage` these helpers use. */
export interface NodeIncoming extends NodeBodySource {
  readonly complete: boolean;
  /** 1 on HTTP/1.x, 2 on Node's HTTP/2 compatibility request. */
  readonly httpVersionMajor?: number;
  /** Header values by lower-case name. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  once(event: "end" | "error", listener: () => void): unknown;
  resume(): unknown;
  destroy(): unknown;
}

/** The part of Node's `ServerResponse` these helpers use. */
export interface NodeOutgoing {
  readonly writableFinished: boolean;
  /** Set by Node once the connection closed under the response. */
  readonly destroyed?: boolean;
  once(event: "close" | "drain", listener: () => void): unknown;
  off?(event: "close" | "drain", listener: () => void): unknown;
  writeHead(status: number, headers: Record<string, string>): unknown;
  /** False when the chunk waits in memory: the next one waits for `drain`. */
  write(chunk: string | Uint8Array): unknown;
  end(chunk?: string | Uint8Array): unknown;
  destroy?(): unknown;
}

/**
 * How much of a body that was refused (413) is read and thrown away after the answer, so that a
 * client which sends its whole body before reading gets the answer rather than a connection reset.
 * Past this the connection is cut.
 */
export const DRAIN_LIMIT = 64 * 1024 * 1024;

/** The body of a request that has none: one shared value. */
const NO_BODY: RequestBody = Object.freeze({ kind: "none" });

/**
 * Node's request as a stream that is left open when the core stops reading early (see
 * `nodeBodyStream`), read through its events: whole (`readNodeBody`, a JSON or form body) or a
 * chunk at a time (`NodeBodyReader`).
 */
class NodeBodyStream implements WholeBody {
  constructor(private readonly req: NodeIncoming) {}

  readAll(limit: number): Promise<readonly Uint8Array[]> {
    return readNodeBody(this.req, limit);
  }

  [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    return new NodeBodyReader(this.req);
  }
}

/**
 * The request body for the core. When the core stops reading early (a body over the limit), the
 * stream is left open, not destroyed, so the rest can be drained after the answer.
 */
export function nodeBodyStream(req: NodeIncoming): AsyncIterable<Uint8Array> {
  return new NodeBodyStream(req);
}

/**
 * The body of a request on Node's http server for the core: none when an HTTP/1 request says it
 * has none (HTTP/1.1 frames a request body only by Content-Length or Transfer-Encoding, RFC 9112
 * §6.3), so a GET costs no stream; otherwise Node's request as a stream (`nodeBodyStream`).
 * HTTP/2 may send a body without either header: always a stream there.
 */
export function nodeRequestBody(req: NodeIncoming): RequestBody {
  const { headers } = req;
  if (
    req.httpVersionMajor === 1 &&
    headers["content-length"] === undefined &&
    headers["transfer-encoding"] === undefined
  )
    return NO_BODY;
  return { kind: "stream", stream: new NodeBodyStream(req) };
}

const signals = objectSlot<NodeOutgoing, AbortSignal>("viewsets.signal");

/**
 * The request's signal: aborted when the connection closes before the answer was sent, never after
 * a normal finish. Made on first ask, one per response: `NodeApiRequest`'s `signal` getter calls
 * this, because an AbortController costs ~3.5 µs to make and, on Node 20, survives
 * the young-generation collections of its request (BENCHMARKS.md, finding 7). A signal first asked
 * for after the client left is aborted already.
 */
export function nodeAbortSignal(res: NodeOutgoing): AbortSignal {
  let signal = signals.get(res);
  if (signal) return signal;
  const controller = new AbortController();
  if (nodeAborted(res)) controller.abort();
  else if (!res.writableFinished) {
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
  }
  signal = controller.signal;
  signals.set(res, signal);
  return signal;
}

/** Whether the client left before the answer was sent, without making the signal (`ApiRequest.aborted`). */
export function nodeAborted(res: NodeOutgoing): boolean {
  return res.destroyed === true && !res.writableFinished;
}

/** What an adapter on Node's http server reads from its framework's request. */
export type NodeRequestFields = Required<
  Pick<
    ApiRequest,
    "method" | "path" | "rawQuery" | "headers" | "origin" | "remoteAddress" | "body" | "native" | "appUser"
  >
>;

/**
 * The core's request on Node's http server. Its `signal` is a getter on the class, made from
 * Node's response when first read (see `nodeAbortSignal`), and `aborted()` answers without making
 * it. A class, not an object literal with a getter: V8 builds such literals on a slow path, and
 * on the bench's retrieve they survived young-generation collections (BENCHMARKS.md, finding 7).
 */
export class NodeApiRequest implements ApiRequest {
  readonly method: string;
  readonly path: string;
  readonly rawQuery: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly origin: string;
  readonly remoteAddress: string | undefined;
  readonly body: RequestBody;
  readonly native: unknown;
  readonly appUser: () => unknown;
  params?: Record<string, string>;
  user?: unknown;
  auth?: unknown;
  view?: ApiRequest["view"];

  constructor(
    fields: NodeRequestFields,
    /** Node's response to this request, when there is one. */
    readonly nodeResponse: NodeOutgoing | undefined,
  ) {
    this.method = fields.method;
    this.path = fields.path;
    this.rawQuery = fields.rawQuery;
    this.headers = fields.headers;
    this.origin = fields.origin;
    this.remoteAddress = fields.remoteAddress;
    this.body = fields.body;
    this.native = fields.native;
    this.appUser = fields.appUser;
  }

  get signal(): AbortSignal | undefined {
    return this.nodeResponse ? nodeAbortSignal(this.nodeResponse) : undefined;
  }

  aborted(): boolean {
    return this.nodeResponse ? nodeAborted(this.nodeResponse) : false;
  }
}

/** True when the answer closes the connection while the client is still sending a body nobody read. */
export function closesMidBody(req: NodeIncoming, response: ApiResponse): boolean {
  return !req.complete && response.headers.Connection === "close";
}

function byteLength(body: string | Uint8Array): number {
  return typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
}

/** Resolves once the response took what waits in memory (`drain`), or once the client went away. */
function drained(res: NodeOutgoing): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off?.("drain", done);
      res.off?.("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}

/**
 * Writes a streamed body (`ApiResponse.stream`) after its head: a chunk at a time, the next once
 * the client took the last (back-pressure), so memory stays bounded whatever the length. The
 * iterator is closed when the client goes away; an error cuts the connection.
 */
async function writeNodeStream(res: NodeOutgoing, stream: AsyncIterable<Uint8Array>): Promise<void> {
  const iterator = stream[Symbol.asyncIterator]();
  const gone = () => res.destroyed === true || res.writableFinished;
  try {
    for (;;) {
      if (gone()) {
        await iterator.return?.();
        return;
      }
      const next = await iterator.next();
      if (next.done) break;
      if (res.write(next.value) === false && !gone()) await drained(res);
    }
    res.end();
  } catch {
    // Too late for an error answer: the head went out. Cutting the connection tells the client.
    res.destroy?.();
  }
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
  if (response.stream) {
    res.writeHead(response.status, headers);
    void writeNodeStream(res, response.stream);
    return;
  }
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

/**
 * Reads Node's request body through its `data`, `end`, `error` and `close` events, whole
 * (`readNodeBody`) or as an async iterator (`NodeBodyReader`). Not Node's own `for await` over
 * the request: that one switches the stream to `readable` mode, runs an async generator and sets
 * up end-of-stream tracking for every body, and on a small JSON create it cost about a third of
 * the request (BENCHMARKS.md, the Fastify rows).
 */
import { PayloadTooLarge } from "./errors.js";

/** The part of Node's `IncomingMessage` the reader uses. */
export interface NodeBodySource {
  /** True once Node's parser has the whole message: the body waits in the stream's buffer. */
  readonly complete?: boolean;
  /** Null until something started or paused the flow of `data` events. */
  readonly readableFlowing?: boolean | null;
  /** True once the body has been read to its end (by anyone). */
  readonly readableEnded?: boolean;
  /** True once the request was destroyed (a client that went away). */
  readonly destroyed?: boolean;
  on(event: "data", listener: (chunk: Uint8Array) => void): unknown;
  on(event: "end" | "close", listener: () => void): unknown;
  on(event: "error", listener: (error: unknown) => void): unknown;
  off(event: "data", listener: (chunk: Uint8Array) => void): unknown;
  off(event: "end" | "close", listener: () => void): unknown;
  off(event: "error", listener: (error: unknown) => void): unknown;
  pause(): unknown;
  /** What the stream's buffer holds, all of it (paused mode), or null when it is empty. */
  read(): Uint8Array | null;
}

const aborted = () => new Error("aborted before the end");

/**
 * The whole body in one wait, its size checked as it comes; past `limit`, rejected with
 * `PayloadTooLarge` and the request paused and left open, so the rest can be drained after the
 * answer (see `writeNodeResponse`). A body that has all arrived and that nothing started to read
 * is taken from the stream's buffer at once, without waiting for its `data` and `end` events.
 */
export function readNodeBody(req: NodeBodySource, limit: number): Promise<readonly Uint8Array[]> {
  if (req.readableEnded) return Promise.resolve([]);
  if (req.destroyed) return Promise.reject(aborted());
  if (req.complete === true && req.readableFlowing === null) {
    try {
      return Promise.resolve(bufferedBody(req, limit));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const stop = (): void => unlisten(req, listeners);
    const listeners: BodyListeners = {
      onData: (chunk) => {
        size += chunk.byteLength;
        if (size <= limit) {
          chunks.push(chunk);
          return;
        }
        stop();
        req.pause();
        reject(new PayloadTooLarge(limit));
      },
      onEnd: () => {
        stop();
        resolve(chunks);
      },
      onError: (error) => {
        stop();
        reject(error);
      },
      // A request closed before its end (without an error event) is a client that went away too.
      onClose: () => listeners.onError(aborted()),
    };
    listen(req, listeners);
  });
}

/** The four events a body reader follows, whole or chunk by chunk. */
interface BodyListeners {
  readonly onData: (chunk: Uint8Array) => void;
  readonly onEnd: () => void;
  readonly onError: (error: unknown) => void;
  readonly onClose: () => void;
}

function listen(req: NodeBodySource, listeners: BodyListeners): void {
  req.on("data", listeners.onData);
  req.on("end", listeners.onEnd);
  req.on("error", listeners.onError);
  req.on("close", listeners.onClose);
}

function unlisten(req: NodeBodySource, listeners: BodyListeners): void {
  req.off("data", listeners.onData);
  req.off("end", listeners.onEnd);
  req.off("error", listeners.onError);
  req.off("close", listeners.onClose);
}

/** A complete message's body, read from the stream's buffer (paused mode: one read takes all). */
function bufferedBody(req: NodeBodySource, limit: number): readonly Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = req.read(); chunk !== null; chunk = req.read()) {
    size += chunk.byteLength;
    if (size > limit) throw new PayloadTooLarge(limit);
    chunks.push(chunk);
  }
  return chunks;
}

/** What the body ended with: still coming, all read, or the client's error. */
type Outcome = { readonly kind: "open" } | { readonly kind: "ended" } | { readonly kind: "failed"; error: unknown };

const OPEN: Outcome = { kind: "open" };
const ENDED: Outcome = { kind: "ended" };
const DONE: IteratorResult<Uint8Array> = { value: undefined, done: true };

/**
 * One pass over a request body. Stopped early (`return`, as `for await` does on a `break` or a
 * throw: a body over the limit), it pauses the request and leaves it open, not destroyed, so the
 * rest can be drained after the answer (see `writeNodeResponse`).
 */
export class NodeBodyReader implements AsyncIterator<Uint8Array> {
  private readonly chunks: Uint8Array[] = [];
  private outcome: Outcome = OPEN;
  private wake: (() => void) | undefined = undefined;

  private readonly listeners: BodyListeners = {
    onData: (chunk) => {
      this.chunks.push(chunk);
      this.notify();
    },
    onEnd: () => this.settle(ENDED),
    onError: (error) => this.settle({ kind: "failed", error }),
    // A request closed before its end (without an error event) is a client that went away too.
    onClose: () => this.settle({ kind: "failed", error: aborted() }),
  };

  constructor(private readonly req: NodeBodySource) {
    if (req.readableEnded) this.outcome = ENDED;
    else if (req.destroyed) this.outcome = { kind: "failed", error: aborted() };
    else listen(req, this.listeners);
  }

  async next(): Promise<IteratorResult<Uint8Array>> {
    for (;;) {
      const chunk = this.chunks.shift();
      if (chunk !== undefined) return { value: chunk, done: false };
      const outcome = this.outcome;
      if (outcome.kind === "failed") throw outcome.error;
      if (outcome.kind === "ended") return DONE;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  async return(): Promise<IteratorResult<Uint8Array>> {
    if (this.outcome.kind === "open") {
      this.stopListening();
      this.req.pause();
    }
    return DONE;
  }

  private settle(outcome: Outcome): void {
    if (this.outcome.kind !== "open") return;
    this.outcome = outcome;
    this.stopListening();
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private stopListening(): void {
    unlisten(this.req, this.listeners);
  }
}

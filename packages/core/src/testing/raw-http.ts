/**
 * HTTP/1.1 over a bare socket, for what `fetch` will not send: a forged `Host`, a client that
 * writes its whole body before reading, a connection cut mid-upload. `node:net` is loaded only
 * when a test calls these.
 */

export interface RawReply {
  readonly status: number;
  /** Header values by lower-case name. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

function parseReply(text: string): RawReply {
  const end = text.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = text.slice(0, end === -1 ? text.length : end).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: end === -1 ? "" : text.slice(end + 4) };
}

function portOf(base: string): number {
  return Number(new URL(base).port);
}

/** Sends `head` (request line and headers, without the blank line) and `body`, then reads the answer until the server closes. */
export async function rawRequest(base: string, head: string, body = ""): Promise<RawReply> {
  const { connect } = await import("node:net");
  return new Promise((resolve, reject) => {
    const socket = connect(portOf(base), "127.0.0.1");
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(parseReply(text)));
    socket.end(`${head}\r\nConnection: close\r\n\r\n${body}`);
  });
}

/**
 * A client that writes its whole body of `size` bytes before it reads anything (as curl or Python's
 * requests do without `Expect: 100-continue`). Resolves with the answer, or null when the
 * connection was reset before one could be read.
 */
export async function sendAllThenRead(base: string, head: string, size: number): Promise<RawReply | null> {
  const { connect } = await import("node:net");
  return new Promise((resolve) => {
    const socket = connect(portOf(base), "127.0.0.1");
    socket.pause();
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(text === "" ? null : parseReply(text)));
    socket.write(`${head}\r\nContent-Length: ${size}\r\n\r\n`);
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let sent = 0;
    const pump = (): void => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!socket.write(part)) {
          socket.once("drain", pump);
          return;
        }
      }
      socket.resume();
    };
    pump();
  });
}

/** Starts a request that declares `size` bytes, sends half of them, then cuts the connection. */
export async function abandonUpload(base: string, head: string, size: number): Promise<void> {
  const { connect } = await import("node:net");
  await new Promise<void>((resolve) => {
    const socket = connect(portOf(base), "127.0.0.1", () => {
      socket.write(`${head}\r\nContent-Length: ${size}\r\n\r\n${"{".padEnd(Math.floor(size / 2), " ")}`, () => {
        socket.resetAndDestroy();
        resolve();
      });
    });
    socket.on("error", () => undefined);
  });
}

/** Sends a request without a body and returns a function that cuts the connection before the answer. */
export async function openRequest(base: string, head: string): Promise<() => void> {
  const { connect } = await import("node:net");
  return new Promise((resolve) => {
    const socket = connect(portOf(base), "127.0.0.1", () => {
      socket.write(`${head}\r\n\r\n`, () => resolve(() => socket.resetAndDestroy()));
    });
    socket.on("error", () => undefined);
  });
}

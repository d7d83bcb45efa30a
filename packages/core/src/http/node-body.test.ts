import { type IncomingMessage, createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJSONBody, readWriteBody } from "./body.js";
import { type NodeIncoming, nodeRequestBody } from "./node.js";
import type { ApiRequest } from "./request.js";

/** What the server saw of each request: the body's kind and what the core read from it. */
interface Seen {
  kind: string;
  read: unknown;
}

let url = "";
const server = createServer((req: IncomingMessage, res) => {
  const body = nodeRequestBody(req as unknown as NodeIncoming);
  const request = { method: req.method!, headers: req.headers, body } as unknown as ApiRequest;
  const read = req.headers["content-type"]?.startsWith("application/x-www-form") ? readWriteBody : readJSONBody;
  read(request).then(
    (value) => res.end(JSON.stringify({ kind: body.kind, read: value ?? null } satisfies Seen)),
    (error: Error) => res.end(JSON.stringify({ kind: body.kind, read: error.message })),
  );
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `request` as given on a socket of its own and returns everything the server answered. */
function rawExchange(request: string): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    let text = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
}

async function seen(init: RequestInit & { duplex?: "half" }): Promise<Seen> {
  return (await (await fetch(url, init)).json()) as Seen;
}

describe("nodeRequestBody", () => {
  it("gives a request without Content-Length or Transfer-Encoding no body (a GET makes no stream)", async () => {
    expect(await seen({ method: "GET" })).toEqual({ kind: "none", read: null });
    expect(await seen({ method: "DELETE" })).toEqual({ kind: "none", read: null });
  });

  it("streams a body framed by Content-Length; an empty one is read as no value", async () => {
    const json = { "content-type": "application/json" };
    expect(await seen({ method: "POST", headers: json, body: '{"a":1}' })).toEqual({ kind: "stream", read: { a: 1 } });
    expect(await seen({ method: "POST", headers: json, body: "" })).toEqual({ kind: "stream", read: null });
  });

  it("streams a chunked body (Transfer-Encoding, no Content-Length)", async () => {
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"b":'));
        controller.enqueue(new TextEncoder().encode("2}"));
        controller.close();
      },
    });
    const answer = await seen({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: chunks,
      duplex: "half",
    });
    expect(answer).toEqual({ kind: "stream", read: { b: 2 } });
  });

  it("reads a form without a body the same as an empty form", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const empty = await seen({ method: "POST", headers: form, body: "" });
    expect(empty).toEqual({ kind: "stream", read: {} });
    // No body at all: neither Content-Length nor Transfer-Encoding, as written on the wire.
    const none = await rawExchange(
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nConnection: close\r\n\r\n",
    );
    expect(JSON.parse(none.slice(none.indexOf("\r\n\r\n") + 4))).toEqual({ kind: "none", read: {} });
  });

  it("keeps a stream on HTTP/2, where a body needs neither header", () => {
    const http2 = { httpVersionMajor: 2, complete: false, headers: {} } as unknown as NodeIncoming;
    expect(nodeRequestBody(http2).kind).toBe("stream");
    const http1 = { httpVersionMajor: 1, complete: true, headers: {} } as unknown as NodeIncoming;
    expect(nodeRequestBody(http1).kind).toBe("none");
  });
});

/** A streamed answer (`ApiResponse.stream`) on Node's own server: every chunk in order, the iterator closed when the client goes, an error cutting the connection. */
import { createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { writeNodeResponse } from "./node.js";
import type { ApiResponse } from "./request.js";

const encoder = new TextEncoder();
let server: Server | undefined;

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves one streamed answer of `stream`; resolves with its URL. */
function serving(stream: () => AsyncIterable<Uint8Array>): Promise<string> {
  server = createServer((req, res) => {
    const response: ApiResponse = {
      status: 200,
      headers: { "Content-Type": "text/plain" },
      body: null,
      stream: stream(),
    };
    writeNodeResponse(req, res, response);
  });
  return new Promise((resolve) =>
    server!.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/`)),
  );
}

describe("a streamed answer on Node", () => {
  it("sends every chunk in order, chunked, without Content-Length", async () => {
    const url = await serving(async function* () {
      for (let i = 0; i < 2000; i++) yield encoder.encode(`line ${i}\n`);
    });
    const response = await fetch(url);
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    const lines = (await response.text()).trimEnd().split("\n");
    expect(lines).toHaveLength(2000);
    expect(lines[1999]).toBe("line 1999");
  });

  it("stops reading and closes the iterator when the client goes away", async () => {
    let made = 0;
    let closed = false;
    const big = new Uint8Array(64 * 1024);
    const url = await serving(async function* () {
      try {
        for (; made < 100_000; made++) yield big;
      } finally {
        closed = true;
      }
    });
    await new Promise<void>((resolve) => {
      const request = get(url, (response) => {
        response.once("data", () => {
          request.destroy();
          resolve();
        });
      });
      request.on("error", () => {});
    });
    await expect.poll(() => closed).toBe(true);
    // Back-pressure: far fewer 64 kB chunks were made than the 6.4 GB the loop would write.
    expect(made).toBeLessThan(1000);
  });

  it("cuts the connection when the stream fails midway: the body never looks whole", async () => {
    const url = await serving(async function* () {
      yield encoder.encode("first\n");
      throw new Error("the database went away");
    });
    // The head may or may not have left before the cut: either way the client sees a failure, never an end.
    await expect(fetch(url).then((response) => response.text())).rejects.toThrow();
  });
});

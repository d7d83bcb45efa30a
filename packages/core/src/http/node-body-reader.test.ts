import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { PayloadTooLarge } from "./errors.js";
import { NodeBodyReader, readNodeBody } from "./node-body-reader.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (chunks: Uint8Array[]) => chunks.map((chunk) => new TextDecoder().decode(chunk)).join("");

/** A request body that sends `parts` one at a time, each after a turn of the event loop. */
function slowBody(parts: string[], end = true): Readable {
  const body = new Readable({ read() {} });
  let i = 0;
  const push = () => {
    if (i < parts.length) {
      body.push(bytes(parts[i++]!));
      setImmediate(push);
    } else if (end) body.push(null);
  };
  setImmediate(push);
  return body;
}

/** What a body a reader stopped early still holds: it must be paused and open, nobody listening, for a drain. */
async function restAfterStop(body: Readable): Promise<string> {
  expect(body.destroyed).toBe(false);
  expect(body.isPaused()).toBe(true);
  expect(body.listenerCount("data")).toBe(0);
  const rest: Uint8Array[] = [];
  body.on("data", (chunk: Uint8Array) => rest.push(chunk));
  body.resume();
  await new Promise((resolve) => body.once("end", resolve));
  return text(rest);
}

async function readAll(body: Readable): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of { [Symbol.asyncIterator]: () => new NodeBodyReader(body) }) chunks.push(chunk);
  return chunks;
}

describe("NodeBodyReader", () => {
  it("reads every chunk in order to the end, and stops listening", async () => {
    const body = slowBody(['{"a":', "1,", '"b":2}']);
    expect(text(await readAll(body))).toBe('{"a":1,"b":2}');
    expect(body.listenerCount("data")).toBe(0);
    expect(body.listenerCount("close")).toBe(0);
  });

  it("leaves a body it stopped reading paused and open, its rest still there for a drain", async () => {
    const body = slowBody(["first", "second", "third"]);
    for await (const chunk of { [Symbol.asyncIterator]: () => new NodeBodyReader(body) }) {
      expect(text([chunk])).toBe("first");
      break;
    }
    expect(await restAfterStop(body)).toBe("secondthird");
  });

  it("fails when the request closes before its end, as a client that went away", async () => {
    const body = slowBody(["partial"], false);
    setTimeout(() => body.destroy(), 20);
    await expect(readAll(body)).rejects.toThrow("aborted");
  });

  it("fails with the request's own error", async () => {
    const body = slowBody(["partial"], false);
    setTimeout(() => body.destroy(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" })), 20);
    await expect(readAll(body)).rejects.toThrow("socket hang up");
  });

  it("reads a body already read to its end as empty, and one already destroyed as a failure", async () => {
    const ended = Readable.from([bytes("x")]);
    ended.resume();
    await new Promise((resolve) => ended.once("end", resolve));
    expect(await readAll(ended)).toEqual([]);
    const destroyed = slowBody(["x"], false);
    destroyed.destroy();
    await expect(readAll(destroyed)).rejects.toThrow("aborted");
  });
});

/** A body Node's parser has all of: pushed to its end, and marked `complete` as an IncomingMessage is. */
function completeBody(parts: string[]): Readable {
  const body = new Readable({ read() {} });
  for (const part of parts) body.push(bytes(part));
  body.push(null);
  return Object.assign(body, { complete: true });
}

describe("readNodeBody", () => {
  it("reads a body still arriving whole, in order, and stops listening", async () => {
    const body = slowBody(['{"a":', "1,", '"b":2}']);
    expect(text([...(await readNodeBody(body, 100))])).toBe('{"a":1,"b":2}');
    for (const event of ["data", "end", "error", "close"]) expect(body.listenerCount(event)).toBe(0);
  });

  it("takes a complete body from the stream's buffer at once, without waiting for its events", async () => {
    const body = completeBody(['{"a":', "1}"]);
    const reading = readNodeBody(body, 100);
    // Settled before any turn of the event loop: nothing listens for `data`.
    expect(body.listenerCount("data")).toBe(0);
    expect(text([...(await reading)])).toBe('{"a":1}');
    await new Promise((resolve) => body.once("end", resolve));
  });

  it("refuses a body past the limit, arriving or complete, as PayloadTooLarge", async () => {
    await expect(readNodeBody(slowBody(["12345", "67890"]), 8)).rejects.toBeInstanceOf(PayloadTooLarge);
    await expect(readNodeBody(completeBody(["12345", "67890"]), 8)).rejects.toBeInstanceOf(PayloadTooLarge);
    // Exactly the limit is accepted.
    expect(text([...(await readNodeBody(slowBody(["1234", "5678"]), 8))])).toBe("12345678");
  });

  it("leaves a body past the limit paused and open, its rest still there for a drain", async () => {
    const body = slowBody(["first", "second", "third"]);
    await expect(readNodeBody(body, 7)).rejects.toBeInstanceOf(PayloadTooLarge);
    expect(await restAfterStop(body)).toBe("third");
  });

  it("fails when the request closes before its end, or with the request's own error", async () => {
    const closed = slowBody(["partial"], false);
    setTimeout(() => closed.destroy(), 20);
    await expect(readNodeBody(closed, 100)).rejects.toThrow("aborted");
    const failed = slowBody(["partial"], false);
    setTimeout(() => failed.destroy(new Error("socket hang up")), 20);
    await expect(readNodeBody(failed, 100)).rejects.toThrow("socket hang up");
    expect(failed.listenerCount("data")).toBe(0);
  });

  it("reads a body already read to its end as empty, and one already destroyed as a failure", async () => {
    const ended = Readable.from([bytes("x")]);
    ended.resume();
    await new Promise((resolve) => ended.once("end", resolve));
    expect(await readNodeBody(ended, 100)).toEqual([]);
    const destroyed = slowBody(["x"], false);
    destroyed.destroy();
    await expect(readNodeBody(destroyed, 100)).rejects.toThrow("aborted");
  });
});

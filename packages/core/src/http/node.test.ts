import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { NodeApiRequest, type NodeOutgoing, nodeAbortSignal } from "./node.js";
import { withMethod } from "./request.js";

/** Node's ServerResponse as far as the signal looks at it: `close`, `destroyed`, `writableFinished`. */
class FakeResponse extends EventEmitter {
  destroyed = false;
  writableFinished = false;
  writeHead(): void {}
  write(): void {}
  end(): void {
    this.writableFinished = true;
    this.emit("close");
  }
  clientLeft(): void {
    this.destroyed = true;
    this.emit("close");
  }
}

function request(res: FakeResponse, method = "GET"): NodeApiRequest {
  const fields = {
    method,
    path: "/a",
    rawQuery: "",
    headers: {},
    origin: "http://x",
    remoteAddress: undefined,
    body: { kind: "none" } as const,
    native: null,
    appUser: () => undefined,
  };
  return new NodeApiRequest(fields, res as unknown as NodeOutgoing);
}

describe("NodeApiRequest's signal", () => {
  it("is made once, when first read, and aborts when the client leaves before the answer", () => {
    const res = new FakeResponse();
    const req = request(res);
    expect(res.listenerCount("close")).toBe(0);
    const signal = req.signal!;
    expect(req.signal).toBe(signal);
    expect(res.listenerCount("close")).toBe(1);
    expect(req.aborted()).toBe(false);
    res.clientLeft();
    expect(signal.aborted).toBe(true);
    expect(req.aborted()).toBe(true);
  });

  it("never aborts after a normal finish", () => {
    const res = new FakeResponse();
    const req = request(res);
    const signal = req.signal!;
    res.end();
    expect(signal.aborted).toBe(false);
    expect(req.aborted()).toBe(false);
    expect(request(res).signal!.aborted).toBe(false);
  });

  it("is aborted already when first read after the client left", () => {
    const res = new FakeResponse();
    const req = request(res);
    res.clientLeft();
    expect(req.aborted()).toBe(true);
    expect(req.signal!.aborted).toBe(true);
    expect(nodeAbortSignal(res as unknown as NodeOutgoing)).toBe(req.signal);
  });

  it("stays with a copy under another method (HEAD served as GET)", () => {
    const res = new FakeResponse();
    const head = request(res, "HEAD");
    const get = withMethod(head, "GET");
    expect(get.method).toBe("GET");
    expect(head.method).toBe("HEAD");
    expect(get.path).toBe("/a");
    res.clientLeft();
    expect(get.signal!.aborted).toBe(true);
    expect(get.aborted!()).toBe(true);
  });
});

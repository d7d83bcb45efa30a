import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { drainable } from "./drain.js";

async function listening(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler!);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("drainable (a plain Node server)", () => {
  it("ends with the error onClosed threw, once, however often drain() is called", async () => {
    const { server } = await listening((_req, res) => res.end("ok"));
    let calls = 0;
    const drain = drainable(server, {
      idleGraceMs: 10,
      onClosed: () => {
        calls++;
        throw new Error("the pool would not end");
      },
    });
    const first = drain.drain();
    expect(drain.drain()).toBe(first);
    const result = await first;
    expect(result.cut).toBe(0);
    expect((result.closeError as Error).message).toBe("the pool would not end");
    expect(calls).toBe(1);
  });

  it("drains a server that is not listening at once", async () => {
    const server = createServer();
    const closed: string[] = [];
    const result = await drainable(server, { onClosed: () => closed.push("closed") }).drain();
    expect(result).toEqual({ cut: 0 });
    expect(closed).toEqual(["closed"]);
  });

  it("adds Connection: close to a response under way whose headers are not sent yet", async () => {
    let respond: (() => void) | undefined;
    const { server, url } = await listening((_req, res) => {
      respond = () => res.end("late");
    });
    const drain = drainable(server, { idleGraceMs: 10 });
    const answer = fetch(url);
    while (!respond) await new Promise((resolve) => setTimeout(resolve, 5));
    const drained = drain.drain();
    respond();
    const response = await answer;
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.text()).toBe("late");
    expect(await drained).toEqual({ cut: 0 });
  });
});

/** Listening on a free loopback port, for the suites' servers. */
import type { ContractServer } from "./contract-options.js";

/** The part of a Node `http.Server` the contract needs (kept structural: no `node:` import here). */
interface NodeServer {
  listen(port: number, host: string): unknown;
  once(event: "listening", listener: () => void): unknown;
  address(): { port: number } | string | null;
  close(callback: () => void): unknown;
}

/** Listens on a free port of 127.0.0.1 and resolves with the contract's view of the server. */
export async function listenOnLoopback(server: NodeServer): Promise<ContractServer> {
  await new Promise<void>((resolve) => {
    server.once("listening", resolve);
    server.listen(0, "127.0.0.1");
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the server is not listening on a TCP port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

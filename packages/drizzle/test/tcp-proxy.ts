import { type Server, type Socket, connect, createServer } from "node:net";

/**
 * A TCP proxy a test can break, between a client and a real server (never stop the shared one):
 * "down" drops every connection and refuses new ones (the server stopped); "stalled" keeps
 * connections open but forwards nothing either way (a network partition); "up" forwards again.
 */
export interface TcpProxy {
  readonly port: number;
  set(state: "up" | "down" | "stalled"): void;
  close(): Promise<void>;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let state: "up" | "down" | "stalled" = "up";
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    track(client);
    if (state === "down") return void client.destroy();
    const upstream = connect(target.port, target.host);
    track(upstream);
    upstream.on("close", () => client.destroy());
    client.on("close", () => upstream.destroy());
    // Forward only while "up": bytes sent during a partition are lost, as a partition loses them.
    client.on("data", (chunk) => state === "up" && upstream.write(chunk));
    upstream.on("data", (chunk) => state === "up" && client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    set(next) {
      state = next;
      if (next === "down") for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

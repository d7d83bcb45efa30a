/** A free port, for a server a test starts in another process. `node:net` is loaded only when called. */

/** A port of 127.0.0.1 that nothing listens on now (the OS's pick, closed again at once). */
export async function freePort(): Promise<number> {
  const { createServer } = await import("node:net");
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

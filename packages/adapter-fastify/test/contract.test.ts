import cors from "@fastify/cors";
import { type AdapterContractOptions, runAdapterContract, runAuthContract } from "@viewsets/core/testing";
import Fastify from "fastify";
import { registerRoutes, toFastify } from "../src/index.js";

const adapter: AdapterContractOptions = {
  name: "fastify",
  async serve(router, options) {
    const app = Fastify(options.frameworkTrustsProxy ? { trustProxy: true } : {});
    if (options.cors) {
      // @fastify/cors allows only GET, HEAD and POST unless told (the cors of Express and Koa allow
      // all six), and sends `Vary: Origin` only for an origin it chooses from a list.
      const methods = ["GET", "HEAD", "PUT", "PATCH", "POST", "DELETE"];
      await app.register(cors, { origin: [options.cors.origin], credentials: options.cors.credentials, methods });
    }
    if (options.headerMiddleware) {
      app.addHook("onRequest", (_request, reply, done) => {
        reply.header("X-Request-Id", "r-1");
        done();
      });
      app.addHook("onSend", (_request, reply, payload, done) => {
        reply.header("X-After", "yes");
        done(null, payload);
      });
    }
    // Fastify parses JSON bodies itself, after the onRequest hook the router answers in: the
    // router reads the raw body either way, and `parseBody` has nothing to add.
    if (options.appUser !== undefined) {
      app.decorateRequest("user", null);
      app.addHook("onRequest", (request, _reply, done) => {
        (request as typeof request & { user?: unknown }).user = options.appUser;
        done();
      });
    }
    for (const [path, handler] of Object.entries(options.handlers ?? {})) app.get(path, toFastify(handler));
    registerRoutes(router, app);
    for (const mounted of options.mounts ?? []) registerRoutes(mounted, app);
    app.setNotFoundHandler((_request, reply) => reply.code(404).type("text/plain").send("fallthrough"));
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
  },
};

runAdapterContract(adapter);
runAuthContract(adapter);

/**
 * The Fastify adapter. A router (or any mountable) runs in an `onRequest` hook: after Fastify has
 * routed the request and before it parses a body, so the core reads the raw body once with its
 * own limit, and a request it does not answer goes on to Fastify's own route or 404 handler.
 * Answers go out through `reply.send`, so Fastify's headers, `onSend` and `onResponse` hooks and
 * its request log see them as any other.
 */
import type { ApiRequest, ApiResponse, Handler, Mountable } from "@viewsets/core";
import {
  answerOf,
  closesMidBody,
  describeFailure,
  NodeApiRequest,
  nodeRequestBody,
  writeNodeResponse,
} from "@viewsets/core/node";
import { withMethod } from "@viewsets/core/internals";
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
  FastifyTypeProvider,
  HookHandlerDoneFunction,
  onRequestHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerBase,
  RouteHandlerMethod,
} from "fastify";

/** Fastify's request as the core's plain request; `reply` is where a client that went away shows. */
export function toApiRequest(request: FastifyRequest, reply: FastifyReply): ApiRequest {
  const raw = request.raw;
  const url = request.url;
  const q = url.indexOf("?");
  const { headers } = raw;
  // A route's body is parsed by Fastify before its handler (`toFastify`); in the hook, never yet.
  const parsed = request.body;
  return new NodeApiRequest(
    {
      method: request.method,
      path: q === -1 ? url : url.slice(0, q),
      rawQuery: q === -1 ? "" : url.slice(q + 1),
      headers: headers as Record<string, string | undefined>,
      // The connection's own scheme, not Fastify's `trustProxy` reading of X-Forwarded-Proto: the
      // router believes that header from its own trustedProxies, the same on every adapter.
      origin: `${(raw.socket as { encrypted?: boolean } | undefined)?.encrypted ? "https" : "http"}://${headers.host ?? headers[":authority"] ?? "localhost"}`,
      remoteAddress: raw.socket?.remoteAddress,
      body: parsed !== undefined ? { kind: "parsed", value: parsed } : nodeRequestBody(raw),
      native: request,
      appUser: () => (request as FastifyRequest & { user?: unknown }).user,
    },
    reply.raw,
  );
}

/**
 * Fastify adds `; charset=utf-8` to a JSON type without a charset (`application/problem+json`)
 * when the payload is text; as bytes it goes out with the type the core set.
 */
function retyped(contentType: unknown): boolean {
  return typeof contentType === "string" && contentType.includes("json") && !contentType.includes("charset");
}

/** Writes the core's response through `reply.send`, keeping headers set earlier on the reply. */
export function sendApiResponse(reply: FastifyReply, response: ApiResponse): FastifyReply {
  const raw = reply.request.raw;
  reply.code(response.status).headers(response.headers);
  // A streamed body (an export) is written on Node's response too, with back-pressure.
  if (response.stream || closesMidBody(raw, response)) {
    // A 413 while the client still sends: answered on Node's response, then drained (see
    // writeNodeResponse). Fastify's own send would end the response under the unread body.
    reply.hijack();
    writeNodeResponse(raw, reply.raw, response, reply.getHeaders() as Record<string, string>);
    return reply;
  }
  const { body } = response;
  // No payload at all: `null` is a JSON value to Fastify, which it would serialize as "null".
  if (body === null) return reply.send();
  if (typeof body === "string" && retyped(reply.getHeader("content-type"))) return reply.send(Buffer.from(body));
  return reply.send(body);
}

/**
 * One core handler as a Fastify route handler (`app.get(path, toFastify(handler))`). HEAD runs it
 * as GET, and the body goes to Fastify's HEAD route, which leaves it out and sends its length.
 */
export function toFastify(handler: Handler): RouteHandlerMethod {
  // The reply is returned: Fastify then waits for it instead of sending the handler's result.
  return (request, reply) => {
    const sent = toApiRequest(request, reply);
    const asGet = sent.method === "HEAD" ? withMethod(sent, "GET") : sent;
    return handler(asGet).then((response) => sendApiResponse(reply, response));
  };
}

/**
 * The router (or any mountable core handler) as an `onRequest` hook. A request it answers goes
 * no further; the rest go on to Fastify's routes and 404 handler. A mountable that fails
 * (rather than answering 500 itself, as a router does) goes to Fastify's error handler.
 */
export function viewsetsHook(router: Mountable): onRequestHookHandler {
  return function viewsets(request, reply, done) {
    // A response the core had at once is sent at once (no turn of the microtask queue).
    const answered = answerOf(router, toApiRequest(request, reply));
    if (answered instanceof Promise) {
      answered.then(
        (response) => after(reply, response, done),
        (error: unknown) => done(error as FastifyError),
      );
    } else after(reply, answered, done);
  };
}

function after(reply: FastifyReply, response: ApiResponse | null, done: HookHandlerDoneFunction): void {
  if (response) sendApiResponse(reply, response);
  else done();
}

export interface ViewsetsPluginOptions {
  /** The router (or any mountable core handler: the admin) to serve. */
  readonly router: Mountable;
}

/**
 * The router as a Fastify plugin: `app.register(viewsetsPlugin, { router })`. Like a plugin
 * wrapped in fastify-plugin, it is not encapsulated: its hook joins the context it is registered
 * in (register it on the root app), so it sees requests Fastify routes to its 404 handler,
 * which are where the router's paths go.
 */
export const viewsetsPlugin: FastifyPluginCallback<ViewsetsPluginOptions> = Object.assign(
  function viewsets(app: FastifyInstance, options: ViewsetsPluginOptions, done: (error?: Error) => void) {
    options.router.assertReady();
    app.addHook("onRequest", viewsetsHook(options.router));
    done();
  },
  { [Symbol.for("skip-override")]: true, [Symbol.for("fastify.display-name")]: "@viewsets/fastify" },
);

/**
 * Checks every viewset of the router (or the mountable's own configuration), then registers it on
 * the app as `viewsetsPlugin`. A configuration error is thrown here, not at `app.ready()`.
 */
export function registerRoutes<
  Server extends RawServerBase,
  Logger extends FastifyBaseLogger,
  TypeProvider extends FastifyTypeProvider,
>(
  router: Mountable,
  app: FastifyInstance<
    Server,
    RawRequestDefaultExpression<Server>,
    RawReplyDefaultExpression<Server>,
    Logger,
    TypeProvider
  >,
): void {
  router.assertReady();
  // The plugin reads only what a request and a reply of any server and type provider have.
  const plugin = viewsetsPlugin as unknown as FastifyPluginCallback<
    ViewsetsPluginOptions,
    Server,
    TypeProvider,
    Logger
  >;
  app.register(plugin, { router });
}

/**
 * A router's (or the admin's) `onError` that reports a server failure on the request's Fastify
 * logger, redacted as the default report on the console is: no values from the request.
 */
export function logToFastify(error: unknown, request: ApiRequest): void {
  const message = `viewsets: ${request.method} ${request.path.slice(0, 200)} failed: ${describeFailure(error)}`;
  const log = (request.native as Partial<FastifyRequest> | undefined)?.log;
  if (log) log.error(message);
  else console.error(message);
}

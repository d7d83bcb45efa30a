/**
 * The Koa adapter: a viewsets router (or any mountable) as Koa middleware, and the request and response mapping
 * between them.
 */
import type { ApiRequest, ApiResponse, Handler, Mountable } from "@viewsets/core";
import {
  answerOf,
  closesMidBody,
  NodeApiRequest,
  nodeRequestBody,
  runHandler,
  writeNodeResponse,
} from "@viewsets/core/node";
import type { Context, Middleware, Next } from "koa";

const DISCONNECT_CODES = new Set(["ECONNRESET", "ECONNABORTED", "EPIPE", "ERR_STREAM_PREMATURE_CLOSE"]);

/** Where `quietDisconnects` keeps the request's own error handler. */
const OWN_ONERROR = Symbol("viewsets.koa.onerror");

type QuietContext = Context & { [OWN_ONERROR]?: Context["onerror"] };

/** A request's error handler that drops a client going away (one function for every request). */
function quietOnError(this: QuietContext, error: Error & { code?: string }): void {
  const code = error?.code ?? "";
  if (DISCONNECT_CODES.has(code) || code.startsWith("HPE_")) return;
  this[OWN_ONERROR]!.call(this, error);
}

/**
 * Koa reports a connection the client cut (a reset, the parse error of a half-sent body) to the
 * app's error log. A client going away is not a server failure: those are dropped for the
 * requests this adapter serves; anything else still reaches Koa's handler. `loudDisconnects`
 * gives the request its own handler back.
 */
function quietDisconnects(ctx: QuietContext): void {
  ctx[OWN_ONERROR] = ctx.onerror;
  ctx.onerror = quietOnError;
}

function loudDisconnects(ctx: QuietContext): void {
  ctx.onerror = ctx[OWN_ONERROR]!;
}

/** Koa's context as the core's plain request. */
export function toApiRequest(ctx: Context): ApiRequest {
  const url = ctx.originalUrl;
  const q = url.indexOf("?");
  // A body parser (@koa/bodyparser, koa-body) leaves its result on ctx.request.body, once it read
  // the request. One that skipped a type it does not parse leaves `{}` there and the stream unread:
  // the core reads that body itself (a text/plain one is then its 415, not an empty object's 400).
  const parsedBody = ctx.req.readableEnded ? (ctx.request as { body?: unknown }).body : undefined;
  return new NodeApiRequest(
    {
      method: ctx.method,
      path: q === -1 ? url : url.slice(0, q),
      rawQuery: q === -1 ? "" : url.slice(q + 1),
      headers: ctx.req.headers as Record<string, string | undefined>,
      // The connection's own scheme, not Koa's `app.proxy` reading of X-Forwarded-Proto: the router
      // believes that header from its own trustedProxies, the same on every adapter.
      origin: `${(ctx.req.socket as { encrypted?: boolean }).encrypted ? "https" : "http"}://${ctx.req.headers.host ?? "localhost"}`,
      remoteAddress: ctx.req.socket.remoteAddress,
      body: parsedBody !== undefined ? { kind: "parsed", value: parsedBody } : nodeRequestBody(ctx.req),
      native: ctx,
      appUser: () => (ctx.state as { user?: unknown }).user,
    },
    ctx.res,
  );
}

/** Writes the core's response through Koa (its own body handling keeps the bytes as given). */
export function sendApiResponse(ctx: Context, response: ApiResponse): void {
  // A streamed body (an export) and a 413 while the client still sends are written on Node's response.
  if (response.stream || closesMidBody(ctx.req, response)) {
    // A 413 while the client still sends: answered by hand, then drained (see writeNodeResponse).
    ctx.respond = false;
    writeNodeResponse(ctx.req, ctx.res, response);
    return;
  }
  ctx.status = response.status;
  ctx.set(response.headers);
  const { body } = response;
  // Koa serializes anything but a string or a Buffer as JSON: bytes go in as a Buffer view.
  if (body instanceof Uint8Array) ctx.body = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  // A null body turns any status into 204 in Koa: an empty string keeps a redirect a redirect.
  else if (body === null) ctx.body = response.status === 204 || response.status === 304 ? null : "";
  else ctx.body = body;
  // Setting a body sets its own length; the core's (a HEAD answer's, of the body it left out) wins.
  const length = response.headers["Content-Length"];
  if (length !== undefined) ctx.set("Content-Length", length);
}

/**
 * One core handler as a Koa middleware. Koa routes nothing itself: mount it for GET and HEAD
 * (@koa/router's `get` does both); HEAD runs it as GET and answers without the body.
 */
export function toKoa(handler: Handler): Middleware {
  return async (ctx: Context) => {
    quietDisconnects(ctx);
    sendApiResponse(ctx, await runHandler(handler, toApiRequest(ctx)));
  };
}

/** The router (or any mountable core handler) as one Koa middleware; requests it does not route go on to `next()`. */
export function viewsetsMiddleware(router: Mountable): Middleware {
  return async (ctx: Context, next: Next) => {
    quietDisconnects(ctx);
    // A response the core had at once is taken as it is, without a turn of the microtask queue.
    const answered = answerOf(router, toApiRequest(ctx));
    const response = answered instanceof Promise ? await answered : answered;
    if (response) sendApiResponse(ctx, response);
    else {
      // Not this router's request: the app's own routes keep Koa's error reporting.
      loudDisconnects(ctx);
      await next();
    }
  };
}

/** Checks every viewset of the router (or the mountable's own configuration), then mounts it on the app. */
export function registerRoutes(router: Mountable, app: { use(middleware: Middleware): unknown }): void {
  router.assertReady();
  app.use(viewsetsMiddleware(router));
}

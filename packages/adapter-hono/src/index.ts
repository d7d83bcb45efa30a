/**
 * The Hono adapter: a viewsets router (or any mountable) as Hono middleware, and the request and response mapping
 * between them.
 */
import type { ApiRequest, ApiResponse, Handler, Mountable } from "@viewsets/core";
import {
  answerOf,
  closesMidBody,
  type NodeIncoming,
  type NodeOutgoing,
  NodeApiRequest,
  nodeRequestBody,
  type RequestBody,
  runHandler,
  writeNodeResponse,
} from "@viewsets/core/node";
import type { Context, Env, Hono, MiddlewareHandler, Next, Schema } from "hono";

/** What @hono/node-server puts in `c.env`: Node's own request and response, used without a Fetch copy. */
interface NodeBindings {
  incoming?: NodeIncoming & {
    socket?: { remoteAddress?: string };
    readableEnded?: boolean;
  };
  outgoing?: NodeOutgoing;
}

/** @hono/node-server's marker for a response the handler already wrote to Node's `outgoing`. */
const ALREADY_SENT = { "x-hono-already-sent": "true" };

/** A body Hono already read into memory, as a one-chunk stream for the core's reader. */
async function readBody(c: Context): Promise<RequestBody> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  return { kind: "stream", stream: [bytes] as unknown as AsyncIterable<Uint8Array> };
}

/** The body for the core: a promise only when Hono already started reading it. */
function bodyOf(c: Context, incoming: NodeBindings["incoming"]): RequestBody | Promise<RequestBody> {
  const cache = c.req.bodyCache;
  if (cache.json !== undefined)
    return Promise.resolve(cache.json).then((value: unknown) => ({ kind: "parsed", value }));
  if (cache.arrayBuffer !== undefined || cache.text !== undefined) return readBody(c);
  // On @hono/node-server, read Node's request directly: touching c.req.raw would make the server
  // build a full Fetch Request for every request, a measured cost (honojs/node-server#95).
  if (incoming && incoming.readableEnded !== true) return nodeRequestBody(incoming);
  if (c.req.raw.bodyUsed) return readBody(c);
  const stream = c.req.raw.body;
  return stream ? { kind: "stream", stream: stream as unknown as AsyncIterable<Uint8Array> } : { kind: "none" };
}

/** Hono's context as the core's plain request. */
export async function toApiRequest(c: Context): Promise<ApiRequest> {
  return requestOf(c);
}

/** The request, without a promise to wait for unless Hono already started reading the body. */
function requestOf(c: Context): ApiRequest | Promise<ApiRequest> {
  const bindings = (c.env as NodeBindings | undefined) ?? {};
  const body = bodyOf(c, bindings.incoming);
  return body instanceof Promise ? body.then((read) => withBody(c, bindings, read)) : withBody(c, bindings, body);
}

function withBody(c: Context, { incoming, outgoing }: NodeBindings, body: RequestBody): ApiRequest {
  const url = c.req.url;
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  const q = url.indexOf("?", pathStart);
  const fields = {
    method: c.req.method,
    path: q === -1 ? url.slice(pathStart) : url.slice(pathStart, q),
    rawQuery: q === -1 ? "" : url.slice(q + 1),
    headers: (incoming?.headers as Record<string, string | undefined>) ?? c.req.header(),
    origin: url.slice(0, pathStart),
    remoteAddress: incoming?.socket?.remoteAddress,
    body,
    native: c,
    appUser: () => c.get("user" as never) as unknown,
  };
  // Node's close event where there is one (the signal made when first read); elsewhere the Fetch
  // request's own signal.
  return outgoing ? new NodeApiRequest(fields, outgoing) : { ...fields, signal: c.req.raw.signal };
}

/** The headers set earlier with `c.header` (each cookie kept), then the core's. */
function nodeHeaders(c: Context, response: ApiResponse): Record<string, string> {
  const earlier = c.res.headers;
  const headers: Record<string, string | string[]> = Object.fromEntries(earlier);
  const cookies = earlier.getSetCookie();
  if (cookies.length > 1) headers["set-cookie"] = cookies;
  // Node's writeHead takes a list for a repeated header.
  return Object.assign(headers, response.headers) as Record<string, string>;
}

/** A streamed body as a web stream (off Node): a chunk pulled when the reader wants one. */
function readableOf(stream: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = stream[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** The core's response as Hono's, keeping headers set earlier with `c.header`. */
export function sendApiResponse(c: Context, response: ApiResponse): Response {
  return answer(c, response, false);
}

/**
 * The core's response as Hono's. `first` says the adapter's own handler is the request's first
 * (Hono's `routeIndex` 0, so not called from another handler): no middleware ran before it that
 * could have set a header, and the answer is a Response with plain headers, which
 * @hono/node-server writes straight from its cache; `c.body()` would copy them into a Headers
 * object for the server to copy back out.
 */
function answer(c: Context, response: ApiResponse, first: boolean): Response {
  const { incoming, outgoing } = (c.env as NodeBindings | undefined) ?? {};
  // A 413 while the client still sends: answered on Node's response, then drained (see writeNodeResponse).
  // A bodyless answer (204, 304) too: @hono/node-server gives any Response without a Content-Type
  // one of text/plain, which Express and Koa do not send and a 204 or 304 has no body to be.
  // A streamed body (an export) too, with back-pressure.
  if (incoming && outgoing && (response.body === null || response.stream || closesMidBody(incoming, response))) {
    writeNodeResponse(incoming, outgoing, response, nodeHeaders(c, response));
    return new Response(null, { headers: ALREADY_SENT });
  }
  // Hono's types want bytes over a plain ArrayBuffer; the core's are never shared memory.
  const body = (response.stream ? readableOf(response.stream) : response.body) as
    | string
    | Uint8Array<ArrayBuffer>
    | ReadableStream<Uint8Array<ArrayBuffer>>
    | null;
  // A copy: @hono/node-server adds Content-Length to the headers object it is given. Not a
  // `{ ...spread }`: V8 builds a new hidden class for every key added to a spread's copy (~1 µs).
  const headers: Record<string, string> = Object.assign({}, response.headers);
  if (first) return new Response(body, { status: response.status, headers });
  const status = response.status as never;
  return body === null ? c.body(null, status, headers) : c.body(body, status, headers);
}

/** One core handler as a Hono handler, mounted as one (`app.get(path, toHono(handler))`; HEAD runs it as GET). */
export function toHono(handler: Handler): MiddlewareHandler {
  // Not async functions, here and below: the core's promise is followed with one step, not an
  // await and the function's own promise after it (each a turn of the microtask queue).
  return (c: Context) => {
    const request = requestOf(c);
    const answered =
      request instanceof Promise ? request.then((read) => runHandler(handler, read)) : runHandler(handler, request);
    return Promise.resolve(answered).then((response) => answer(c, response, c.req.routeIndex === 0));
  };
}

/** The router (or any mountable core handler) as one Hono middleware; requests it does not route go on to `next()`. */
export function viewsetsMiddleware(router: Mountable): MiddlewareHandler {
  // A response the core had at once is returned at once: Hono and @hono/node-server then write it
  // in the same turn, where a promise costs each of them steps of their own (BENCHMARKS.md, finding 15).
  const after = (c: Context, next: Next, response: ApiResponse | null) =>
    response ? answer(c, response, c.req.routeIndex === 0) : next().then(() => undefined);
  // Hono's type asks middleware for a promise; its dispatch and compose take a Response as well
  // (a plain handler's answer), which is what a synchronous answer is here.
  return ((c: Context, next: Next) => {
    const request = requestOf(c);
    if (request instanceof Promise) {
      return request.then((read) => answerOf(router, read)).then((response) => after(c, next, response));
    }
    const handled = answerOf(router, request);
    return handled instanceof Promise ? handled.then((response) => after(c, next, response)) : after(c, next, handled);
  }) as MiddlewareHandler;
}

/** Checks every viewset of the router (or the mountable's own configuration), then mounts it on the app (whatever its Env and Variables). */
export function registerRoutes<E extends Env, S extends Schema, B extends string>(
  router: Mountable,
  app: Hono<E, S, B>,
): void {
  router.assertReady();
  app.use("*", viewsetsMiddleware(router) as MiddlewareHandler<E>);
}

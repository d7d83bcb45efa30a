/**
 * The Express adapter: a viewsets router (or any mountable) as Express middleware, and the request and response
 * mapping between them.
 */
import type { ApiRequest, ApiResponse, Handler, Mountable } from "@viewsets/core";
import { answerOf, NodeApiRequest, nodeRequestBody, runHandler, writeNodeResponse } from "@viewsets/core/node";
import type { NextFunction, Request, RequestHandler, Response } from "express";

/** Express's request as the core's plain request. */
export function toApiRequest(req: Request): ApiRequest {
  const url = req.originalUrl ?? req.url;
  const q = url.indexOf("?");
  // A body parser ran when it marked the request (body-parser 1) or consumed its stream (2).
  const parsed = (req as Request & { _body?: boolean })._body === true || (req.body !== undefined && req.readableEnded);
  return new NodeApiRequest(
    {
      method: req.method,
      path: q === -1 ? url : url.slice(0, q),
      rawQuery: q === -1 ? "" : url.slice(q + 1),
      headers: req.headers as Record<string, string | undefined>,
      // The connection's own scheme, not Express's `trust proxy` reading of X-Forwarded-Proto: the
      // router believes that header from its own trustedProxies, the same on every adapter.
      origin: `${(req.socket as { encrypted?: boolean }).encrypted ? "https" : "http"}://${req.headers.host ?? "localhost"}`,
      remoteAddress: req.socket.remoteAddress,
      body: parsed ? { kind: "parsed", value: req.body as unknown } : nodeRequestBody(req),
      native: req,
      appUser: () => (req as Request & { user?: unknown }).user,
    },
    req.res,
  );
}

/** Writes the core's response with Node's own methods (no Express serialization on top). */
export function sendApiResponse(res: Response, response: ApiResponse): void {
  writeNodeResponse(res.req, res, response);
}

/** One core handler as an Express handler (`app.get(path, ...)` serves HEAD with it too, as GET without the body). */
export function toExpress(handler: Handler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    runHandler(handler, toApiRequest(req)).then((response) => sendApiResponse(res, response), next);
  };
}

/** The router (or any mountable core handler) as one Express middleware; requests it does not route go on to `next()`. */
export function viewsetsMiddleware(router: Mountable): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const write = (response: ApiResponse | null) => {
      if (response) sendApiResponse(res, response);
      else next();
    };
    // A response the core had at once is written at once (no turn of the microtask queue).
    const handled = answerOf(router, toApiRequest(req));
    if (handled instanceof Promise) handled.then(write, next);
    else write(handled);
  };
}

/** Checks every viewset of the router (or the mountable's own configuration), then mounts it on the app (or an Express router). */
export function registerRoutes(router: Mountable, app: { use(handler: RequestHandler): unknown }): void {
  router.assertReady();
  app.use(viewsetsMiddleware(router));
}

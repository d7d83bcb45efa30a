/** What a suite of the adapter contract is given: how to serve a router on a real port of one framework. */
import type { Handler, Mountable } from "../http/request.js";
import type { Router } from "../router/router.js";
import type { Skippable } from "./skips.js";

export interface ContractServer {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  close(): Promise<void>;
}

export interface ServeOptions {
  /** Put the framework's own JSON body parser in front (express.json, @koa/bodyparser, c.req.json; Fastify's is built in). */
  readonly parseBody?: boolean;
  /** A user the app's own middleware signs in (req.user, ctx.state.user, c.set("user"), request.user). */
  readonly appUser?: unknown;
  /**
   * Core handlers mounted natively with the adapter's to<Framework>, by GET path: HEAD on the path
   * reaches them too (Express's and Hono's `get` route it; a Koa app routes it itself).
   */
  readonly handlers?: Readonly<Record<string, Handler>>;
  /** More core handlers mounted with `registerRoutes` after the router (the admin is one). */
  readonly mounts?: readonly Mountable[];
  /**
   * Turn on the framework's own reading of X-Forwarded-* (Express's `trust proxy`, Koa's
   * `app.proxy`, Fastify's `trustProxy`; Hono has none): the router's answers must not change with it.
   */
  readonly frameworkTrustsProxy?: boolean;
  /**
   * A middleware of the framework around the router, as apps have for request ids and timing: it
   * sets `X-Request-Id: r-1` before the router and `X-After: yes` once the router answered (Koa's
   * and Hono's after `next()`, Fastify's `onSend` hook, Express's on the way out through `writeHead`).
   */
  readonly headerMiddleware?: boolean;
  /** Mount the framework's own CORS middleware (cors, @koa/cors, hono/cors, @fastify/cors) before the router. */
  readonly cors?: { readonly origin: string; readonly credentials: boolean };
}

export interface AdapterContractOptions extends Skippable {
  readonly name: string;
  /**
   * A new app of the framework with `registerRoutes(router, app)`, listening on 127.0.0.1 port 0.
   * Requests no route matches must fall through to the app, which answers 404 with the text
   * `fallthrough`.
   */
  serve(router: Router, options: ServeOptions): Promise<ContractServer>;
}

/** `Router`: registers viewsets and actions by resource, checks them at startup, and routes each request. */
import { addCorsHeaders, type CorsOptions, isPreflight, preflightResponse } from "../http/cors.js";
import { ConfigurationError, NotFound } from "../http/errors.js";
import { behindProxies, type OriginOptions } from "../http/forwarded.js";
import { defaultAllowedHosts, HostCheck, missingHostsMessage } from "../http/hosts.js";
import { errorResponse } from "../http/problem.js";
import { type ApiRequest, type ApiResponse, type Mountable, withMethod } from "../http/request.js";
import { isThenable } from "../http/thenable.js";
import type { GenericSchema } from "valibot";
import type { ActionBody, ActionConfig, ActionHandler, ActionRoute } from "../viewsets/actions.js";
import { runAction } from "../viewsets/run-action.js";
import type { ForeignKeyTarget, ViewSet, ViewSettings } from "../viewsets/viewset.js";
import { checkViewSetConfiguration } from "../checks/check-configuration.js";
import { answeredFailure, resolveSettings } from "../viewsets/settings.js";
import { headResponse } from "../http/answers.js";
import { actionOptions } from "../viewsets/metadata.js";
import { parseId } from "../query/coerce.js";
import { matchPath } from "./match.js";
import { actionRoute, RESOURCE_NAME } from "./action-route.js";
import type { RouterOptions } from "./router-options.js";
import { apiRootResponse, isRootPath, ROOT_VIEW, rootEntriesOf } from "./api-root.js";
import { guarded } from "../viewsets/guard.js";
import { ViewContext } from "../viewsets/view-context.js";

export type { RouterOptions } from "./router-options.js";

/** Every method a preflight may be told about; the route itself answers 405 for one it does not serve. */
const PREFLIGHT_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

function normalizePrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, "");
  if (trimmed === "") return "";
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

interface ResourceEntry {
  viewset?: ViewSet;
  /** Collection actions by URL path, and detail actions by URL path. */
  collectionActions: Map<string, ActionRoute>;
  detailActions: Map<string, ActionRoute>;
}

function checkOf(resource: string, viewset: ViewSet): ConfigurationError | null {
  if (viewset === undefined || viewset === null) return checkViewSetConfiguration(resource, viewset);
  if (typeof viewset.checkConfiguration === "function") return viewset.checkConfiguration(resource);
  if (typeof viewset.handle !== "function") {
    return new ConfigurationError(`viewsets: resource ${resource}: viewset has no handle(route, request, settings)`);
  }
  return null;
}

/**
 * Registers viewsets by resource name and custom actions beside them; `handle` routes one
 * request and returns null when no route of this router matches (the adapter hands it on).
 */
export class Router implements Mountable {
  readonly prefix: string;
  readonly settings: ViewSettings;
  /** Whether `GET {prefix}/` answers with a link to each resource (the `apiRoot` option). */
  readonly apiRoot: boolean;
  /** The hosts it answers for; null when none were given outside development (the startup check says so). */
  private readonly allowedHosts: readonly string[] | null;
  private readonly hosts: HostCheck;
  /** How the client's scheme is read behind proxies; undefined when there is nothing to read (no proxy, no scheme). */
  private readonly proxies: OriginOptions | undefined;
  private readonly cors: CorsOptions | undefined;
  private readonly resources = new Map<string, ResourceEntry>();

  constructor(prefix = "", options: RouterOptions = {}) {
    this.prefix = normalizePrefix(prefix);
    this.settings = {
      ...resolveSettings(options),
      foreignKeyTarget: (reference) => this.foreignKeyTargetOf(reference),
    };
    this.allowedHosts = options.allowedHosts ?? defaultAllowedHosts();
    this.hosts = new HostCheck(this.allowedHosts);
    const { trustedProxies } = this.settings;
    this.proxies =
      options.scheme !== undefined || trustedProxies > 0 ? { trustedProxies, scheme: options.scheme } : undefined;
    this.cors = options.cors;
    this.apiRoot = options.apiRoot ?? true;
  }

  private entry(resource: string): ResourceEntry {
    if (!RESOURCE_NAME.test(resource)) {
      throw new ConfigurationError(`viewsets: resource name must be one URL path segment of [A-Za-z0-9_.~-]`);
    }
    let entry = this.resources.get(resource);
    if (!entry) {
      entry = { collectionActions: new Map(), detailActions: new Map() };
      this.resources.set(resource, entry);
    }
    return entry;
  }

  /**
   * The registered viewset of the model a foreign key references, by resource name or model name
   * (`tableModel` names the table; `defineModel`, the model), as a foreign key's target.
   */
  private foreignKeyTargetOf(reference: string): ForeignKeyTarget | undefined {
    let viewset = this.resources.get(reference)?.viewset;
    if (!viewset) {
      for (const entry of this.resources.values()) {
        if (
          (entry.viewset as { options?: { model?: { name?: string } } } | undefined)?.options?.model?.name === reference
        ) {
          viewset = entry.viewset;
          break;
        }
      }
    }
    return (viewset as { foreignKeyTarget?(): ForeignKeyTarget } | undefined)?.foreignKeyTarget?.();
  }

  /** Registers a viewset; throws `ConfigurationError` when it cannot serve its routes. */
  register(resource: string, viewset: ViewSet): this {
    const error = checkOf(resource, viewset);
    if (error) throw error;
    const entry = this.entry(resource);
    if (entry.viewset) throw new ConfigurationError(`viewsets: resource ${resource} is registered twice`);
    entry.viewset = viewset;
    return this;
  }

  /** Adds a custom action route; an unknown HTTP method throws. */
  action<Schema extends GenericSchema | undefined = undefined, Query extends GenericSchema | undefined = undefined>(
    resource: string,
    name: string,
    config: ActionConfig<Schema, Query>,
    handler: ActionHandler<ActionBody<Schema>, ActionBody<Query>>,
  ): this {
    const route = actionRoute(resource, name, config, handler, Boolean(this.resources.get(resource)?.viewset));
    const entry = this.entry(resource);
    const table = route.detail ? entry.detailActions : entry.collectionActions;
    if (table.has(route.urlPath)) throw new ConfigurationError(`viewsets: action ${resource}.${name}: path is taken`);
    table.set(route.urlPath, route);
    return this;
  }

  /** Every problem of every registered viewset (and of its hosts), in one error; null when all can serve. */
  checkConfiguration(): ConfigurationError | null {
    const messages: string[] = [];
    if (this.allowedHosts === null) messages.push(missingHostsMessage("viewsets"));
    for (const [resource, entry] of this.resources) {
      if (!entry.viewset) continue;
      const error = checkOf(resource, entry.viewset);
      if (error) messages.push(error.message);
    }
    return messages.length === 0 ? null : new ConfigurationError(messages.join("\n"));
  }

  /** Called by each adapter's registerRoutes before it mounts anything. */
  assertReady(): void {
    const error = this.checkConfiguration();
    if (error) throw error;
  }

  /** The registered viewsets and actions, for documentation. */
  describe(): { resource: string; viewset: ViewSet | undefined; actions: ActionRoute[] }[] {
    return [...this.resources].map(([resource, entry]) => ({
      resource,
      viewset: entry.viewset,
      actions: [...entry.collectionActions.values(), ...entry.detailActions.values()],
    }));
  }

  /**
   * Routes one request: a response, or null when the request is not this router's (outside its
   * prefix, or its API root with `apiRoot: false`) and the adapter hands it on. Under the prefix, an unknown route is a
   * problem+json 404.
   */
  handle(request: ApiRequest): Promise<ApiResponse | null> {
    try {
      return Promise.resolve(this.handleNow(request));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * `handle`, answered at once where nothing had to be waited for (a retrieve whose row was
   * already read, see `settledWith`); a promise otherwise. What the adapters call: a response in
   * hand is written in the same turn of the event loop.
   */
  handleNow(sent: ApiRequest): ApiResponse | null | Promise<ApiResponse | null> {
    const match = matchPath(this.prefix, sent.path);
    const entry = match ? this.resources.get(match.resource) : undefined;
    const root = !match && this.apiRoot && isRootPath(this.prefix, sent.path);
    if (!entry && !root && !this.ownsPath(sent.path)) return null;
    // The client's scheme behind a proxy that ends TLS (X-Forwarded-Proto from a trusted proxy).
    const request = this.proxies ? behindProxies(sent, this.proxies) : sent;
    const badHost = this.hosts.refusal(request);
    if (badHost) return badHost;
    if (isPreflight(request)) {
      // Without the router's own CORS, the app's CORS middleware answers (wherever it is mounted).
      return this.cors ? preflightResponse(this.cors, request, PREFLIGHT_METHODS) : null;
    }
    const head = request.method === "HEAD";
    const routed = head ? withMethod(request, "GET") : request;
    let answered: PromiseLike<ApiResponse | null> | ApiResponse | null;
    try {
      answered = root ? this.root(routed) : match && entry ? this.dispatch(match, entry, routed) : null;
    } catch (error) {
      answered = this.failure(error, request);
    }
    // No answer at all (null or undefined) is a 404, as before.
    if (!isThenable(answered)) return this.finish(answered ?? null, request, head);
    // A native promise as it is; another thenable (a custom ViewSet's) adopted as `await` would.
    return Promise.resolve(answered).then(
      (response) => this.finish(response, request, head),
      (error: unknown) => this.finish(this.failure(error, request), request, head),
    );
  }

  /** The API root, behind the router's own guards. */
  private root(request: ApiRequest): Promise<ApiResponse> | ApiResponse {
    const context = ViewContext.for(request, this.settings, ROOT_VIEW);
    return guarded({}, context, () => apiRootResponse(request, this.prefix, rootEntriesOf(this.describe())));
  }

  /** A custom ViewSet that throws: the same answer a BaseViewSet gives. */
  private failure(error: unknown, request: ApiRequest): ApiResponse {
    return errorResponse(answeredFailure(error, request, this.settings));
  }

  /** The route's answer (a 404 when it had none), with the router's CORS headers, as HEAD asked. */
  private finish(response: ApiResponse | null, request: ApiRequest, head: boolean): ApiResponse {
    const answer = response ?? errorResponse(new NotFound());
    if (this.cors) addCorsHeaders(this.cors, request, answer);
    return head ? headResponse(answer) : answer;
  }

  /** Paths below the prefix (not the prefix itself: the API root answers there unless `apiRoot: false`). */
  private ownsPath(path: string): boolean {
    return this.prefix !== "" && path.startsWith(`${this.prefix}/`) && path.length > this.prefix.length + 1;
  }

  /** The route's answer; not an async function, so that the viewset's own promise comes back without a step in between. */
  private dispatch(
    match: NonNullable<ReturnType<typeof matchPath>>,
    entry: ResourceEntry,
    request: ApiRequest,
  ): Promise<ApiResponse | null> | ApiResponse | null {
    switch (match.kind) {
      case "list":
        if (!entry.viewset) return null;
        return entry.viewset.handle({ kind: "list", resource: match.resource }, request, this.settings);
      case "detail": {
        const action = entry.collectionActions.get(match.id);
        if (action) return this.runAction(action, entry, request, {});
        if (!entry.viewset) return null;
        const id = parseId(match.id);
        if (id === null) return errorResponse(new NotFound());
        return entry.viewset.handle({ kind: "detail", resource: match.resource, id }, request, this.settings);
      }
      case "detail-action": {
        const action = entry.detailActions.get(match.segment);
        if (!action) return entry.viewset ? errorResponse(new NotFound()) : null;
        if (parseId(match.id) === null) return errorResponse(new NotFound());
        return this.runAction(action, entry, request, { id: match.id });
      }
    }
  }

  /** OPTIONS on an action that does not answer it itself: its metadata. Then the action (run-action.ts). */
  private async runAction(
    action: ActionRoute,
    entry: ResourceEntry,
    request: ApiRequest,
    params: Record<string, string>,
  ): Promise<ApiResponse> {
    if (request.method === "OPTIONS" && !action.methods.includes("OPTIONS")) return actionOptions(action);
    return runAction(action, entry.viewset, request, this.settings, params);
  }
}

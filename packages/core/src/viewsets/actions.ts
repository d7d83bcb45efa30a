/** The types of a custom action: its configuration, its context and its route. */
import type { GenericSchema, InferOutput } from "valibot";
import type { ApiRequest, ApiResponse, RequestContext } from "../http/request.js";
import type { SerializerFactory } from "../serializers/base-serializer.js";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * What an action handler gets besides the request: the helpers a standard route has, so that an
 * action is as safe as one. `Body` is the output of the action's `requestSchema`.
 */
export interface ActionContext<Body = unknown, Query = unknown> {
  readonly request: ApiRequest;
  /** A detail action's id, parsed as retrieve parses it: a bigint past 2^53, never rounded. */
  readonly id: number | bigint | undefined;
  /** The body validated by `requestSchema` (its output); undefined without one. */
  readonly data: Body;
  /** The query parameters validated by `querySchema` (its output); undefined without one. */
  readonly query: Query;
  /** The context manager methods take (the request, its user, its abort signal). */
  readonly ctx: RequestContext;
  /**
   * A detail action's object, loaded as retrieve loads it: through the viewset's `getQueryset`
   * (its scope), 404 when absent, then the object permissions. Loaded once per request.
   */
  getObject<Row extends object = Record<string, unknown>>(): Promise<Row>;
  /**
   * A JSON response of `value` shaped by the action's `serializer` (a row or a list of rows, shown
   * as a retrieve shows them: related and computed fields loaded) or `responseSchema` (only its
   * keys leave the server); as it is without either.
   */
  respond(value: unknown, status?: number, headers?: Record<string, string>): Promise<ApiResponse>;
}

/**
 * A custom action handler: a plain core handler that owns its status codes and bodies; the second
 * argument has the helpers of a standard route.
 */
export type ActionHandler<Body = unknown, Query = unknown> = (
  request: ApiRequest,
  action: ActionContext<Body, Query>,
) => Promise<ApiResponse> | ApiResponse;

export interface ActionConfig<
  Schema extends GenericSchema | undefined = GenericSchema | undefined,
  QuerySchema extends GenericSchema | undefined = GenericSchema | undefined,
> {
  /** Methods the action answers (default GET). */
  methods?: readonly (HttpMethod | Lowercase<HttpMethod>)[];
  /** When true the route is placed under `/{id}/`. */
  detail?: boolean;
  /** Last path segment of the route (default: the action name). */
  urlPath?: string;
  /**
   * Run the resource's viewset checks (authentication, permissions, throttles) before the
   * handler. Off by default: an action is a plain handler that owns its own checks.
   */
  checks?: boolean;
  /** Run the handler in one database transaction of the viewset's queryset (it needs `atomic`). */
  atomic?: boolean;
  /** Documentation for the OpenAPI document. */
  summary?: string;
  description?: string;
  /**
   * Valibot schema of the request body: a body that fails it is a 400 with `errors` per field
   * before the handler runs, and its output is `action.data`. Described in the OpenAPI document.
   */
  requestSchema?: Schema;
  /**
   * Valibot object schema of the query parameters, each entry one parameter (the last value of a
   * repeated one; numbers and booleans as valibot pipes over text): a query that fails it is a 400
   * with `errors` per parameter before the handler runs, and its output is `action.query`.
   * Described in the OpenAPI document as the operation's parameters.
   */
  querySchema?: QuerySchema;
  /** Valibot schema of the 200 response body: what `action.respond` keeps, and the document says. */
  responseSchema?: GenericSchema;
  /**
   * The response is rows of the resource's model, shown by this serializer (`true`: the viewset's
   * own) through `action.respond`, and described as such in the OpenAPI document.
   */
  serializer?: SerializerFactory | true;
  /** With `serializer`: the response is a list of rows (what the OpenAPI document says). */
  many?: boolean;
}

/** The body type an action's config promises its handler. */
export type ActionBody<Schema> = Schema extends GenericSchema ? InferOutput<Schema> : undefined;

export interface ActionRoute {
  readonly resource: string;
  readonly name: string;
  readonly methods: readonly HttpMethod[];
  readonly detail: boolean;
  readonly urlPath: string;
  readonly handler: ActionHandler<never, never>;
  readonly config: Readonly<ActionConfig>;
}

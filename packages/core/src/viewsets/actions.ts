import type { GenericSchema } from "valibot";
import type { ApiRequest, ApiResponse } from "../http/request.js";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A custom action handler: a plain core handler; it owns parsing, status codes and bodies. */
export type ActionHandler = (request: ApiRequest) => Promise<ApiResponse> | ApiResponse;

export interface ActionConfig {
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
  /** Documentation for the OpenAPI document. */
  summary?: string;
  description?: string;
  /** Valibot schema of the request body, for the OpenAPI document. */
  requestSchema?: GenericSchema;
  /** Valibot schema of the 200 response body, for the OpenAPI document. */
  responseSchema?: GenericSchema;
}

export interface ActionRoute {
  readonly resource: string;
  readonly name: string;
  readonly methods: readonly HttpMethod[];
  readonly detail: boolean;
  readonly urlPath: string;
  readonly handler: ActionHandler;
  readonly config: Readonly<ActionConfig>;
}

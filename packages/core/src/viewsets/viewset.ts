/** The interface of a viewset as the router sees it, with the route and settings it is given. */
import type { ApiError, ConfigurationError } from "../http/errors.js";
import type { ApiRequest, ApiResponse } from "../http/request.js";
import type { Authenticator } from "../auth/authentication.js";
import type { Permission } from "../auth/permissions.js";
import type { Throttle } from "../throttling/throttle.js";
import type { ForeignKeyTarget } from "../serializers/foreign-keys.js";

export type { ForeignKeyTarget };
import type { ValidationMessages } from "../serializers/messages.js";

/** Which standard route a request reached. */
export type ViewRoute =
  | { readonly kind: "list"; readonly resource: string }
  | { readonly kind: "detail"; readonly resource: string; readonly id: number | bigint };

/** Defaults a router hands to each of its viewsets; a viewset's own options win. */
export interface ViewSettings {
  readonly pageSize: number;
  readonly maxPageSize: number;
  readonly bodyLimit: number;
  /** How many proxies in front of the app may be believed about the client IP. */
  readonly trustedProxies: number;
  readonly authentication: readonly Authenticator[];
  readonly permissions: readonly Permission[];
  readonly throttles: readonly Throttle[];
  /** Told about every error that became a 500 (the response itself says nothing of it). */
  readonly onError: (error: unknown, request: ApiRequest) => void;
  /**
   * DRF's EXCEPTION_HANDLER: what an error thrown anywhere in a request (an authenticator, a
   * permission, a throttle, an action, a manager) is answered with. It returns an `ApiError` to
   * answer with it, or undefined to leave the error as it is (an ApiError answers itself, anything
   * else is a 500 told to `onError`). `databaseOutages` from @viewsets/drizzle answers the database
   * being down, busy or full as a 503 with `Retry-After` wherever the app's own code queries it.
   */
  readonly exceptionHandler?: ((error: unknown, request: ApiRequest) => ApiError | undefined) | undefined;
  /** The words of validation errors (DRF's by default). */
  readonly messages: ValidationMessages;
  /**
   * The viewset serving the model a foreign key references (by resource or model name), whose
   * rows a write may point at: the router's own registry. Undefined where nothing is registered.
   */
  readonly foreignKeyTarget?: (reference: string) => ForeignKeyTarget | undefined;
}

/**
 * What a router mounts. `BaseViewSet` and `ViewSetConfig` implement it; a custom type that
 * implements it without extending `BaseViewSet` is checked only for presence.
 */
export interface ViewSet {
  /** The route's answer: a promise, or the response itself when nothing had to be waited for. */
  handle(route: ViewRoute, request: ApiRequest, settings: ViewSettings): Promise<ApiResponse> | ApiResponse;
  /** Runs the viewset's checks around a custom action's handler (actions with `checks: true`). */
  checkAction?(
    resource: string,
    name: string,
    request: ApiRequest,
    settings: ViewSettings,
    run: () => Promise<ApiResponse> | ApiResponse,
  ): Promise<ApiResponse>;
  checkConfiguration?(resource?: string): ConfigurationError | null;
}

import { DEFAULT_BODY_LIMIT } from "../http/body.js";
import { describeFailure } from "../http/failure-log.js";
import type { ApiRequest } from "../http/request.js";
import { DEFAULT_MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from "../query/pagination.js";
import type { ViewSettings } from "./viewset.js";

// The path without its query string, and the error without the values it may carry.
function defaultOnError(error: unknown, request: ApiRequest): void {
  console.error(`viewsets: ${request.method} ${request.path.slice(0, 200)} failed: ${describeFailure(error)}`);
}

/** The settings a router hands its viewsets: the options given, defaults for the rest. */
export function resolveSettings(options: Partial<ViewSettings> = {}): ViewSettings {
  return {
    pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
    maxPageSize: options.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustedProxies: options.trustedProxies ?? 0,
    authentication: options.authentication ?? [],
    permissions: options.permissions ?? [],
    throttles: options.throttles ?? [],
    onError: options.onError ?? defaultOnError,
  };
}

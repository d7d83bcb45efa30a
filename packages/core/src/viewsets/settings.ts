/** A router's settings with their defaults: page sizes, body limit, proxies, guards, messages, error log. */
import { DEFAULT_BODY_LIMIT } from "../http/body.js";
import { describeFailure, isServerFailure } from "../http/failure-log.js";
import type { ApiRequest } from "../http/request.js";
import { DEFAULT_MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from "../query/pagination.js";
import { resolveMessages, type ValidationMessages } from "../serializers/messages.js";
import type { ViewSettings } from "./viewset.js";

/** The settings a router takes: any of them, and any of the validation messages. */
export type SettingsOptions = Partial<Omit<ViewSettings, "messages">> & {
  /** Replaces the words of validation errors (`{ required: "Required." }`); the rest stay DRF's. */
  messages?: Partial<ValidationMessages>;
};

// The path without its query string, and the error without the values it may carry.
function defaultOnError(error: unknown, request: ApiRequest): void {
  console.error(`viewsets: ${request.method} ${request.path.slice(0, 200)} failed: ${describeFailure(error)}`);
}

/** The settings a router hands its viewsets: the options given, defaults for the rest. */
export function resolveSettings(options: SettingsOptions = {}): ViewSettings {
  return {
    pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
    maxPageSize: options.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustedProxies: options.trustedProxies ?? 0,
    authentication: options.authentication ?? [],
    permissions: options.permissions ?? [],
    throttles: options.throttles ?? [],
    onError: options.onError ?? defaultOnError,
    exceptionHandler: options.exceptionHandler,
    messages: resolveMessages(options.messages),
  };
}

/**
 * The error a failed request is answered with: the `exceptionHandler`'s answer when it gives one,
 * the error itself otherwise; told to `onError` when it is still a server failure (a 500).
 */
export function answeredFailure(error: unknown, request: ApiRequest, settings: ViewSettings): unknown {
  const answered = settings.exceptionHandler?.(error, request) ?? error;
  if (isServerFailure(answered, request)) settings.onError(error, request);
  return answered;
}

import type { ApiRequest, ApiResponse, RequestContext } from "@viewsets/core";

/** A core request as an adapter would build it, with an optional abort signal. */
export function apiRequest(
  method: string,
  path: string,
  options: { body?: unknown; signal?: AbortSignal } = {},
): ApiRequest {
  return {
    method,
    path,
    rawQuery: "",
    headers: options.body === undefined ? {} : { "content-type": "application/json" },
    origin: "http://test",
    remoteAddress: "127.0.0.1",
    body: options.body === undefined ? { kind: "none" } : { kind: "parsed", value: options.body },
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

/** The context a manager gets for a request whose client may go away. */
export function contextWith(signal: AbortSignal): RequestContext {
  return { signal, request: apiRequest("GET", "/"), user: undefined };
}

export function bodyOf(response: ApiResponse | null): Record<string, unknown> {
  if (!response) throw new Error("no route answered");
  return response.body === null ? {} : (JSON.parse(response.body as string) as Record<string, unknown>);
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

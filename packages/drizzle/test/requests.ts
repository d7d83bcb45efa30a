import type { ApiRequest, ApiResponse, RequestContext } from "@viewsets/core";

const encoder = new TextEncoder();

/**
 * A core request as an adapter would build it: `body` as the adapter's parsed JSON, or `text` as
 * the raw bytes a client sent (read by the core), a raw `query`, a signed-in `user`, a `signal`.
 */
export function apiRequest(
  method: string,
  path: string,
  options: { query?: string; body?: unknown; text?: string; user?: unknown; signal?: AbortSignal } = {},
): ApiRequest {
  const { body, text } = options;
  const request: ApiRequest = {
    method,
    path,
    rawQuery: options.query ?? "",
    headers: body === undefined && text === undefined ? {} : { "content-type": "application/json" },
    origin: "http://test",
    remoteAddress: "127.0.0.1",
    body:
      text !== undefined
        ? { kind: "stream", stream: [encoder.encode(text)] as unknown as AsyncIterable<Uint8Array> }
        : body === undefined
          ? { kind: "none" }
          : { kind: "parsed", value: body },
    ...(options.signal ? { signal: options.signal } : {}),
  };
  if (options.user !== undefined) request.user = options.user;
  return request;
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

/** What the drizzle tests add to the core's test kit: a manager's context, a response's JSON, a pause. */
import type { ApiResponse, RequestContext } from "@viewsets/core";
import { coreReply, fakeRequest } from "@viewsets/core/testing";

/** The context a manager gets for a request whose client may go away. */
export function contextWith(signal: AbortSignal): RequestContext {
  return { signal, request: fakeRequest("GET", "/"), user: undefined };
}

export function bodyOf(response: ApiResponse | null): Record<string, unknown> {
  return (coreReply(response).body ?? {}) as Record<string, unknown>;
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

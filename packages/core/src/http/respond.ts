/** Small answers a handler returns: JSON, a problem with a status, no content. */
import { ApiError } from "./errors.js";
import { errorResponse } from "./problem.js";
import type { ApiResponse } from "./request.js";
import { toJSON } from "./json.js";
import { withHeader } from "./header-copy.js";

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** A JSON response: for viewsets and for custom action handlers. */
export function sendJSON(status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers: withHeader(headers, "Content-Type", JSON_CONTENT_TYPE), body: toJSON(body) };
}

/** A problem+json error response with the given status and detail. */
export function sendError(status: number, detail: string, headers: Record<string, string> = {}): ApiResponse {
  return errorResponse(new ApiError(status, detail, headers));
}

export function noContent(headers: Record<string, string> = {}): ApiResponse {
  return { status: 204, headers, body: null };
}

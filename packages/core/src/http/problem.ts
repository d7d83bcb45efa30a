/** Errors as RFC 9457 problem+json answers, in one place. */
import { ApiError, ValidationError } from "./errors.js";
import type { ApiResponse } from "./request.js";
import { toJSON } from "./json.js";
import { withHeader } from "./header-copy.js";

const STATUS_TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  412: "Precondition Failed",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  499: "Client Closed Request",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** An RFC 9457 problem response. */
export function problemResponse(
  status: number,
  detail: string,
  extra?: { errors?: Record<string, string[]>; headers?: Record<string, string> },
): ApiResponse {
  const body: Record<string, unknown> = {
    type: "about:blank",
    title: STATUS_TITLES[status] ?? "Error",
    status,
    detail,
  };
  if (extra?.errors) body.errors = extra.errors;
  return {
    status,
    headers: withHeader(extra?.headers, "Content-Type", PROBLEM_CONTENT_TYPE),
    body: toJSON(body),
  };
}

/** Turns an ApiError into its response; anything else is a 500 that says nothing about its cause. */
export function errorResponse(error: unknown): ApiResponse {
  if (error instanceof ValidationError) {
    return problemResponse(error.status, error.message, { errors: error.errors, headers: error.headers });
  }
  if (error instanceof ApiError) {
    return problemResponse(error.status, error.message, { headers: error.headers });
  }
  return problemResponse(500, "A server error occurred.");
}

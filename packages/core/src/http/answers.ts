/** The answers the router gives on any route: HEAD as GET without its body, and OPTIONS' `Allow`. */
import { type ApiRequest, type ApiResponse, type Handler, withMethod } from "./request.js";
import { withHeader } from "./header-copy.js";

const encoder = new TextEncoder();

/**
 * The answer to HEAD: the GET answer's status and headers, its `Content-Length` the length of the
 * body it leaves out (RFC 9110 §9.3.2), so every adapter reports the same length.
 */
export function headResponse(response: ApiResponse): ApiResponse {
  const { body } = response;
  // A streamed body is never started: its length is not known before it is made.
  if (response.stream) return { status: response.status, headers: response.headers, body: null };
  if (body === null) return response;
  const length = typeof body === "string" ? encoder.encode(body).byteLength : body.byteLength;
  return {
    status: response.status,
    headers: withHeader(response.headers, "Content-Length", String(length)),
    body: null,
  };
}

/**
 * A core handler that an app mounts on a GET route itself (`toExpress`, `toKoa`, `toHono`; an API
 * root beside the router): HEAD runs it as GET, as the router does its own routes, and answers
 * with GET's headers and length and no body, on every adapter alike. (`toFastify` runs it as GET
 * and leaves the body to Fastify's own HEAD route, which sends its length.)
 */
export function runHandler(handler: Handler, request: ApiRequest): Promise<ApiResponse> {
  if (request.method !== "HEAD") return handler(request);
  return handler(withMethod(request, "GET")).then(headResponse);
}

/** The methods a route answers, with HEAD beside GET and OPTIONS, as `Allow` lists them on OPTIONS. */
export function optionsAllow(methods: readonly string[]): string {
  const all = new Set(methods);
  if (all.has("GET")) all.add("HEAD");
  all.add("OPTIONS");
  return [...all].join(", ");
}

import { type ApiRequest, type ApiResponse, type Handler, withMethod } from "../http/request.js";
import { sendJSON } from "../http/respond.js";
import type { ActionRoute } from "../viewsets/actions.js";
import { withHeader } from "../http/header-copy.js";

const encoder = new TextEncoder();

/**
 * The answer to HEAD: the GET answer's status and headers, its `Content-Length` the length of the
 * body it leaves out (RFC 9110 §9.3.2), so every adapter reports the same length.
 */
export function headResponse(response: ApiResponse): ApiResponse {
  const { body } = response;
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

function titleOf(name: string): string {
  const words = name
    .replace(/[-_]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * OPTIONS on a custom action that does not answer OPTIONS itself: `Allow` and a short
 * description, as DRF's metadata; no checks run and no throttle counts it.
 */
export function actionOptions(action: ActionRoute): ApiResponse {
  return sendJSON(
    200,
    {
      name: titleOf(action.name),
      description: action.config.description ?? action.config.summary ?? "",
      renders: ["application/json"],
      parses: ["application/json"],
    },
    { Allow: optionsAllow(action.methods) },
  );
}

/** The API root, as DRF's `DefaultRouter` answers it: a link to each resource of a router, at its prefix. */
import { MethodNotAllowed } from "../http/errors.js";
import { errorResponse } from "../http/problem.js";
import type { ApiRequest, ApiResponse } from "../http/request.js";
import { sendJSON } from "../http/respond.js";
import type { ViewInfo } from "../http/view-info.js";
import type { ActionRoute } from "../viewsets/actions.js";

/** What the root reads of a router's resources: its viewset (or none) and its actions. */
export interface RootEntry {
  readonly resource: string;
  readonly hasViewset: boolean;
  readonly actions: readonly ActionRoute[];
}

/** The root's entries of what `Router.describe()` gives. */
export function rootEntriesOf(
  described: readonly { resource: string; viewset: unknown; actions: readonly ActionRoute[] }[],
): RootEntry[] {
  return described.map(({ resource, viewset, actions }) => ({ resource, hasViewset: !!viewset, actions }));
}

/**
 * The view the root's guards are asked about: the router's own authentication, permissions and
 * throttles run before it answers, as DRF's default ones guard its `APIRootView`.
 */
export const ROOT_VIEW: ViewInfo = { resource: "", action: "api_root", readOnly: true };

const ROOT_METHODS = ["GET", "HEAD", "OPTIONS"];

/** Whether `path` is the router's root: the prefix with or without its slash (`/` for a router without one). */
export function isRootPath(prefix: string, path: string): boolean {
  return path === `${prefix}/` || (prefix !== "" && path === prefix);
}

/**
 * The root's links by name, relative to the prefix: each resource with a viewset (`products/`),
 * in the order registered, then each GET collection action of a resource without one
 * (`schema/openapi.json`) under its action's name, or `resource.name` when that name is taken.
 */
export function rootLinks(entries: readonly RootEntry[]): [name: string, path: string][] {
  const links: [string, string][] = [];
  const taken = new Set<string>();
  for (const entry of entries) {
    if (!entry.hasViewset) continue;
    links.push([entry.resource, `${entry.resource}/`]);
    taken.add(entry.resource);
  }
  for (const entry of entries) {
    if (entry.hasViewset) continue;
    for (const action of entry.actions) {
      if (action.detail || !action.methods.includes("GET")) continue;
      const name = taken.has(action.name) ? `${entry.resource}.${action.name}` : action.name;
      links.push([name, `${entry.resource}/${action.urlPath}`]);
      taken.add(name);
    }
  }
  return links;
}

/**
 * The root's answer: on GET (and HEAD, which the router makes of it), an object of absolute URLs,
 * built from the request's origin as DRF's `reverse` does; on OPTIONS, its metadata; else a 405.
 */
export function apiRootResponse(request: ApiRequest, prefix: string, entries: readonly RootEntry[]): ApiResponse {
  if (request.method === "OPTIONS") {
    const metadata = {
      name: "Api Root",
      description: "A link to each resource of this API.",
      renders: ["application/json"],
      parses: ["application/json"],
    };
    return sendJSON(200, metadata, { Allow: ROOT_METHODS.join(", ") });
  }
  if (request.method !== "GET") return errorResponse(new MethodNotAllowed(request.method, ROOT_METHODS));
  const base = `${request.origin}${prefix}/`;
  return sendJSON(200, Object.fromEntries(rootLinks(entries).map(([name, path]) => [name, base + path])));
}

/** The six routes every viewset serves (method, kind, status, preconditions), read by dispatch, checks and docs. */
import type { ViewAction } from "./view-info.js";

/** Whether a route is served at `{prefix}/{resource}/` or at `{prefix}/{resource}/{id}`. */
export type RouteKind = "list" | "detail";

/** One of the six routes every viewset serves; dispatch, `Allow`, the check and the docs read this table. */
export interface StandardRoute {
  readonly action: ViewAction;
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly kind: RouteKind;
  /** The success status. */
  readonly status: 200 | 201 | 204;
  /** A read-only viewset serves it. */
  readonly readOnly: boolean;
  /** The handler method of `BaseViewSet` that serves it. */
  readonly handler: "list" | "create" | "retrieve" | "update" | "partialUpdate" | "destroy";
  /** The manager methods it calls (what the configuration check requires). */
  readonly needs: readonly ("count" | "all" | "get" | "create" | "update" | "delete")[];
  /**
   * The conditional header it honours (RFC 9110 §13.1): a read's `If-None-Match` answers 304 when
   * it names the answer's ETag (`taggedJSON`), a write's `If-Match` 412 when it names no current
   * one (`checkIfMatch`). The document declares the header, the ETag and the status from this.
   */
  readonly precondition?: "If-None-Match" | "If-Match";
}

export const STANDARD_ROUTES: readonly StandardRoute[] = [
  {
    action: "list",
    method: "GET",
    kind: "list",
    status: 200,
    readOnly: true,
    handler: "list",
    needs: ["count", "all"],
    precondition: "If-None-Match",
  },
  {
    action: "create",
    method: "POST",
    kind: "list",
    status: 201,
    readOnly: false,
    handler: "create",
    needs: ["create"],
  },
  {
    action: "retrieve",
    method: "GET",
    kind: "detail",
    status: 200,
    readOnly: true,
    handler: "retrieve",
    needs: ["get"],
    precondition: "If-None-Match",
  },
  {
    action: "update",
    method: "PUT",
    kind: "detail",
    status: 200,
    readOnly: false,
    handler: "update",
    needs: ["get", "update"],
    precondition: "If-Match",
  },
  {
    action: "partial_update",
    method: "PATCH",
    kind: "detail",
    status: 200,
    readOnly: false,
    handler: "partialUpdate",
    needs: ["get", "update"],
    precondition: "If-Match",
  },
  {
    action: "destroy",
    method: "DELETE",
    kind: "detail",
    status: 204,
    readOnly: false,
    handler: "destroy",
    needs: ["get", "delete"],
    precondition: "If-Match",
  },
];

const byKindAndMethod = new Map(STANDARD_ROUTES.map((route) => [`${route.kind} ${route.method}`, route]));

/** The standard route a method reaches on a list or detail path, if any. */
export function standardRoute(kind: RouteKind, method: string): StandardRoute | undefined {
  return byKindAndMethod.get(`${kind} ${method}`);
}

/** The methods a path of this kind answers: the `Allow` header of a 405. */
export function allowedMethods(kind: RouteKind, readOnly: boolean): string[] {
  return STANDARD_ROUTES.filter((route) => route.kind === kind && (route.readOnly || !readOnly)).map(
    (route) => route.method,
  );
}

/** The routes a viewset serves that call a manager method, for a configuration message ("update and partial_update"). */
export function actionsNeeding(operation: StandardRoute["needs"][number], readOnly: boolean): string {
  const actions = STANDARD_ROUTES.filter(
    (route) => route.needs.includes(operation) && (route.readOnly || !readOnly),
  ).map((route) => route.action);
  return actions.length <= 1 ? actions.join("") : `${actions.slice(0, -1).join(", ")} and ${actions.at(-1)}`;
}

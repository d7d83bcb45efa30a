import type { ApiRequest } from "../http/request.js";

export type ViewAction = "list" | "create" | "retrieve" | "update" | "partial_update" | "destroy";

/** What a permission learns about the view it guards. */
export interface ViewInfo {
  readonly resource: string;
  /** One of the six standard actions, or the name of a custom action run with `checks: true`. */
  readonly action: ViewAction | (string & {});
  readonly readOnly: boolean;
}

/**
 * A permission class: a request-level check (every standard route) and an object-level check
 * (retrieve, update, partial update and destroy, after the object is loaded).
 */
export interface Permission {
  hasPermission?(request: ApiRequest, view: ViewInfo): boolean | Promise<boolean>;
  hasObjectPermission?(request: ApiRequest, view: ViewInfo, obj: unknown): boolean | Promise<boolean>;
  /** The detail of the 403 answer. */
  readonly message?: string;
}

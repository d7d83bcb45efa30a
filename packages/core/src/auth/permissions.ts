/** The interface of a permission class: a check of the request and one of each object. */
import type { ApiRequest } from "../http/request.js";
import type { ViewInfo } from "../http/view-info.js";

export type { ViewAction, ViewInfo } from "../http/view-info.js";

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

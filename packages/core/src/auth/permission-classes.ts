/** DRF's permission classes (allowAny, isAuthenticated, isAdminUser, ...) and the combinators that join them. */
import type { ApiRequest } from "../http/request.js";
import type { Permission, ViewInfo } from "./permissions.js";

type MaybePromise<T> = T | Promise<T>;

/** Methods that only read: `isAuthenticatedOrReadOnly` lets anyone use them. */
export const SAFE_METHODS: readonly string[] = Object.freeze(["GET", "HEAD", "OPTIONS"]);

function isSignedIn(request: ApiRequest): boolean {
  return request.user !== undefined && request.user !== null;
}

/** Every request, signed in or not. */
export const allowAny: Permission = Object.freeze({ hasPermission: () => true });

/** Signed-in requests only (`request.user` is neither undefined nor null). */
export const isAuthenticated: Permission = Object.freeze({
  hasPermission: (request: ApiRequest) => isSignedIn(request),
  message: "Authentication credentials were not provided.",
});

/** Anyone may read (GET, HEAD, OPTIONS); only signed-in requests may write. */
export const isAuthenticatedOrReadOnly: Permission = Object.freeze({
  hasPermission: (request: ApiRequest) => SAFE_METHODS.includes(request.method) || isSignedIn(request),
  message: "Authentication credentials were not provided.",
});

/**
 * Staff only: a user object with `isAdmin === true`, `isStaff === true` or `is_staff === true`
 * (DRF's IsAdminUser reads `is_staff`). Exactly `true`: a truthy string such as "false" does not count.
 */
export const isAdminUser: Permission = Object.freeze({
  hasPermission: (request: ApiRequest) => {
    const user = request.user;
    if (typeof user !== "object" || user === null) return false;
    const flags = user as { isAdmin?: unknown; isStaff?: unknown; is_staff?: unknown };
    return flags.isAdmin === true || flags.isStaff === true || flags.is_staff === true;
  },
  message: "You do not have permission to perform this action.",
});

export interface PermissionDefinition<TObject = unknown> {
  /** Request-level: runs on every standard route, before throttles. Missing means allowed. */
  hasPermission?: (request: ApiRequest, view: ViewInfo) => MaybePromise<boolean>;
  /** Object-level: runs on retrieve, update, partial update and destroy once the object is loaded. Missing means allowed. */
  hasObjectPermission?: (request: ApiRequest, view: ViewInfo, obj: TObject) => MaybePromise<boolean>;
  /** The detail of the 403 answer when this permission denies a signed-in request. */
  message?: string;
}

/**
 * A permission class of your own. `TObject` types the object of `hasObjectPermission`:
 *
 *     const isOwner = definePermission<Order>({
 *       hasObjectPermission: (request, _view, order) => order.ownerId === (request.user as User).id,
 *       message: "Only the owner may do this.",
 *     });
 */
export function definePermission<TObject = unknown>(definition: PermissionDefinition<TObject>): Permission {
  const permission: {
    hasPermission?: Permission["hasPermission"];
    hasObjectPermission?: Permission["hasObjectPermission"];
    message?: string;
  } = {};
  const { hasPermission, hasObjectPermission, message } = definition;
  if (hasPermission) permission.hasPermission = (request, view) => hasPermission(request, view);
  if (hasObjectPermission) {
    permission.hasObjectPermission = (request, view, obj) => hasObjectPermission(request, view, obj as TObject);
  }
  if (message !== undefined) permission.message = message;
  return Object.freeze(permission);
}

const allowed = async (check: (() => MaybePromise<boolean>) | undefined): Promise<boolean> => (check ? check() : true);

/** Allowed when every one allows (DRF's `&`); the message is the first one's that has one. */
export function allOf(...permissions: Permission[]): Permission {
  return definePermission({
    hasPermission: async (request, view) => {
      for (const p of permissions)
        if (!(await allowed(p.hasPermission && (() => p.hasPermission!(request, view))))) return false;
      return true;
    },
    hasObjectPermission: async (request, view, obj) => {
      for (const p of permissions) {
        if (!(await allowed(p.hasObjectPermission && (() => p.hasObjectPermission!(request, view, obj))))) return false;
      }
      return true;
    },
    message: permissions.find((p) => p.message !== undefined)?.message,
  });
}

/**
 * Allowed when any one allows (DRF's `|`). For an object, one permission must allow both the
 * request and the object: "admin or owner" does not let a non-admin edit others' objects.
 */
export function anyOf(...permissions: Permission[]): Permission {
  return definePermission({
    hasPermission: async (request, view) => {
      for (const p of permissions)
        if (await allowed(p.hasPermission && (() => p.hasPermission!(request, view)))) return true;
      return false;
    },
    hasObjectPermission: async (request, view, obj) => {
      for (const p of permissions) {
        if (
          (await allowed(p.hasPermission && (() => p.hasPermission!(request, view)))) &&
          (await allowed(p.hasObjectPermission && (() => p.hasObjectPermission!(request, view, obj))))
        ) {
          return true;
        }
      }
      return false;
    },
    message: permissions.find((p) => p.message !== undefined)?.message,
  });
}

/**
 * The opposite (DRF's `~`). Only the checks the permission has are inverted: `not(isAuthenticated)`
 * does not deny every object, as DRF's `~IsAuthenticated` does.
 */
export function not(permission: Permission, message?: string): Permission {
  const { hasPermission, hasObjectPermission } = permission;
  return definePermission({
    hasPermission: hasPermission && (async (request, view) => !(await hasPermission.call(permission, request, view))),
    hasObjectPermission:
      hasObjectPermission &&
      (async (request, view, obj) => !(await hasObjectPermission.call(permission, request, view, obj))),
    message,
  });
}

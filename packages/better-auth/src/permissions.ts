/**
 * DRF's DjangoModelPermissions on better-auth's roles: the resource is the registered model's
 * name, and the route says which of its permissions a request needs.
 *
 *   list, retrieve (GET, HEAD)       view
 *   create (POST)                    add
 *   update, partial_update (PUT, PATCH)  change
 *   destroy (DELETE)                 delete
 *
 * A custom action (`checks: true`) is not mapped by its method, as DRF does: a POST action such
 * as a discount changes rows, and reading it as `add` would let anyone who may add run it. It
 * needs the permission of its own name on the resource (`products: ["discount"]`), unless
 * `actions` maps it onto others (`actions: { discount: "change" }`). Object-level checks stay the
 * app's: add its own permission beside this one.
 */
import { type ApiRequest, type Permission, SAFE_METHODS, type ViewInfo } from "@viewsets/core";
import type { BetterAuthInstance } from "./instance.js";
import { type ModelAction, type RoleBook, type RoleHolder, roleBookOf } from "./roles.js";
import type { BetterAuthCredentials } from "./authenticators.js";

const STANDARD: Readonly<Record<string, ModelAction>> = {
  list: "view",
  retrieve: "view",
  create: "add",
  update: "change",
  partial_update: "change",
  destroy: "delete",
};

export interface ModelPermissionsOptions {
  /** Custom actions mapped onto the permissions they need: `{ discount: "change" }`, `{ export: ["view", "export"] }`. */
  readonly actions?: Readonly<Record<string, string | readonly string[]>>;
}

const DENIED = "You do not have permission to perform this action.";

/** The permissions a view's action needs on its resource (none for OPTIONS' own `metadata`). */
export function requiredPermissions(view: ViewInfo, options: ModelPermissionsOptions = {}): readonly string[] {
  const standard = STANDARD[view.action];
  if (standard) return [standard];
  if (view.action === "metadata") return [];
  const mapped = options.actions?.[view.action];
  if (mapped !== undefined) return typeof mapped === "string" ? [mapped] : mapped;
  return [view.action];
}

/** Whether an API key limited to some permissions (the api-key plugin's `permissions`) allows them too. */
function keyAllows(auth: unknown, resource: string, actions: readonly string[]): boolean {
  const credentials = auth as BetterAuthCredentials | undefined;
  if (credentials?.kind !== "apiKey") return true;
  const granted = credentials.apiKey.permissions;
  if (!granted) return true;
  const onResource = granted[resource] ?? [];
  return actions.every((action) => onResource.includes(action));
}

function signedIn(request: ApiRequest): request is ApiRequest & { user: RoleHolder } {
  return typeof request.user === "object" && request.user !== null;
}

function check(book: RoleBook, request: ApiRequest, view: ViewInfo, options: ModelPermissionsOptions): boolean {
  if (!signedIn(request)) return false;
  const needed = requiredPermissions(view, options);
  return book.allows(request.user, view.resource, needed) && keyAllows(request.auth, view.resource, needed);
}

/**
 * DRF's DjangoModelPermissions: signed-in users only, each request needing its model permission
 * from the user's roles (better-auth's admin plugin). Anonymous requests are refused (401 or 403).
 */
export function modelPermissions(auth: BetterAuthInstance, options: ModelPermissionsOptions = {}): Permission {
  const book = roleBookOf(auth);
  return Object.freeze({
    hasPermission: (request: ApiRequest, view: ViewInfo) => check(book, request, view, options),
    message: DENIED,
  });
}

/**
 * DRF's DjangoModelPermissionsOrAnonReadOnly: anyone may read (GET, HEAD, OPTIONS), signed in or
 * not (a public read is never taken away by signing in); writes need their model permission.
 */
export function modelPermissionsOrAnonReadOnly(
  auth: BetterAuthInstance,
  options: ModelPermissionsOptions = {},
): Permission {
  const book = roleBookOf(auth);
  return Object.freeze({
    hasPermission: (request: ApiRequest, view: ViewInfo) =>
      SAFE_METHODS.includes(request.method) || check(book, request, view, options),
    message: DENIED,
  });
}

/**
 * What a user may do with a model, for a UI (the admin hides a control the user may not use):
 * `{ view, add, change, delete }`.
 */
export function modelPermissionsOf(
  auth: BetterAuthInstance,
  user: RoleHolder,
  resource: string,
): Record<ModelAction, boolean> {
  const book = roleBookOf(auth);
  return {
    view: book.allows(user, resource, ["view"]),
    add: book.allows(user, resource, ["add"]),
    change: book.allows(user, resource, ["change"]),
    delete: book.allows(user, resource, ["delete"]),
  };
}

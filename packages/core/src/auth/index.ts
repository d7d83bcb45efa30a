/** Authentication and permissions as the core's entry exports them. */
export type { AuthResult, Authenticator } from "./authentication.js";
export type { Permission, ViewAction, ViewInfo } from "./permissions.js";
export {
  type BasicAuthenticationOptions,
  type BearerTokenOptions,
  appUserAuthentication,
  basicAuthentication,
  bearerTokenAuthentication,
} from "./authenticators.js";
export {
  type PermissionDefinition,
  SAFE_METHODS,
  allOf,
  allowAny,
  anyOf,
  definePermission,
  isAdminUser,
  isAuthenticated,
  isAuthenticatedOrReadOnly,
  not,
} from "./permission-classes.js";

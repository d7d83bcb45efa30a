/**
 * @viewsets/better-auth: users, roles and model permissions from better-auth, one sign-in for the
 * REST API and the admin.
 */
export {
  apiKeyAuthentication,
  bearerAuthentication,
  betterAuthentication,
  type BetterAuthCredentials,
  CSRF_HEADER,
  sessionAuthentication,
} from "./authenticators.js";
export { csrfTokenFor, csrfTokenMatches } from "./csrf.js";
export type { BetterAuthInstance } from "./instance.js";
export { AUTH_MIGRATIONS_TABLE, authMigrations, authMigrationsFolder } from "./migrations.js";
export { hashedSessionTokens, hashSessionToken } from "./hashed-sessions.js";
export { asOutage } from "./outage.js";
export {
  modelPermissions,
  modelPermissionsOf,
  modelPermissionsOrAnonReadOnly,
  type ModelPermissionsOptions,
  requiredPermissions,
} from "./permissions.js";
export { PASSWORD_TOO_WEAK, viewsets, type ViewsetsPluginOptions, weakPassword } from "./plugin.js";
export { type PasswordRules, type PasswordUser, passwordProblems } from "./passwords/rules.js";
export {
  MODEL_ACTIONS,
  type ModelAction,
  modelRoles,
  type ModelRolesOptions,
  type ModelRolesResult,
  type RoleBook,
  type RoleHolder,
  roleBookOf,
} from "./roles.js";
export { type AuthSession, type AuthUser, isBanned, openSession, type SignedIn } from "./session.js";
export {
  fetchHeaders,
  INVALID_CREDENTIALS,
  type RequestSession,
  requestSession,
  type SignedInAnswer,
  signIn,
  signOut,
} from "./sign-in.js";
export { authCommands, changePasswordCommand, createSuperuserCommand, setRoleCommand } from "./commands/index.js";

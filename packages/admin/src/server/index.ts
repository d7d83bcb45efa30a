/** `@viewsets/admin`: what an app imports to build, register and mount the admin. */
export { Admin, createAdmin } from "./admin.js";
export type { AdminOptions } from "./options.js";
export type { AdminUsers } from "./auth.js";
export type { AccountSession, AdminAccounts, AdminPrincipal, ModelPermissions } from "./principal.js";
export {
  type AdminAction,
  type ColumnValue,
  type ComputedColumn,
  adminAction,
  type RowAction,
  type SelectionAction,
  CHOICE_WIDGETS,
  type ListDisplayEntry,
  type ListFilterEntry,
  type ModelConfig,
  WIDGETS_BY_TYPE,
  type Widget,
} from "./config.js";
export { CONTENT_SECURITY_POLICY } from "./assets.js";
export { adminPagination, type CountMode } from "./count-pagination.js";
export { ADMIN_MIGRATIONS_TABLE, adminMigrations, adminMigrationsFolder, ensureAdminTables } from "./migrations.js";
export type { AdminDatabase } from "./statements.js";
export type {
  AdminUserDirectory,
  ManagedUser,
  NewUser,
  RoleDescription,
  UserQuery,
} from "./users-api.js";

/**
 * Roles and model permissions on better-auth's access control (its admin plugin's `ac` and
 * `roles`): each registered model is a resource whose actions are Django's `view`, `add`,
 * `change` and `delete`, plus any custom action named for itself.
 *
 * A user's `role` may name several roles ("editor,support"); any of them may grant. A user whose
 * role is one of the admin plugin's `adminRoles` (default `admin`), or whose id is in its
 * `adminUserIds`, is a superuser: every permission, as Django's `is_superuser`.
 */
import { ConfigurationError } from "@viewsets/core";
import { type AccessControl, createAccessControl, type Role } from "better-auth/plugins/access";
import { adminAc, defaultStatements } from "better-auth/plugins/admin/access";
import { type BetterAuthInstance, pluginOf } from "./instance.js";

/** Django's four model permissions. */
export const MODEL_ACTIONS = ["view", "add", "change", "delete"] as const;
export type ModelAction = (typeof MODEL_ACTIONS)[number];

/** Who holds what: read from the admin plugin's options once, when a permission is made. */
export interface RoleBook {
  /** Every permission (an admin role or an admin user id). */
  isSuperuser(user: RoleHolder): boolean;
  /** Whether the user's roles grant every one of `actions` on `resource`. */
  allows(user: RoleHolder, resource: string, actions: readonly string[]): boolean;
  /** Whether the user holds any permission at all (Django's `is_staff`, for the admin). */
  isStaff(user: RoleHolder): boolean;
}

export interface RoleHolder {
  readonly id?: unknown;
  readonly role?: unknown;
}

interface AdminPluginOptions {
  readonly roles?: Readonly<Record<string, Role>>;
  readonly adminRoles?: string | readonly string[];
  readonly adminUserIds?: readonly string[];
  readonly defaultRole?: string;
}

const listOf = (value: string | readonly string[]): string[] =>
  (typeof value === "string" ? value.split(",") : [...value]).map((name) => name.trim()).filter(Boolean);

const books = new WeakMap<BetterAuthInstance, RoleBook>();

/** The role book of an instance: its admin plugin's roles (better-auth's defaults without `roles`). */
export function roleBookOf(auth: BetterAuthInstance): RoleBook {
  let book = books.get(auth);
  if (!book) {
    book = readRoleBook(auth);
    books.set(auth, book);
  }
  return book;
}

function readRoleBook(auth: BetterAuthInstance): RoleBook {
  const plugin = pluginOf(auth, "admin");
  if (!plugin) {
    throw new ConfigurationError(
      "@viewsets/better-auth: model permissions need better-auth's admin plugin (roles): add admin({ ac, roles }) to betterAuth({ plugins })",
    );
  }
  const options = (plugin.options ?? {}) as AdminPluginOptions;
  const roles: Readonly<Record<string, Role>> = options.roles ?? { admin: adminAc };
  const adminRoles = new Set(listOf(options.adminRoles ?? ["admin"]));
  const adminIds = new Set(options.adminUserIds ?? []);
  const defaultRole = options.defaultRole ?? "user";
  const rolesOf = (user: RoleHolder): string[] =>
    listOf(typeof user.role === "string" && user.role !== "" ? user.role : defaultRole);
  const isSuperuser = (user: RoleHolder) =>
    (typeof user.id === "string" && adminIds.has(user.id)) || rolesOf(user).some((name) => adminRoles.has(name));
  return {
    isSuperuser,
    allows(user, resource, actions) {
      if (isSuperuser(user)) return true;
      if (actions.length === 0) return true;
      return rolesOf(user).some((name) => roles[name]?.authorize({ [resource]: [...actions] }).success === true);
    },
    isStaff(user) {
      if (isSuperuser(user)) return true;
      return rolesOf(user).some((name) =>
        Object.values((roles[name]?.statements ?? {}) as Record<string, readonly string[]>).some((a) => a.length > 0),
      );
    },
  };
}

export interface ModelRolesOptions<Model extends string> {
  /** The registered models (the router's resource names), or each with its custom actions. */
  readonly models: readonly Model[] | Readonly<Record<Model, readonly string[]>>;
  /** Each role's permissions per model, e.g. `editor: { products: ["view", "add", "change"] }`. */
  readonly roles?: Readonly<Record<string, Partial<Record<Model, readonly string[]>>>>;
}

export interface ModelRolesResult {
  readonly ac: AccessControl;
  readonly roles: Record<string, Role>;
  /** Each model's actions: Django's four and its custom ones. */
  readonly statements: Record<string, readonly string[]>;
}

/**
 * The admin plugin's `ac` and `roles` for model permissions: `admin` holds every model action and
 * better-auth's own user and session permissions, `user` (the default role) none, and each role
 * of `options.roles` what it names. Pass both to `admin({ ac, roles })`. The return type is spelled
 * out: the one TypeScript infers is printed into the .d.ts without the models' statements, and
 * `admin({ ac })` did not compile against the published package.
 */
export function modelRoles<Model extends string>(options: ModelRolesOptions<Model>): ModelRolesResult {
  const custom: Record<string, readonly string[]> = Array.isArray(options.models)
    ? {}
    : (options.models as Record<string, readonly string[]>);
  const names: readonly string[] = Array.isArray(options.models) ? options.models : Object.keys(options.models);
  const statements: Record<string, readonly string[]> = {};
  for (const name of names) statements[name] = [...MODEL_ACTIONS, ...(custom[name] ?? [])];
  const problems: string[] = [];
  for (const [role, grants] of Object.entries(options.roles ?? {})) {
    for (const [model, actions] of Object.entries(grants as Record<string, readonly string[]>)) {
      if (!statements[model]) problems.push(`role ${role}: unknown model ${model}`);
      else
        for (const a of actions)
          if (!statements[model].includes(a)) problems.push(`role ${role}: unknown action ${model}.${a}`);
    }
  }
  if (problems.length > 0) throw new ConfigurationError(`@viewsets/better-auth: ${problems.join("; ")}`);
  const ac = createAccessControl({ ...defaultStatements, ...statements });
  const roles: Record<string, Role> = {
    admin: ac.newRole({ ...adminAc.statements, ...statements }),
    user: ac.newRole({}),
  };
  for (const [role, grants] of Object.entries(options.roles ?? {})) roles[role] = ac.newRole(grants as never);
  return { ac, roles, statements };
}

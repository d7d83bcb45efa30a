/**
 * The admin's Users page on better-auth's admin plugin: each change is the plugin's own route
 * (create-user, set-role, ban-user, unban-user, set-user-password, revoke-user-sessions) called
 * as the signed-in user, so better-auth checks their permission again; the list reads the user
 * table through better-auth's adapter (its list route cannot search usernames).
 */
import { type ApiRequest, NotAuthenticated, NotFound, PermissionDenied, ValidationError } from "@viewsets/core";
import { asOutage, type AuthUser, type BetterAuthInstance, fetchHeaders, type RoleBook } from "@viewsets/better-auth";
import { isAPIError } from "better-auth/api";
import type { AdminUserDirectory, ManagedUser, RoleDescription } from "../server/index.js";

type Where = { field: string; value: string | boolean; operator?: string; connector?: "AND" | "OR" };

interface Internals {
  readonly adapter: {
    findMany<T>(query: {
      model: string;
      where?: Where[];
      limit?: number;
      offset?: number;
      sortBy?: object;
    }): Promise<T[]>;
    count(query: { model: string; where?: Where[] }): Promise<number>;
  };
  readonly internalAdapter: { listSessions(userId: string): Promise<unknown[]> };
}

interface AdminPluginOptions {
  readonly roles?: Readonly<Record<string, { readonly statements: Readonly<Record<string, readonly string[]>> }>>;
  readonly adminRoles?: string | readonly string[];
}

function managed(user: AuthUser & { banReason?: string | null }): ManagedUser {
  return {
    id: user.id,
    username: user.username ?? user.email,
    email: user.email,
    name: user.name,
    role: user.role ?? "user",
    banned: user.banned === true,
    banReason: user.banReason ?? null,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

/** better-auth's refusal as the core's error: a 400 names its fields where it can. */
function refusal(error: unknown): unknown {
  if (!isAPIError(error)) return asOutage(error);
  const body = (error.body ?? {}) as { code?: string; message?: string; errors?: Record<string, string[]> };
  const message = body.message ?? "The request was refused.";
  if (error.statusCode === 401) return new NotAuthenticated();
  if (error.statusCode === 403) return new PermissionDenied(message);
  if (error.statusCode === 404) return new NotFound(message);
  if (body.errors) return new ValidationError(body.errors);
  if (body.code?.startsWith("USERNAME")) return new ValidationError({ username: [message] });
  if (body.code === "USER_ALREADY_EXISTS" || body.code?.includes("EMAIL"))
    return new ValidationError({ email: [message] });
  if (body.code?.includes("ROLE") || body.code?.includes("NON_EXISTENT"))
    return new ValidationError({ role: [message] });
  return new ValidationError({ non_field_errors: [message] });
}

/** The Users page's user management for a better-auth instance with the admin plugin. */
export function betterAuthUsers(auth: BetterAuthInstance, book: RoleBook): AdminUserDirectory<AuthUser> {
  const plugin = (auth.options.plugins as { id: string; options?: unknown }[] | undefined)?.find(
    (p) => p.id === "admin",
  );
  const options = (plugin?.options ?? {}) as AdminPluginOptions;
  const adminRoles = new Set([options.adminRoles ?? ["admin"]].flat().flatMap((r) => r.split(",")));
  const call = async <Out>(name: string, request: ApiRequest, body: object): Promise<Out> => {
    const method = (auth.api as Record<string, (input: object) => Promise<Out>>)[name]!;
    try {
      return await method({ body, headers: fetchHeaders(request) });
    } catch (error) {
      throw refusal(error);
    }
  };
  const internals = () => auth.$context as Promise<Internals>;
  const known = async (id: string) => {
    const { adapter } = await internals();
    if ((await adapter.count({ model: "user", where: [{ field: "id", value: id }] })) === 0) throw new NotFound();
  };
  return {
    mayManage: (user) => book.allows(user, "user", ["list"]),
    async list(_request, query) {
      const { adapter } = await internals();
      const where: Where[] = [];
      if (query.role !== undefined) where.push({ field: "role", value: query.role });
      if (query.banned !== undefined) where.push({ field: "banned", value: query.banned });
      if (query.search !== undefined) {
        for (const field of ["username", "email", "name"]) {
          where.push({ field, value: query.search.toLowerCase(), operator: "contains", connector: "OR" });
        }
      }
      try {
        const [count, rows] = await Promise.all([
          adapter.count({ model: "user", where }),
          adapter.findMany<AuthUser>({
            model: "user",
            where,
            limit: query.limit,
            offset: query.offset,
            sortBy: { field: "createdAt", direction: "asc" },
          }),
        ]);
        return { count, results: rows.map(managed) };
      } catch (error) {
        throw refusal(error);
      }
    },
    async create(request, user) {
      const created = await call<{ user: AuthUser }>("createUser", request, {
        email: user.email,
        name: user.name,
        password: user.password,
        role: user.role,
        data: { username: user.username, displayUsername: user.username },
      });
      return managed(created.user);
    },
    async setRole(request, id, role) {
      await known(id);
      await call("setRole", request, { userId: id, role: role.split(",").map((r) => r.trim()) });
    },
    async ban(request, id, reason) {
      await known(id);
      await call("banUser", request, { userId: id, ...(reason === null ? {} : { banReason: reason }) });
    },
    async unban(request, id) {
      await known(id);
      await call("unbanUser", request, { userId: id });
    },
    async setPassword(request, id, password) {
      await known(id);
      await call("setUserPassword", request, { userId: id, newPassword: password });
      // A new password ends the sessions the old one opened, as Django's password change does.
      await call("revokeUserSessions", request, { userId: id });
    },
    async endSessions(request, id) {
      await known(id);
      const sessions = await (await internals()).internalAdapter.listSessions(id);
      await call("revokeUserSessions", request, { userId: id });
      return sessions.length;
    },
    roles(): RoleDescription[] {
      return Object.entries(options.roles ?? {}).map(([name, role]) => ({
        name,
        superuser: adminRoles.has(name),
        permissions: role.statements,
      }));
    },
  };
}

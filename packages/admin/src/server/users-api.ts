/**
 * The admin's Users page API, `/api/users/...`, over an auth library's user management (better-auth's
 * admin plugin): the list with search and filters, create, set a role, ban and unban, set a
 * password, end a user's sessions, and the roles with their permissions per model.
 */
import {
  type ApiRequest,
  type ApiResponse,
  MethodNotAllowed,
  NotFound,
  noContent,
  PermissionDenied,
  sendJSON,
  ValidationError,
} from "@viewsets/core";
import { queryParamsOf, readJSONBody } from "@viewsets/core/internals";
import type { ManagedUser, RoleDescription } from "../shared/users.js";

export type { ManagedUser, RoleDescription };

export interface UserQuery {
  /** Matches the username, email or name (case-insensitive, anywhere). */
  readonly search?: string;
  readonly role?: string;
  readonly banned?: boolean;
  readonly limit: number;
  readonly offset: number;
}

export interface NewUser {
  readonly username: string;
  readonly email: string;
  readonly name: string;
  readonly password: string;
  readonly role: string;
}

/**
 * User management from an auth library: each write runs as the signed-in user (`request`), who
 * the library checks again. Errors are the core's (400 with fields, 403, 404).
 */
export interface AdminUserDirectory<User> {
  /** Whether the signed-in user may open the Users page. */
  mayManage(user: User): boolean;
  list(request: ApiRequest, query: UserQuery): Promise<{ count: number; results: ManagedUser[] }>;
  create(request: ApiRequest, user: NewUser): Promise<ManagedUser>;
  setRole(request: ApiRequest, id: string, role: string): Promise<void>;
  ban(request: ApiRequest, id: string, reason: string | null): Promise<void>;
  unban(request: ApiRequest, id: string): Promise<void>;
  setPassword(request: ApiRequest, id: string, password: string): Promise<void>;
  /** Ends every session of the user; how many there were. */
  endSessions(request: ApiRequest, id: string): Promise<number>;
  roles(): readonly RoleDescription[];
}

const PAGE_SIZE = 25;

type Fields = Record<string, unknown>;

async function bodyOf(request: ApiRequest, bodyLimit: number): Promise<Fields> {
  const body = await readJSONBody(request, bodyLimit);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ValidationError({ non_field_errors: ["Expected a JSON object."] });
  }
  return body as Fields;
}

/** The named fields as text: 400 naming each missing, non-text or overlong one. */
function texts<Name extends string>(body: Fields, names: readonly Name[], optional: readonly Name[] = []) {
  const errors: Record<string, string[]> = {};
  const values = {} as Record<Name, string>;
  for (const name of names) {
    const value = body[name] ?? (optional.includes(name) ? "" : undefined);
    if (typeof value !== "string" || (value.trim() === "" && !optional.includes(name))) {
      errors[name] = ["This field is required."];
    } else if (value.length > 1024) {
      errors[name] = ["Ensure this field has no more than 1024 characters."];
    } else values[name] = value;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return values;
}

function listQuery(request: ApiRequest): UserQuery {
  const params = queryParamsOf(request);
  const first = (name: string) => params.get(name)?.[0];
  const page = Number(first("page") ?? 1);
  if (!Number.isSafeInteger(page) || page < 1) throw new NotFound("Invalid page.");
  const banned = first("banned");
  if (banned !== undefined && banned !== "true" && banned !== "false") {
    throw new ValidationError({ banned: ["Must be true or false."] });
  }
  return {
    search: first("search")?.trim() || undefined,
    role: first("role") || undefined,
    banned: banned === undefined ? undefined : banned === "true",
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  };
}

/** `/api/users`, `/api/users/{id}`, `/api/users/{id}/password`, `/api/users/{id}/sessions` and `/api/roles`. */
export async function serveUsers<User>(
  directory: AdminUserDirectory<User>,
  user: User,
  request: ApiRequest,
  segments: readonly string[],
  bodyLimit: number,
): Promise<ApiResponse> {
  if (!directory.mayManage(user)) throw new PermissionDenied("You may not manage users.");
  const [first, id, what] = segments;
  const { method } = request;
  if (first === "roles" && segments.length === 1) {
    if (method !== "GET") throw new MethodNotAllowed(method, ["GET"]);
    return sendJSON(200, { roles: directory.roles(), pageSize: PAGE_SIZE });
  }
  if (first !== "users" || segments.length > 3) throw new NotFound();
  if (id === undefined) {
    if (method === "GET") return sendJSON(200, await directory.list(request, listQuery(request)));
    if (method !== "POST") throw new MethodNotAllowed(method, ["GET", "POST"]);
    const body = await bodyOf(request, bodyLimit);
    const fields = texts(body, ["username", "email", "name", "password", "role"], ["name"]);
    return sendJSON(201, await directory.create(request, { ...fields, name: fields.name || fields.username }));
  }
  if (what === undefined) {
    if (method !== "PATCH") throw new MethodNotAllowed(method, ["PATCH"]);
    const body = await bodyOf(request, bodyLimit);
    if (body.role !== undefined) await directory.setRole(request, id, texts(body, ["role"]).role);
    if (body.banned === true) {
      const reason = typeof body.banReason === "string" && body.banReason.trim() !== "" ? body.banReason : null;
      await directory.ban(request, id, reason);
    } else if (body.banned === false) await directory.unban(request, id);
    else if (body.banned !== undefined) throw new ValidationError({ banned: ["Must be true or false."] });
    return noContent();
  }
  if (what === "password") {
    if (method !== "POST") throw new MethodNotAllowed(method, ["POST"]);
    await directory.setPassword(request, id, texts(await bodyOf(request, bodyLimit), ["password"]).password);
    return noContent();
  }
  if (what === "sessions") {
    if (method !== "DELETE") throw new MethodNotAllowed(method, ["DELETE"]);
    return sendJSON(200, { ended: await directory.endSessions(request, id) });
  }
  throw new NotFound();
}

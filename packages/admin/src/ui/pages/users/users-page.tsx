/**
 * The Users page (better-auth's admin plugin behind the admin's API): users with search and
 * filters, each with its role, ban or unban, a new password and "End sessions"; a form to add
 * one; and what each role may do per model.
 */
import { useEffect, useState } from "preact/hooks";
import { api, messageOf } from "../../api.js";
import { flash } from "../../state.js";
import { NewUserForm } from "./new-user-form.js";
import { RolesTable } from "./roles-table.js";
import { type ManagedUser, manageableRoles, type UsersPage as Page } from "./users-api.js";

interface Filters {
  readonly search: string;
  readonly role: string;
  readonly banned: string;
  readonly page: number;
}

function queryOf(filters: Filters): string {
  const params = new URLSearchParams();
  if (filters.search.trim() !== "") params.set("search", filters.search.trim());
  if (filters.role !== "") params.set("role", filters.role);
  if (filters.banned !== "") params.set("banned", filters.banned);
  if (filters.page > 1) params.set("page", String(filters.page));
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

/** One change to a user, then the list again; its outcome is announced. */
async function act(run: () => Promise<unknown>, done: string, reload: () => void): Promise<void> {
  try {
    await run();
    flash.value = done;
  } catch (error) {
    flash.value = messageOf(error);
  }
  reload();
}

function UserRow(props: { user: ManagedUser; reload: () => void }) {
  const { user, reload } = props;
  const [password, setPassword] = useState<string | null>(null);
  const roles = manageableRoles.value ?? [];
  const path = `/users/${encodeURIComponent(user.id)}`;
  const patch = (body: object, done: string) => act(() => api(path, { method: "PATCH", body }), done, reload);
  return (
    <tr>
      <th scope="row">{user.username}</th>
      <td>{user.email}</td>
      <td>
        <select
          aria-label={`Role of ${user.username}`}
          value={user.role}
          onChange={(event) => {
            const role = (event.target as HTMLSelectElement).value;
            void patch({ role }, `${user.username} now has the role ${role}.`);
          }}
        >
          {[...new Set([user.role, ...roles.map((role) => role.name)])].map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </td>
      <td>{user.banned ? `Banned${user.banReason ? ` (${user.banReason})` : ""}` : "Active"}</td>
      <td>
        <div class="user-actions">
          {user.banned ? (
            <button type="button" onClick={() => patch({ banned: false }, `${user.username} may sign in again.`)}>
              Unban {user.username}
            </button>
          ) : (
            <button
              type="button"
              class="danger"
              onClick={() => patch({ banned: true }, `${user.username} is banned and signed out.`)}
            >
              Ban {user.username}
            </button>
          )}
          <button
            type="button"
            onClick={() =>
              act(
                () => api(`${path}/sessions`, { method: "DELETE" }),
                `${user.username} was signed out everywhere.`,
                reload,
              )
            }
          >
            End sessions of {user.username}
          </button>
          {password === null ? (
            <button type="button" onClick={() => setPassword("")}>
              Reset password of {user.username}
            </button>
          ) : (
            <form
              class="inline-form"
              onSubmit={(event) => {
                event.preventDefault();
                void act(
                  () => api(`${path}/password`, { method: "POST", body: { password } }),
                  `${user.username}'s password was changed and their sessions ended.`,
                  reload,
                ).then(() => setPassword(null));
              }}
            >
              <label for={`password-${user.id}`}>New password for {user.username}</label>
              <input
                id={`password-${user.id}`}
                type="password"
                autocomplete="new-password"
                required
                value={password}
                onInput={(event) => setPassword((event.target as HTMLInputElement).value)}
              />
              <button type="submit">Set password</button>
            </form>
          )}
        </div>
      </td>
    </tr>
  );
}

export function UsersPage() {
  const [filters, setFilters] = useState<Filters>({ search: "", role: "", banned: "", page: 1 });
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const roles = manageableRoles.value ?? [];
  const reload = () => setVersion((n) => n + 1);
  useEffect(() => {
    const controller = new AbortController();
    api<Page>(`/users${queryOf(filters)}`, { signal: controller.signal })
      .then((answer) => {
        setPage(answer);
        setError(null);
      })
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(caught));
      });
    return () => controller.abort();
  }, [filters, version]);
  const set = (change: Partial<Filters>) => setFilters({ ...filters, page: 1, ...change });
  const pages = page ? Math.max(1, Math.ceil(page.count / 25)) : 1;

  return (
    <div class="users-page">
      <h1 tabIndex={-1}>Users</h1>
      <search class="user-filters" aria-label="Find users">
        <label for="user-search">Search users</label>
        <input
          id="user-search"
          type="search"
          value={filters.search}
          onInput={(e) => set({ search: (e.target as HTMLInputElement).value })}
        />
        <label for="user-role-filter">Filter by role</label>
        <select
          id="user-role-filter"
          value={filters.role}
          onChange={(e) => set({ role: (e.target as HTMLSelectElement).value })}
        >
          <option value="">All roles</option>
          {roles.map((role) => (
            <option key={role.name} value={role.name}>
              {role.name}
            </option>
          ))}
        </select>
        <label for="user-banned-filter">Filter by status</label>
        <select
          id="user-banned-filter"
          value={filters.banned}
          onChange={(e) => set({ banned: (e.target as HTMLSelectElement).value })}
        >
          <option value="">Everyone</option>
          <option value="false">Active</option>
          <option value="true">Banned</option>
        </select>
      </search>
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      <table class="results" aria-label="Users" aria-busy={page === null ? "true" : undefined}>
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {page?.results.map((user) => (
            <UserRow key={`${user.id}:${user.role}:${user.banned}`} user={user} reload={reload} />
          ))}
        </tbody>
      </table>
      <p class="page-summary">
        {page ? `${page.count} user${page.count === 1 ? "" : "s"}` : "Loading…"}
        {pages > 1 && (
          <>
            {" "}
            <button
              type="button"
              disabled={filters.page <= 1}
              onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
            >
              Previous page
            </button>
            <button
              type="button"
              disabled={filters.page >= pages}
              onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
            >
              Next page
            </button>
          </>
        )}
      </p>
      <NewUserForm roles={roles} onCreated={reload} />
      <RolesTable roles={roles} />
    </div>
  );
}

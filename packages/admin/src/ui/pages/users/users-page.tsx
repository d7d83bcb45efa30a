/**
 * The Users page (better-auth's admin plugin behind the admin's API): users with search and
 * filters, each with its role, ban or unban, a new password and "End sessions"; a form to add
 * one; and what each role may do per model.
 */
import { t } from "../../i18n/t.js";
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
          aria-label={t("users.roleOf", { user: user.username })}
          value={user.role}
          onChange={(event) => {
            const role = (event.target as HTMLSelectElement).value;
            void patch({ role }, t("users.nowRole", { user: user.username, role }));
          }}
        >
          {[...new Set([user.role, ...roles.map((role) => role.name)])].map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </td>
      <td>
        {user.banned
          ? user.banReason
            ? t("users.bannedBecause", { reason: user.banReason })
            : t("users.banned")
          : t("users.active")}
      </td>
      <td>
        <div class="user-actions">
          {user.banned ? (
            <button
              type="button"
              onClick={() => patch({ banned: false }, t("users.unbanned", { user: user.username }))}
            >
              {t("users.unban", { user: user.username })}
            </button>
          ) : (
            <button
              type="button"
              class="danger"
              onClick={() => patch({ banned: true }, t("users.bannedDone", { user: user.username }))}
            >
              {t("users.ban", { user: user.username })}
            </button>
          )}
          <button
            type="button"
            onClick={() =>
              act(
                () => api(`${path}/sessions`, { method: "DELETE" }),
                t("users.sessionsEnded", { user: user.username }),
                reload,
              )
            }
          >
            {t("users.endSessions", { user: user.username })}
          </button>
          {password === null ? (
            <button type="button" onClick={() => setPassword("")}>
              {t("users.resetPassword", { user: user.username })}
            </button>
          ) : (
            <form
              class="inline-form"
              onSubmit={(event) => {
                event.preventDefault();
                void act(
                  () => api(`${path}/password`, { method: "POST", body: { password } }),
                  t("users.passwordChanged", { user: user.username }),
                  reload,
                ).then(() => setPassword(null));
              }}
            >
              <label for={`password-${user.id}`}>{t("users.newPassword", { user: user.username })}</label>
              <input
                id={`password-${user.id}`}
                type="password"
                autocomplete="new-password"
                required
                value={password}
                onInput={(event) => setPassword((event.target as HTMLInputElement).value)}
              />
              <button type="submit">{t("users.setPassword")}</button>
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
      <h1 tabIndex={-1}>{t("users.heading")}</h1>
      <search class="user-filters" aria-label={t("users.find")}>
        <label for="user-search">{t("users.search")}</label>
        <input
          id="user-search"
          type="search"
          value={filters.search}
          onInput={(e) => set({ search: (e.target as HTMLInputElement).value })}
        />
        <label for="user-role-filter">{t("users.byRole")}</label>
        <select
          id="user-role-filter"
          value={filters.role}
          onChange={(e) => set({ role: (e.target as HTMLSelectElement).value })}
        >
          <option value="">{t("users.allRoles")}</option>
          {roles.map((role) => (
            <option key={role.name} value={role.name}>
              {role.name}
            </option>
          ))}
        </select>
        <label for="user-banned-filter">{t("users.byStatus")}</label>
        <select
          id="user-banned-filter"
          value={filters.banned}
          onChange={(e) => set({ banned: (e.target as HTMLSelectElement).value })}
        >
          <option value="">{t("users.everyone")}</option>
          <option value="false">{t("users.active")}</option>
          <option value="true">{t("users.banned")}</option>
        </select>
      </search>
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      <table class="results" aria-label={t("users.heading")} aria-busy={page === null ? "true" : undefined}>
        <thead>
          <tr>
            <th scope="col">{t("users.username")}</th>
            <th scope="col">{t("users.email")}</th>
            <th scope="col">{t("users.role")}</th>
            <th scope="col">{t("users.status")}</th>
            <th scope="col">{t("users.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {page?.results.map((user) => (
            <UserRow key={`${user.id}:${user.role}:${user.banned}`} user={user} reload={reload} />
          ))}
        </tbody>
      </table>
      <p class="page-summary">
        {page ? t("users.count", { count: page.count }) : t("app.loading")}
        {pages > 1 && (
          <>
            {" "}
            <button
              type="button"
              disabled={filters.page <= 1}
              onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
            >
              {t("users.previous")}
            </button>
            <button
              type="button"
              disabled={filters.page >= pages}
              onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
            >
              {t("users.next")}
            </button>
          </>
        )}
      </p>
      <NewUserForm roles={roles} onCreated={reload} />
      <RolesTable roles={roles} />
    </div>
  );
}

/** The Users page's view of the admin's `/api/users` and `/api/roles`: its types and the signal of the roles. */
import { signal } from "@preact/signals";
import type { ManagedUser, RoleDescription } from "../../../shared/users.js";
import { api } from "../../api.js";

export type { ManagedUser, RoleDescription };

export interface UsersPage {
  readonly count: number;
  readonly results: readonly ManagedUser[];
}

/** The roles, when the signed-in user may manage users; null when not (no Users page, no link). */
export const manageableRoles = signal<readonly RoleDescription[] | null>(null);

/** Asks whether the user may manage users (the roles answer 200) and keeps the roles. */
export async function loadRoles(): Promise<void> {
  try {
    manageableRoles.value = (await api<{ roles: RoleDescription[] }>("/roles")).roles;
  } catch {
    // 403 (not allowed) or 404 (the admin's users are the app's own): no Users page.
    manageableRoles.value = null;
  }
}

/**
 * The Users page's wire forms: a user as `/api/users` lists it and a role as `/api/roles` describes
 * it, one definition for the server that answers and the UI that draws them (this file imports
 * nothing, so both builds can read it).
 */

/** A user as the Users page shows it. */
export interface ManagedUser {
  readonly id: string;
  readonly username: string;
  readonly email: string;
  readonly name: string;
  readonly role: string;
  readonly banned: boolean;
  readonly banReason: string | null;
  readonly createdAt: string;
}

/** A role and what it may do with each model (`{ products: ["view", "add"] }`); a superuser may do everything. */
export interface RoleDescription {
  readonly name: string;
  readonly superuser: boolean;
  readonly permissions: Readonly<Record<string, readonly string[]>>;
}

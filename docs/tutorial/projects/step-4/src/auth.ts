// The library's users: better-auth with its tables in the library's database, and the roles that say who may do what.
import { authMigrations, modelRoles, viewsets } from "@viewsets/better-auth";
import * as authSchema from "@viewsets/better-auth/schema/sqlite";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, bearer, username } from "better-auth/plugins";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { LibraryDatabase } from "./db.js";

// Each table is a resource with view, add, change and delete. "admin" holds them all, "user" (anyone signed up) none.
const { ac, roles } = modelRoles({
  models: ["authors", "books", "loans"],
  roles: {
    librarian: {
      authors: ["view", "add", "change", "delete"],
      books: ["view", "add", "change", "delete"],
      loans: ["view", "add", "change", "delete"],
    },
    member: { authors: ["view"], books: ["view"], loans: ["view", "add"] },
  },
});

export function createAuth(db: LibraryDatabase) {
  migrate(db, authMigrations("sqlite")); // better-auth's tables: auth_user, auth_session, ...
  return betterAuth({
    database: drizzleAdapter(db, { provider: "sqlite", schema: authSchema }),
    emailAndPassword: { enabled: true },
    // username(): sign in by name; admin(): roles; bearer(): tokens for API clients; viewsets(): password rules, CSRF.
    plugins: [username(), admin({ ac, roles }), bearer(), viewsets()],
  });
}

export type LibraryAuth = ReturnType<typeof createAuth>;

// The library's admin at /admin: librarians sign in with their better-auth username and password.
import { adminMigrations, createAdmin } from "@viewsets/admin";
import { roleBookOf } from "@viewsets/better-auth";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { LibraryViewSets } from "./app.js";
import type { LibraryAuth } from "./auth.js";
import type { LibraryDatabase } from "./db.js";

export function createLibraryAdmin(db: LibraryDatabase, auth: LibraryAuth, viewsets: LibraryViewSets) {
  migrate(db, adminMigrations("sqlite")); // the admin's sessions and saved views, after the app's own tables
  const admin = createAdmin({
    db,
    users: {
      // better-auth checks the password; the admin keeps sessions of its own, so better-auth's is dropped at once.
      verify: async (username, password) => {
        try {
          const { token, user } = await auth.api.signInUsername({ body: { username, password } });
          await (await auth.$context).internalAdapter.deleteSession(token);
          return user;
        } catch {
          return null; // a wrong name or password: the admin answers one 401 for both
        }
      },
      get: async (id) => (await auth.$context).internalAdapter.findUserById(String(id)),
      // Staff: whoever may change books (librarians and admins; a user may hold several roles).
      isStaff: (user) => roleBookOf(auth).allows(user, "books", ["change"]),
    },
  });
  const { authors, books, loans } = viewsets;
  admin.register("authors", {
    model: authors.options.model,
    queryset: authors.options.queryset,
    listDisplay: ["id", "name", "born"],
    searchFields: ["name"],
    ordering: ["name"],
  });
  admin.register("books", {
    model: books.options.model,
    queryset: books.options.queryset,
    listDisplay: ["id", "title", "authorId", "published", "isbn"],
    listFilter: ["authorId", "published"],
    searchFields: ["title", "isbn"],
    ordering: ["title"],
    labelField: "title",
  });
  admin.register("loans", {
    model: loans.options.model,
    queryset: loans.options.queryset,
    listDisplay: ["id", "bookId", "borrower", "loanedAt", "returned"],
    listFilter: ["returned", "loanedAt"],
    ordering: ["-loanedAt"],
  });
  return admin;
}

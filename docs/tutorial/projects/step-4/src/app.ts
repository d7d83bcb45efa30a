// The library's REST API: a viewset per table, behind better-auth's sign-in and the roles' model permissions.
import { betterAuthentication, modelPermissionsOrAnonReadOnly } from "@viewsets/better-auth";
import { Router, type RouterOptions } from "@viewsets/core";
import { modelViewSet } from "@viewsets/drizzle";
import type { LibraryAuth } from "./auth.js";
import type { LibraryDatabase } from "./db.js";
import { authors, books, loans } from "./schema.js";

export function createRouter(db: LibraryDatabase, auth: LibraryAuth, options: RouterOptions = {}): Router {
  const router = new Router("/api/v1", {
    authentication: betterAuthentication(auth), // a bearer token, then the session cookie (writes need its CSRF token)
    permissions: [modelPermissionsOrAnonReadOnly(auth)], // anyone reads; writes need the role's permission
    ...options,
  });
  router.register("authors", modelViewSet(db, authors, { searchFields: ["name"], ordering: ["name"] }));
  router.register(
    "books",
    modelViewSet(db, books, {
      model: { allowBlank: { title: false } },
      filterFields: ["authorId", "published", "title"],
      searchFields: ["title", "isbn"],
      orderingFields: ["title", "published"],
      ordering: ["title"],
      pageSize: 10,
    }),
  );
  router.register(
    "loans",
    modelViewSet(db, loans, { filterFields: ["bookId", "borrower", "returned", "loanedAt"], ordering: ["-loanedAt"] }),
  );
  return router;
}

// The library's REST API: viewsets, custom actions and the OpenAPI document, behind better-auth's sign-in and roles.
import { betterAuthentication, modelPermissionsOrAnonReadOnly } from "@viewsets/better-auth";
import { Router, type RouterOptions } from "@viewsets/core";
import { modelViewSet } from "@viewsets/drizzle";
import { registerActions } from "./actions.js";
import { libraryOpenAPI } from "./openapi.js";
import type { LibraryAuth } from "./auth.js";
import type { LibraryDatabase } from "./db.js";
import { authors, books, loans } from "./schema.js";

/** The three viewsets: the router serves them, and the admin shows the same models and managers. */
export function libraryViewSets(db: LibraryDatabase) {
  return {
    authors: modelViewSet(db, authors, { searchFields: ["name"], ordering: ["name"] }),
    books: modelViewSet(db, books, {
      model: { allowBlank: { title: false } },
      filterFields: ["authorId", "published", "title"],
      searchFields: ["title", "isbn"],
      orderingFields: ["title", "published"],
      ordering: ["title"],
      pageSize: 10,
    }),
    loans: modelViewSet(db, loans, {
      filterFields: ["bookId", "borrower", "returned", "loanedAt"],
      ordering: ["-loanedAt"],
    }),
  };
}

export type LibraryViewSets = ReturnType<typeof libraryViewSets>;

export function createRouter(db: LibraryDatabase, auth: LibraryAuth, options: RouterOptions = {}): Router {
  const router = new Router("/api/v1", {
    authentication: betterAuthentication(auth),
    // A custom action needs the permission of its own name, unless mapped: returning a loan changes it.
    permissions: [modelPermissionsOrAnonReadOnly(auth, { actions: { return: "change" } })],
    ...options,
  });
  const viewsets = libraryViewSets(db);
  router.register("authors", viewsets.authors);
  router.register("books", viewsets.books);
  router.register("loans", viewsets.loans);
  registerActions(router, db);
  // GET /api/v1/schema/openapi.json: the document, as an action of the router (so it is in the document too).
  const openapi = libraryOpenAPI(router);
  router.action("schema", "openapi", { urlPath: "openapi.json", summary: "This OpenAPI document" }, openapi.handler());
  return router;
}

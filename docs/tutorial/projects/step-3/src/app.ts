// The library's REST API: a viewset per table, with the filters, search and ordering each list takes.
import { Router, type RouterOptions } from "@viewsets/core";
import { modelViewSet } from "@viewsets/drizzle";
import type { LibraryDatabase } from "./db.js";
import { authors, books, loans } from "./schema.js";

export function createRouter(db: LibraryDatabase, options: RouterOptions = {}): Router {
  const router = new Router("/api/v1", options);
  router.register("authors", modelViewSet(db, authors, { searchFields: ["name"], ordering: ["name"] }));
  router.register(
    "books",
    modelViewSet(db, books, {
      model: { allowBlank: { title: false } },
      filterFields: ["authorId", "published", "title"], // ?authorId=1, ?published__gte=1950, ?title__icontains=sea
      searchFields: ["title", "isbn"], // ?search=earthsea
      orderingFields: ["title", "published"], // ?ordering=-published,title
      ordering: ["title"], // the order when the query names none
      pageSize: 10,
    }),
  );
  router.register(
    "loans",
    modelViewSet(db, loans, { filterFields: ["bookId", "borrower", "returned", "loanedAt"], ordering: ["-loanedAt"] }),
  );
  return router;
}

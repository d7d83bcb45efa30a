// The library's REST API: a viewset per table, registered on one router under /api/v1.
import { Router, type RouterOptions } from "@viewsets/core";
import { modelViewSet } from "@viewsets/drizzle";
import type { LibraryDatabase } from "./db.js";
import { authors, books, loans } from "./schema.js";

export function createRouter(db: LibraryDatabase, options: RouterOptions = {}): Router {
  const router = new Router("/api/v1", options);
  router.register("authors", modelViewSet(db, authors));
  router.register("books", modelViewSet(db, books, { model: { allowBlank: { title: false } } }));
  router.register("loans", modelViewSet(db, loans));
  return router;
}

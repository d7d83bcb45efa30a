/** The strongest hand-written products routes on Express. */
import express, { type Response } from "express";
import { readJSON } from "./body.js";
import { type Answer, createProduct, listProducts, retrieveProduct } from "./products.js";
import type { ProductStore } from "./store.js";

function reply(res: Response, answer: Answer): void {
  if (answer.headers) res.set(answer.headers);
  res.status(answer.status).json(answer.body);
}

function parts(url: string): { path: string; rawQuery: string } {
  const q = url.indexOf("?");
  return q === -1 ? { path: url, rawQuery: "" } : { path: url.slice(0, q), rawQuery: url.slice(q + 1) };
}

/** The products routes by hand on Express: its router, the body read from Node's stream, and res.json(). */
export function handWrittenExpress(store: ProductStore): express.Express {
  const app = express();
  // Express hashes every body for an ETag by default; the strongest handler turns that off. (The
  // viewset does send one, for conditional requests, and carries its cost in these figures.)
  app.set("etag", false);
  app.get(["/api/v1/products", "/api/v1/products/"], async (req, res) => {
    const { path, rawQuery } = parts(req.originalUrl);
    reply(res, await listProducts(store, `${req.protocol}://${req.headers.host}`, path, rawQuery));
  });
  app.get("/api/v1/products/:id", async (req, res) => reply(res, await retrieveProduct(store, req.params.id)));
  app.post(["/api/v1/products", "/api/v1/products/"], async (req, res) => {
    const body = await readJSON(req);
    reply(res, await createProduct(store, `${req.protocol}://${req.headers.host}`, req.path, body));
  });
  return app;
}

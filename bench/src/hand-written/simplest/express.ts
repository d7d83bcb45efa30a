/** The products routes on Express as its docs teach them: its router, `express.json()`, `req.query` and `res.json()`. */
import express, { type Request, type Response } from "express";
import { type Answer, createProduct, listProducts, retrieveProduct } from "../products.js";
import type { ProductStore } from "../store.js";

function reply(res: Response, answer: Answer): void {
  res.status(answer.status);
  if (answer.headers) res.set(answer.headers);
  res.json(answer.body);
}

const origin = (req: Request) => `${req.protocol}://${req.get("host")}`;

/** Express's defaults kept (its ETag too): what a user gets without tuning anything. */
export function simplestExpress(store: ProductStore): express.Express {
  const app = express();
  app.use(express.json());
  app.get("/api/v1/products/", async (req, res) => {
    const query = new URLSearchParams(req.query as Record<string, string>);
    reply(res, await listProducts(store, origin(req), req.path, query));
  });
  app.get("/api/v1/products/:id", async (req, res) => reply(res, await retrieveProduct(store, req.params.id)));
  app.post("/api/v1/products/", async (req, res) => {
    reply(res, await createProduct(store, origin(req), req.path, req.body));
  });
  return app;
}

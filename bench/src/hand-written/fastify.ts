/**
 * The products routes by hand on Fastify, as a Fastify user writes them for speed: its router,
 * its own JSON body parser, and a response schema per status so that fast-json-stringify (not
 * JSON.stringify) writes each answer. The SQL is the shared prepared statements of `store.ts`.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { type Answer, createProduct, listProducts, retrieveProduct } from "./products.js";
import type { ProductStore } from "./store.js";

const NULLABLE_TEXT = { type: ["string", "null"] } as const;

/** A product row in the table's column order (the viewset's order), dates as ISO text. */
export const PRODUCT = {
  type: "object",
  properties: {
    id: { type: "integer" },
    name: { type: "string" },
    description: NULLABLE_TEXT,
    categoryId: { type: "integer" },
    inStock: { type: "boolean" },
    price: { type: "string" },
    status: { type: "string" },
    createdAt: { type: "string", format: "date-time" },
    updatedAt: { type: "string", format: "date-time" },
  },
  required: ["id", "name", "description", "categoryId", "inStock", "price", "status", "createdAt", "updatedAt"],
} as const;

export const LIST = {
  type: "object",
  properties: {
    count: { type: "integer" },
    next: NULLABLE_TEXT,
    previous: NULLABLE_TEXT,
    results: { type: "array", items: PRODUCT },
  },
} as const;

/** The problem answers of `products.ts` (400 with `errors`, 404 without). */
export const PROBLEM = {
  type: "object",
  properties: {
    type: { type: "string" },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string" },
    errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
  },
} as const;

function reply(res: FastifyReply, answer: Answer): unknown {
  res.code(answer.status);
  if (answer.headers) res.headers(answer.headers);
  return answer.body;
}

/** The request's origin, path and query string, by slicing the URL. */
function parts(request: FastifyRequest): { origin: string; path: string; rawQuery: string } {
  const url = request.url;
  const q = url.indexOf("?");
  return {
    origin: `${request.protocol}://${request.host}`,
    path: q === -1 ? url : url.slice(0, q),
    rawQuery: q === -1 ? "" : url.slice(q + 1),
  };
}

export function handWrittenFastify(store: ProductStore): FastifyInstance {
  // `/products` and `/products/` are one route, as on the other frameworks.
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  app.get("/api/v1/products", { schema: { response: { 200: LIST, "4xx": PROBLEM } } }, async (request, res) => {
    const { origin, path, rawQuery } = parts(request);
    return reply(res, await listProducts(store, origin, path, rawQuery));
  });
  app.get<{ Params: { id: string } }>(
    "/api/v1/products/:id",
    { schema: { response: { 200: PRODUCT, "4xx": PROBLEM } } },
    async (request, res) => reply(res, await retrieveProduct(store, request.params.id)),
  );
  app.post("/api/v1/products", { schema: { response: { 201: PRODUCT, "4xx": PROBLEM } } }, async (request, res) => {
    const { origin, path } = parts(request);
    return reply(res, await createProduct(store, origin, path, request.body));
  });
  return app;
}

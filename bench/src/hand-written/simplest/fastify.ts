/** The products routes on Fastify as its docs teach them: its router and body parser, `request.query`, `reply.send` with response schemas. */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { LIST, PROBLEM, PRODUCT } from "../fastify.js";
import { type Answer, createProduct, listProducts, retrieveProduct } from "../products.js";
import type { ProductStore } from "../store.js";

function reply(res: FastifyReply, answer: Answer): FastifyReply {
  res.code(answer.status);
  if (answer.headers) res.headers(answer.headers);
  return res.send(answer.body);
}

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const pathOf = (request: FastifyRequest) => request.url.split("?")[0]!;

export function simplestFastify(store: ProductStore): FastifyInstance {
  const app = Fastify();
  app.get("/api/v1/products/", { schema: { response: { 200: LIST, "4xx": PROBLEM } } }, async (request, res) => {
    const query = new URLSearchParams(request.query as Record<string, string>);
    return reply(res, await listProducts(store, origin(request), pathOf(request), query));
  });
  app.get<{ Params: { id: string } }>(
    "/api/v1/products/:id",
    { schema: { response: { 200: PRODUCT, "4xx": PROBLEM } } },
    async (request, res) => reply(res, await retrieveProduct(store, request.params.id)),
  );
  app.post("/api/v1/products/", { schema: { response: { 201: PRODUCT, "4xx": PROBLEM } } }, async (request, res) => {
    return reply(res, await createProduct(store, origin(request), pathOf(request), request.body));
  });
  return app;
}

/**
 * The conditional requests of the standard routes, as the document states them: the `ETag` a read
 * or write answers with, and the header each route honours (`StandardRoute.precondition`).
 */
import type { StandardRoute } from "../http/standard-routes.js";
import type { HeaderObject, ParameterObject } from "../http/openapi-types.js";

export const ETAG_HEADER: HeaderObject = {
  description: "The weak entity tag of this answer: send it back as If-None-Match (a read) or If-Match (a write).",
  schema: { type: "string" },
};

/** The conditional request header a route honours: a read's `If-None-Match` (304), a write's `If-Match` (412). */
export function preconditionParameter(route: StandardRoute): ParameterObject | undefined {
  if (route.precondition === undefined) return undefined;
  const description =
    route.precondition === "If-None-Match"
      ? "An ETag this client holds: 304 with no body when it is still the current one."
      : "The ETag the record was read with: the write happens only if the record still has it, else 412.";
  return { name: route.precondition, in: "header", required: false, description, schema: { type: "string" } };
}

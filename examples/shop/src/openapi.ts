import type { Router } from "@viewsets/core";
import { OpenAPIGenerator } from "@viewsets/core/docs";

/** The shop's OpenAPI document: every route of the router, its parameters and schemas. */
export function shopOpenAPI(router: Router): OpenAPIGenerator {
  const openapi = new OpenAPIGenerator("Shop API", "1.0.0");
  openapi.description = "The example shop of viewsets: products, categories and the price-change log.";
  return openapi.include(router);
}

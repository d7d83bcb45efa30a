import type { Router } from "@viewsets/core";
import { OpenAPIGenerator } from "@viewsets/core/docs";

/** The shop's OpenAPI document: every route of the router, its parameters and schemas. */
export function shopOpenAPI(router: Router): OpenAPIGenerator {
  const openapi = new OpenAPIGenerator("Shop API", "1.0.0");
  openapi.description = "The example shop of viewsets: products, categories and the price-change log.";
  openapi.license = { name: "MIT", url: "https://opensource.org/license/mit" };
  // Where `pnpm start` serves it; a deployment names its own host.
  openapi.servers = [{ url: "http://localhost:3000", description: "The shop started with `pnpm start`." }];
  return openapi.include(router);
}

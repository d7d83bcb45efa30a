// The library's OpenAPI document: drawn from the router's viewsets and actions, served at /api/v1/schema/openapi.json.
import type { Router } from "@viewsets/core";
import { OpenAPIGenerator } from "@viewsets/core/docs";

export function libraryOpenAPI(router: Router): OpenAPIGenerator {
  const openapi = new OpenAPIGenerator("Library API", "1.0.0");
  openapi.description = "Authors, their books, and the loans of those books.";
  return openapi.include(router); // read again on every generate(): what the router serves, the document says
}

/** `@viewsets/core/docs`: the OpenAPI generator, the docs page and the document's types. */
export { OpenAPIGenerator } from "./openapi.js";
export type { DescribableRouter } from "./openapi.js";
export type { PageSizes, PaginatorDocs } from "../query/paginator.js";
export { docsPage } from "./docs-page.js";
export type { DocsPageOptions } from "./docs-page.js";
export { documentFromModule } from "./export-document.js";
export type { ExportOptions } from "./export-document.js";
export type {
  ComponentsObject,
  HandlerDocs,
  HeaderObject,
  LicenseObject,
  MediaTypeObject,
  OpenAPIDocument,
  OpenAPIInfo,
  OperationMethod,
  OperationObject,
  ParameterObject,
  PathItemObject,
  PathsObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
  SecurityRequirement,
  SecuritySchemeObject,
  ServerObject,
  TagObject,
} from "../http/openapi-types.js";

/**
 * The parts of an OpenAPI 3.0 document the generator writes. Objects stay open (an index
 * signature) so that an application can add what the generator does not know about.
 */

/** A Schema Object in the OpenAPI 3.0 dialect of JSON Schema (`nullable`, `example`, no `const`). */
export interface SchemaObject {
  [keyword: string]: unknown;
}

export interface ReferenceObject {
  $ref: string;
}

export interface OpenAPIInfo {
  title: string;
  version: string;
  description?: string;
  license?: LicenseObject;
  [key: string]: unknown;
}

export interface LicenseObject {
  name: string;
  url?: string;
}

/** Where the API is served: `{ url: "https://api.example.com" }`; the paths follow it. */
export interface ServerObject {
  url: string;
  description?: string;
  [key: string]: unknown;
}

export interface ParameterObject {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema: SchemaObject;
  style?: string;
  explode?: boolean;
  [key: string]: unknown;
}

export interface MediaTypeObject {
  schema?: SchemaObject | ReferenceObject;
  [key: string]: unknown;
}

export interface HeaderObject {
  description?: string;
  schema: SchemaObject;
  [key: string]: unknown;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject>;
  content?: Record<string, MediaTypeObject>;
  [key: string]: unknown;
}

export interface RequestBodyObject {
  description?: string;
  required?: boolean;
  content: Record<string, MediaTypeObject>;
  [key: string]: unknown;
}

/** Security requirements: each object is one alternative; `{}` means anonymous access. */
export type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: (ParameterObject | ReferenceObject)[];
  requestBody?: RequestBodyObject | ReferenceObject;
  responses: Record<string, ResponseObject | ReferenceObject>;
  security?: SecurityRequirement[];
  [key: string]: unknown;
}

export type OperationMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

export interface PathItemObject {
  summary?: string;
  description?: string;
  parameters?: (ParameterObject | ReferenceObject)[];
  get?: OperationObject;
  put?: OperationObject;
  post?: OperationObject;
  delete?: OperationObject;
  options?: OperationObject;
  head?: OperationObject;
  patch?: OperationObject;
  trace?: OperationObject;
  [key: string]: unknown;
}

export type PathsObject = Record<string, PathItemObject>;

/** An OpenAPI Security Scheme Object (`{ type: "http", scheme: "bearer" }`, ...). */
export interface SecuritySchemeObject {
  type: string;
  [key: string]: unknown;
}

export interface ComponentsObject {
  schemas?: Record<string, SchemaObject>;
  responses?: Record<string, ResponseObject>;
  parameters?: Record<string, ParameterObject>;
  requestBodies?: Record<string, RequestBodyObject>;
  headers?: Record<string, HeaderObject>;
  securitySchemes?: Record<string, SecuritySchemeObject>;
  [section: string]: Record<string, unknown> | undefined;
}

export interface TagObject {
  name: string;
  description?: string;
  [key: string]: unknown;
}

/** The document `generate()` returns, with what `include(router)` adds. */
export interface OpenAPIDocument {
  openapi: "3.0.0";
  info: OpenAPIInfo;
  servers?: ServerObject[];
  /** Tags of the included resources, in registration order; absent when nothing was included. */
  tags?: TagObject[];
  paths: PathsObject;
  components: ComponentsObject;
}

/**
 * What a core handler may say of its own answers, as `handler.openapi`: an action's document then
 * carries these parameters and responses (`docsPage` serves HTML, not the JSON an action is taken to answer).
 */
export interface HandlerDocs {
  readonly parameters?: readonly ParameterObject[];
  /** Responses by status; a shared error (`{ $ref: "#/components/responses/NotFound" }`) by reference. */
  readonly responses?: Readonly<Record<string, ResponseObject | ReferenceObject>>;
  /**
   * Who may call it, for an action without `checks` (whose handler owns its checks, which the
   * document cannot see): `[]` for anyone, as the document and its reference page say of themselves.
   */
  readonly security?: readonly SecurityRequirement[];
}

/** The OpenAPI document under construction: its components, problem schemas and operation ids. */
import {
  type ApiError,
  Conflict,
  NotAcceptable,
  NotAuthenticated,
  NotFound,
  PayloadTooLarge,
  PermissionDenied,
  PreconditionFailed,
  ServiceUnavailable,
  Throttled,
  UnsupportedMediaType,
  ValidationError,
} from "../http/errors.js";
import { PROBLEM_CONTENT_TYPE } from "../http/problem.js";
import { withArticle } from "../models/names.js";
import { componentName } from "./json-schema.js";
import type {
  ComponentsObject,
  HeaderObject,
  OperationMethod,
  OperationObject,
  PathsObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
  SecuritySchemeObject,
  TagObject,
} from "../http/openapi-types.js";

const PROBLEM = "Problem";
const VALIDATION_PROBLEM = "ValidationProblem";

/** RFC 9457 problem details, as `http/problem.ts` writes them. */
function problemSchema(): SchemaObject {
  return {
    type: "object",
    description: "An RFC 9457 problem details object.",
    properties: {
      type: { type: "string", description: 'A URI reference that identifies the problem type ("about:blank").' },
      title: { type: "string", description: "A short summary of the problem type." },
      status: { type: "integer", description: "The HTTP status code." },
      detail: { type: "string", description: "An explanation of this occurrence of the problem." },
    },
    required: ["type", "title", "status", "detail"],
  };
}

function validationProblemSchema(): SchemaObject {
  const problem = problemSchema();
  return {
    ...problem,
    description: "A problem details object with the errors of each field (`non_field_errors` for the whole object).",
    properties: {
      ...(problem.properties as Record<string, SchemaObject>),
      errors: {
        type: "object",
        description: "Error messages by field name; present when the input failed validation.",
        additionalProperties: { type: "array", items: { type: "string" } },
      },
    },
  };
}

const intHeader = (description: string): HeaderObject => ({ description, schema: { type: "integer" } });

/** The error answers operations share, by component name. */
export type ErrorResponse =
  | "ValidationError"
  | "Unauthenticated"
  | "PermissionDenied"
  | "NotFound"
  | "NotAcceptable"
  | "Conflict"
  | "PreconditionFailed"
  | "PayloadTooLarge"
  | "UnsupportedMediaType"
  | "Throttled"
  | "Unavailable";

/**
 * The error each response stands for: its status is the one the server answers with, read from
 * the error class the server throws rather than written twice.
 */
const ERRORS: Record<ErrorResponse, () => ApiError> = {
  ValidationError: () => new ValidationError({}),
  Unauthenticated: () => new NotAuthenticated(),
  PermissionDenied: () => new PermissionDenied(),
  NotFound: () => new NotFound(),
  NotAcceptable: () => new NotAcceptable(),
  Conflict: () => new Conflict(),
  PreconditionFailed: () => new PreconditionFailed(),
  PayloadTooLarge: () => new PayloadTooLarge(0),
  UnsupportedMediaType: () => new UnsupportedMediaType(""),
  Throttled: () => new Throttled(1),
  Unavailable: () => new ServiceUnavailable(),
};

export const ERROR_STATUS = Object.fromEntries(
  Object.entries(ERRORS).map(([name, error]) => [name, error().status]),
) as Record<ErrorResponse, number>;

function problemResponse(description: string, schema: string, headers?: Record<string, HeaderObject>): ResponseObject {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: `#/components/schemas/${schema}` } } },
  };
}

const ERROR_RESPONSES: Record<ErrorResponse, () => ResponseObject> = {
  ValidationError: () =>
    problemResponse(
      "Invalid input: a parameter or body field that failed validation (each named in `errors`), or malformed JSON.",
      VALIDATION_PROBLEM,
    ),
  Unauthenticated: () =>
    problemResponse("Authentication credentials were missing or wrong.", PROBLEM, {
      "WWW-Authenticate": { description: "The authentication scheme to use.", schema: { type: "string" } },
    }),
  PermissionDenied: () => problemResponse("Permission denied.", PROBLEM),
  NotFound: () => problemResponse("Not found (an unknown id, or a page past the last one).", PROBLEM),
  NotAcceptable: () => problemResponse("The Accept header rules out JSON.", PROBLEM),
  Conflict: () =>
    problemResponse(
      "The database refused the write on a constraint it could not tie to fields (a unique index on an expression), or a record others refer to cannot be deleted.",
      PROBLEM,
    ),
  PreconditionFailed: () =>
    problemResponse("If-Match names no current tag of the record: it changed since it was read.", PROBLEM),
  PayloadTooLarge: () => problemResponse("The request body is larger than the limit.", PROBLEM),
  UnsupportedMediaType: () =>
    problemResponse("The request body's media type is not one this operation takes.", PROBLEM),
  Throttled: () =>
    problemResponse("Too many requests.", PROBLEM, {
      "Retry-After": intHeader("Seconds to wait before retrying."),
      "RateLimit-Limit": intHeader("Requests allowed in the window."),
      "RateLimit-Remaining": intHeader("Requests left in the window."),
      "RateLimit-Reset": intHeader("Seconds until the window resets."),
    }),
  Unavailable: () =>
    problemResponse(
      "Something the request needs (its database, or a throttle store that fails closed) is down, busy or full: nothing was done, and the same request may be sent again after Retry-After.",
      PROBLEM,
      { "Retry-After": intHeader("Seconds to wait before retrying.") },
    ),
};

const schemaRef = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

/** Collects paths and components while routers are described; names stay unique. */
export class DocumentBuilder {
  readonly paths: PathsObject = {};
  readonly schemas: Record<string, SchemaObject> = {};
  readonly responses: Record<string, ResponseObject> = {};
  readonly securitySchemes: Record<string, SecuritySchemeObject> = {};
  readonly tags: TagObject[] = [];
  private readonly operationIds = new Set<string>();

  /**
   * Registers a component schema under `name`, or under `fallback` when `name` already holds
   * another schema (two viewsets of one model that show different fields); returns its $ref.
   */
  schema(name: string, schema: SchemaObject, fallback: string): ReferenceObject {
    for (const candidate of [componentName(name), componentName(fallback)]) {
      const existing = this.schemas[candidate];
      if (existing === undefined) {
        this.schemas[candidate] = schema;
        return schemaRef(candidate);
      }
      if (JSON.stringify(existing) === JSON.stringify(schema)) return schemaRef(candidate);
    }
    for (let n = 2; ; n++) {
      const candidate = componentName(`${fallback}${n}`);
      const existing = this.schemas[candidate];
      if (existing === undefined || JSON.stringify(existing) === JSON.stringify(schema)) {
        this.schemas[candidate] = schema;
        return schemaRef(candidate);
      }
    }
  }

  /** A shared error response by reference, added to the components on first use. */
  error(name: ErrorResponse): ReferenceObject {
    if (!this.responses[name]) {
      this.responses[name] = ERROR_RESPONSES[name]();
      this.schemas[PROBLEM] ??= problemSchema();
      if (name === "ValidationError") this.schemas[VALIDATION_PROBLEM] ??= validationProblemSchema();
    }
    return { $ref: `#/components/responses/${name}` };
  }

  /** A security scheme under `name`; another scheme already holding the name gets a numbered name. */
  securityScheme(name: string, scheme: SecuritySchemeObject): string {
    for (let n = 1; ; n++) {
      const candidate = componentName(n === 1 ? name : `${name}${n}`);
      const existing = this.securitySchemes[candidate];
      if (existing === undefined) {
        this.securitySchemes[candidate] = scheme;
        return candidate;
      }
      if (JSON.stringify(existing) === JSON.stringify(scheme)) return candidate;
    }
  }

  /** A tag per resource, described by the model it serves ("Products: each a product record.") when known. */
  tag(name: string, noun?: string): void {
    const existing = this.tags.find((tag) => tag.name === name);
    const description =
      noun === undefined ? `The ${name} routes.` : `The ${name} routes: each record is ${withArticle(noun)}.`;
    if (!existing) this.tags.push({ name, description });
    else if (noun !== undefined) existing.description = description;
  }

  /** `products_list`; a second router with the same resource gets `products_list_2`. */
  operationId(base: string): string {
    const id = base.replace(/[^A-Za-z0-9_]/g, "_");
    if (!this.operationIds.has(id)) {
      this.operationIds.add(id);
      return id;
    }
    for (let n = 2; ; n++) {
      const candidate = `${id}_${n}`;
      if (!this.operationIds.has(candidate)) {
        this.operationIds.add(candidate);
        return candidate;
      }
    }
  }

  operation(path: string, method: OperationMethod, operation: OperationObject): void {
    const item = (this.paths[path] ??= {});
    item[method] = operation;
  }

  components(): ComponentsObject {
    const components: ComponentsObject = {};
    if (Object.keys(this.schemas).length > 0) components.schemas = this.schemas;
    if (Object.keys(this.responses).length > 0) components.responses = this.responses;
    if (Object.keys(this.securitySchemes).length > 0) components.securitySchemes = this.securitySchemes;
    return components;
  }
}

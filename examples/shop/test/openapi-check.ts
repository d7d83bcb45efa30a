/**
 * Reading the shop's OpenAPI document as a client's tools read it: JSON Schema validation of bodies
 * and parameters (ajv, with OpenAPI 3.0's `nullable`), and the operation, status and media type an
 * answer must be one of. The truth tests and the conformance suite judge the server with it.
 */
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type {
  OpenAPIDocument,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from "@viewsets/core/docs";

export type Method = "get" | "post" | "put" | "patch" | "delete";

/** The int64 of the document: an integer of at most 64 bits (JavaScript reads ones past 2^53 rounded). */
const INT64_LIMIT = 2 ** 63;

export class DocumentCheck {
  readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenAPIDocument) {
    // Not strict: OpenAPI adds keywords JSON Schema validators do not know (`example`, `readOnly`).
    this.ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: true });
    addFormats.default(this.ajv);
    this.ajv.addFormat("int64", {
      type: "number",
      validate: (value: number) => Number.isInteger(value) && Math.abs(value) <= INT64_LIMIT,
    });
    this.ajv.addFormat("decimal", { type: "string", validate: () => true });
    this.ajv.addSchema({ $id: "openapi", components: document.components });
  }

  /** The validator of a schema of the document (`{ $ref: "#/components/schemas/Product" }` or inline). */
  validator(schema: SchemaObject | ReferenceObject): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile({ $id: `inline-${this.compiled.size}`, ...rebase(schema) });
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** The problems of `value` against `schema`, in ajv's words; empty when it is valid. */
  problems(schema: SchemaObject | ReferenceObject, value: unknown): string[] {
    const validate = this.validator(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message}`);
  }

  operation(path: string, method: Method): OperationObject {
    const operation = this.document.paths[path]?.[method];
    if (!operation) throw new Error(`no ${method} ${path} in the document`);
    return operation;
  }

  /** Every operation of the document. */
  operations(): { path: string; method: Method; operation: OperationObject }[] {
    return Object.entries(this.document.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<Method, OperationObject>).map(([method, operation]) => ({
        path,
        method: method as Method,
        operation,
      })),
    );
  }

  response(operation: OperationObject, status: number): ResponseObject | undefined {
    const response = operation.responses[String(status)];
    return response === undefined ? undefined : this.resolve<ResponseObject>(response);
  }

  requestBody(operation: OperationObject): RequestBodyObject | undefined {
    return operation.requestBody === undefined ? undefined : this.resolve<RequestBodyObject>(operation.requestBody);
  }

  parameters(operation: OperationObject): ParameterObject[] {
    return (operation.parameters ?? []).map((parameter) => this.resolve<ParameterObject>(parameter));
  }

  /**
   * What is wrong with an answer by the document: an undocumented status, a media type the status
   * does not list, or a JSON body its schema refuses. Empty when the answer is as documented.
   */
  answerProblems(operation: OperationObject, status: number, contentType: string | null, body: string): string[] {
    const response = this.response(operation, status);
    if (!response) return [`status ${status} is not documented (${Object.keys(operation.responses).join(", ")})`];
    const content = response.content ?? {};
    const mediaType = contentType === null ? null : contentType.split(";")[0]!.trim().toLowerCase();
    if (Object.keys(content).length === 0) {
      return body === "" ? [] : [`status ${status} has no documented body, got ${mediaType}: ${body.slice(0, 80)}`];
    }
    const declared = mediaType === null ? undefined : content[mediaType];
    if (!declared) return [`media type ${mediaType} is not one of ${Object.keys(content).join(", ")}`];
    if (!mediaType!.endsWith("json") || declared.schema === undefined) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return [`the ${mediaType} body is not JSON: ${body.slice(0, 80)}`];
    }
    return this.problems(declared.schema, parsed);
  }

  /** A schema, parameter, body or response with its `$ref` followed. */
  resolve<T>(value: T | ReferenceObject): T {
    const ref = (value as ReferenceObject).$ref;
    if (typeof ref !== "string") return value as T;
    let target: unknown = this.document;
    for (const part of ref.slice(2).split("/")) target = (target as Record<string, unknown>)[part];
    return target as T;
  }
}

/** A schema with its `#/components/...` references pointed at the document's components. */
function rebase(schema: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/components/', '"$ref":"openapi#/components/'));
}

/**
 * A query parameter's value as a validator reads it from the query string: the texts of its
 * repeated keys, or of its one comma-separated value (`explode: false`), typed by its schema
 * (numbers and booleans from their text, as Prism and ajv's coercion read them).
 */
export function parameterValue(parameter: ParameterObject, texts: readonly string[]): unknown {
  const schema = parameter.schema as SchemaObject;
  const isArray = schema.type === "array";
  if (isArray) {
    // `?fields=` is an empty array in form style; `?fields=a,b` two items.
    const items = parameter.explode === false ? texts.flatMap((text) => (text === "" ? [] : text.split(","))) : texts;
    return items.map((text) => typedText(schema.items as SchemaObject, text));
  }
  if (texts.length > 1 && Array.isArray(schema.anyOf)) {
    const many = (schema.anyOf as SchemaObject[]).find((branch) => branch.type === "array");
    if (many) return texts.map((text) => typedText(many.items as SchemaObject, text));
  }
  return typedText(schema, texts[texts.length - 1]!);
}

/** One text as the type its schema (or any branch of it) names. */
function typedText(schema: SchemaObject, text: string): unknown {
  const types = typesOf(schema);
  if ((types.has("integer") || types.has("number")) && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (types.has("boolean") && (text === "true" || text === "false")) return text === "true";
  return text;
}

/** The scalar types a schema admits, through its `anyOf` branches (not into arrays). */
function typesOf(schema: SchemaObject): Set<unknown> {
  const types = new Set<unknown>([schema.type]);
  for (const branch of (schema.anyOf as SchemaObject[] | undefined) ?? []) {
    if (branch.type !== "array") for (const type of typesOf(branch)) types.add(type);
  }
  return types;
}

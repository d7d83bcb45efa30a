import { decimalPattern } from "../models/decimal.js";
import type { FieldDef } from "../models/fields.js";
import type { Lookup } from "../query/expression.js";
import { type DefinitionTarget, valibotToOpenAPI } from "./json-schema.js";
import type { SchemaObject } from "./openapi-types.js";

/** Where a field's own valibot schema (a `json` field's) is converted, and as what. */
export interface FieldSchemaOptions {
  readonly readOnly?: boolean;
  /** Where definitions of recursive schemas go; without it they stay out of the document. */
  readonly definitions?: DefinitionTarget;
  /** `output` (the default) for responses, `input` for request bodies. */
  readonly typeMode?: "input" | "output";
}

/** A `json` field's value: its valibot schema converted, or any JSON value. */
function jsonSchema(field: FieldDef, options: FieldSchemaOptions): SchemaObject {
  if (!field.schema) return {};
  const definitions = options.definitions ?? { schemas: {}, prefix: "" };
  const converted = valibotToOpenAPI(field.schema, definitions, { typeMode: options.typeMode ?? "output" }) ?? {};
  // A $ref ignores its siblings in OpenAPI 3.0: wrap it so that `nullable` and `readOnly` still apply.
  return typeof converted.$ref === "string" ? { allOf: [converted] } : converted;
}

/** The JSON value of one field type, without choices or null. */
function typeSchema(field: FieldDef, options: FieldSchemaOptions = {}): SchemaObject {
  switch (field.type) {
    case "bool":
      return { type: "boolean" };
    case "int":
      return { type: "integer", format: "int64" };
    case "foreignKey":
      return {
        type: "integer",
        format: "int64",
        ...(field.references ? { description: `Primary key of a ${field.references}.` } : {}),
      };
    case "decimal":
      // Decimals travel as strings so that no digit is lost; the pattern holds the field's
      // maxDigits and decimalPlaces as the server counts them.
      return { type: "string", format: "decimal", pattern: decimalPattern(field) };
    case "string":
    case "text":
      return field.maxLength !== undefined ? { type: "string", maxLength: field.maxLength } : { type: "string" };
    case "time":
      return { type: "string", format: "date-time" };
    case "date":
      return { type: "string", format: "date" };
    case "json":
      return jsonSchema(field, options);
  }
}

function withChoices(schema: SchemaObject, field: FieldDef): SchemaObject {
  if (!field.choices) return schema;
  return { ...schema, enum: [...field.choices] };
}

/** One field as a response or request body carries it: type, choices, `nullable`, `readOnly`. */
export function fieldSchema(field: FieldDef, options: FieldSchemaOptions = {}): SchemaObject {
  const schema = withChoices(typeSchema(field, options), field);
  if (field.nullable) {
    schema.nullable = true;
    if (Array.isArray(schema.enum)) schema.enum = [...(schema.enum as unknown[]), null];
  }
  if (options.readOnly) schema.readOnly = true;
  return schema;
}

/** Adds what a field declares to a schema converted from its valibot schema. */
export function refineConverted(schema: SchemaObject, field: FieldDef | undefined): SchemaObject {
  if (!field) return schema;
  if (
    (field.type === "int" || field.type === "foreignKey") &&
    schema.type === "integer" &&
    schema.format === undefined
  ) {
    return { ...schema, format: "int64" };
  }
  return schema;
}

/** The value of one query parameter: what the filter coerces the text into. */
function queryScalar(field: FieldDef, choices: boolean): SchemaObject {
  const base = typeSchema(field);
  delete base.description;
  if (field.type === "decimal") delete base.pattern;
  if (field.type === "string" || field.type === "text") delete base.maxLength;
  return choices ? withChoices(base, field) : base;
}

/**
 * How an array travels in the query: as repeated keys (`?id__in=1&id__in=2`). That is what
 * openapi-fetch and orval send by default; the server also reads the comma-separated form.
 */
export const REPEATED_KEYS = { style: "form", explode: true } as const;

/** The schema and serialization of the query parameter `field__lookup`. */
export function lookupParameter(
  field: FieldDef,
  lookup: Lookup,
): { schema: SchemaObject; style?: "form"; explode?: boolean; description: string } {
  switch (lookup) {
    case "exact":
      return {
        schema: queryScalar(field, true),
        description: "Equal to (a repeated parameter matches any of its values).",
      };
    case "isnull":
      return { schema: { type: "boolean" }, description: "true: the value is null; false: it is not." };
    case "in":
      return {
        schema: { type: "array", items: queryScalar(field, true) },
        ...REPEATED_KEYS,
        description: "Any of these values (a repeated parameter, or one comma-separated value).",
      };
    case "range":
      return {
        schema: { type: "array", items: queryScalar(field, false), minItems: 2, maxItems: 2 },
        ...REPEATED_KEYS,
        description: "Between two values, both included (the parameter twice, or one comma-separated pair).",
      };
    default:
      return { schema: queryScalar(field, false), description: LOOKUP_TEXT[lookup] };
  }
}

const LOOKUP_TEXT: Record<Exclude<Lookup, "exact" | "isnull" | "in" | "range">, string> = {
  iexact: "Equal to, ignoring case.",
  contains: "Contains this text.",
  icontains: "Contains this text, ignoring case.",
  startswith: "Starts with this text.",
  istartswith: "Starts with this text, ignoring case.",
  endswith: "Ends with this text.",
  iendswith: "Ends with this text, ignoring case.",
  gt: "Greater than.",
  gte: "Greater than or equal to.",
  lt: "Less than.",
  lte: "Less than or equal to.",
};

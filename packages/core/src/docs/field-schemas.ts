/** The OpenAPI schema of one model field, with its rules said in words where no keyword holds them. */
import { decimalPattern } from "../models/decimal.js";
import { NOT_BLANK_TEXT_PATTERN, STORABLE_TEXT_PATTERN } from "../models/storable.js";
import { DATE_VALUE_PATTERN, TIME_FILTER_PATTERN, TIME_VALUE_PATTERN } from "../query/time-text.js";
import { allowsBlank, choiceLabel, type FieldDef, trimsWhitespace } from "../models/fields.js";
import { singularIdentifier, withArticle, wordsOf } from "../models/names.js";
import type { Lookup } from "../query/filter-expression.js";
import { type DefinitionTarget, valibotToOpenAPI } from "./json-schema.js";
import type { SchemaObject } from "../http/openapi-types.js";

/** The model a foreign key names (a table, `categories`, or a model, `Category`) in a sentence: "category". */
function referenceNoun(references: string): string {
  return wordsOf(singularIdentifier(references)).join(" ");
}

/** The digits a decimal keeps, said in words for a number, which no pattern can hold to them. */
function decimalRule(field: FieldDef): string {
  const digits = field.maxDigits === undefined ? "" : ` at most ${field.maxDigits} digits`;
  const places = field.decimalPlaces === undefined ? "" : `${digits ? "," : ""} ${field.decimalPlaces} after the point`;
  const limits = digits || places ? `, with${digits}${places}` : "";
  return `Decimal text, or a JSON number read as its shortest text${limits}.`;
}

/** What a foreign key holds: "Primary key of a category." (one that exists, or the write is a 400). */
function referenceDescription(references: string): string {
  return `Primary key of ${withArticle(referenceNoun(references))}.`;
}

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

/**
 * The rules of a text value in a request: what a database stores as sent, and where the field may
 * not be blank, at least one character (`minLength: 1`), other than white space where it trims.
 */
function textRules(field: FieldDef): SchemaObject {
  if (allowsBlank(field)) return { pattern: STORABLE_TEXT_PATTERN };
  return { minLength: 1, pattern: trimsWhitespace(field) ? NOT_BLANK_TEXT_PATTERN : STORABLE_TEXT_PATTERN };
}

/**
 * Whether the schema is of a request value: it then carries the rules the server checks beyond the
 * type (no NUL, not blank, no leap second), which a response, made of stored values, needs not repeat.
 */
const inRequest = (options: FieldSchemaOptions): boolean => options.typeMode === "input";

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
        ...(field.references ? { description: referenceDescription(field.references) } : {}),
      };
    case "decimal": {
      // Decimals travel as strings so that no digit is lost; the pattern holds the field's
      // maxDigits and decimalPlaces as the server counts them.
      const text = { type: "string", format: "decimal", pattern: decimalPattern(field) };
      // A request may send a JSON number too (as DRF's DecimalField takes): read as its shortest text.
      if (!inRequest(options)) return text;
      return { anyOf: [text, { type: "number" }], description: decimalRule(field) };
    }
    case "string":
    case "text":
      // maxLength counts code points, as JSON Schema does. A request states the server's rules on text.
      return {
        type: "string",
        ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
        ...(field.choices || !inRequest(options) ? {} : textRules(field)),
      };
    case "time":
      return {
        type: "string",
        format: "date-time",
        ...(inRequest(options) ? { pattern: TIME_VALUE_PATTERN } : {}),
      };
    case "date":
      return { type: "string", format: "date", ...(inRequest(options) ? { pattern: DATE_VALUE_PATTERN } : {}) };
    case "json":
      return jsonSchema(field, options);
  }
}

/**
 * The choices as an `enum`; with labels (`choiceLabels`), each one's in `x-enumNames` at the same
 * place (as NSwag and openapi-generator read them) and in the description, for people.
 */
function withChoices(schema: SchemaObject, field: FieldDef): SchemaObject {
  if (!field.choices) return schema;
  const choices: SchemaObject = { ...schema, enum: [...field.choices] };
  if (!field.choiceLabels || Object.keys(field.choiceLabels).length === 0) return choices;
  choices["x-enumNames"] = field.choices.map((value) => choiceLabel(field, value));
  const listed = field.choices.map((value) => `\`${value}\` (${choiceLabel(field, value)})`).join(", ");
  const before = typeof schema.description === "string" ? `${schema.description} ` : "";
  choices.description = `${before}One of ${listed}.`;
  return choices;
}

/** What a unique field's description says: the rule a valid-looking value may still break (a 400 on the field). */
const UNIQUE_RULE = "Unique: no two records have the same value.";

/**
 * A field's own description (its help text), after what its type says ("Primary key of a
 * category."), and its uniqueness.
 */
function described(schema: SchemaObject, field: FieldDef): SchemaObject {
  const parts = [schema.description, field.unique === true ? UNIQUE_RULE : undefined, field.description];
  const text = parts.filter((part): part is string => typeof part === "string").join(" ");
  return text === "" ? schema : { ...schema, description: text };
}

/** One field as a response or request body carries it: type, choices, `nullable`, `readOnly`. */
export function fieldSchema(field: FieldDef, options: FieldSchemaOptions = {}): SchemaObject {
  const schema = described(withChoices(typeSchema(field, options), field), field);
  if (field.nullable) {
    schema.nullable = true;
    if (Array.isArray(schema.enum)) schema.enum = [...(schema.enum as unknown[]), null];
    const names = schema["x-enumNames"];
    if (Array.isArray(names)) schema["x-enumNames"] = [...(names as string[]), "None"];
  }
  if (options.readOnly) schema.readOnly = true;
  return schema;
}

/**
 * Adds what a field declares to a schema converted from its valibot schema: int64 on integers,
 * and on text the rules the server checks beyond the type (no NUL, no lone surrogate, not blank).
 */
export function refineConverted(schema: SchemaObject, field: FieldDef | undefined): SchemaObject {
  if (!field) return schema;
  return described(refinedByType(schema, field), field);
}

function refinedByType(schema: SchemaObject, field: FieldDef): SchemaObject {
  if ((field.type === "int" || field.type === "foreignKey") && schema.type === "integer") {
    const refined: SchemaObject = schema.format === undefined ? { ...schema, format: "int64" } : { ...schema };
    // A foreign key names an existing row: a documented rule beyond its type (a 400 otherwise).
    if (field.type === "foreignKey" && field.references) refined.description ??= referenceDescription(field.references);
    return refined;
  }
  if (schema.type !== "string" || schema.enum) return schema;
  if (field.type === "string" || field.type === "text") return { ...schema, ...textRules(field) };
  if (field.type === "time") return { ...schema, pattern: TIME_VALUE_PATTERN };
  if (field.type === "date") return { ...schema, pattern: DATE_VALUE_PATTERN };
  return schema;
}

/** The value of one query parameter: what the filter coerces the text into. */
function queryScalar(field: FieldDef, choices: boolean): SchemaObject {
  if (field.type === "bool") return { anyOf: [{ type: "boolean" }, { type: "integer", enum: [0, 1] }] };
  if (field.type === "time") {
    // A date (its midnight, UTC) or a date-time with its offset: the filter's own grammar.
    return { type: "string", pattern: TIME_FILTER_PATTERN, anyOf: [{ format: "date" }, { format: "date-time" }] };
  }
  // A decimal filter is text, held to the field's digits as a body's is.
  if (field.type === "decimal") return { type: "string", format: "decimal", pattern: decimalPattern(field) };
  const base = typeSchema(field, { typeMode: "input" });
  delete base.description;
  delete base.readOnly;
  if (field.type === "string" || field.type === "text") {
    delete base.maxLength;
    delete base.minLength;
    // A filter may look for a blank value: only what no database stores is refused.
    if (base.pattern !== undefined) base.pattern = STORABLE_TEXT_PATTERN;
  }
  return choices ? withChoices(base, field) : base;
}

/**
 * The comma-separated form API.md promises for `in`, `range` and `ordering` (`?status__in=live,draft`),
 * as django-filter reads them and drf-spectacular declares them. The server also reads repeated keys.
 */
export const COMMA_SEPARATED = { style: "form", explode: false } as const;

/** A scalar filter whose key may be repeated, each value another match (`?status=live&status=draft`). */
function repeatable(scalar: SchemaObject): SchemaObject {
  return { anyOf: [scalar, { type: "array", items: scalar }] };
}

/** The schema and serialization of the query parameter `field__lookup`. */
export function lookupParameter(
  field: FieldDef,
  lookup: Lookup,
): { schema: SchemaObject; style: "form"; explode: boolean; description: string } {
  switch (lookup) {
    case "exact":
      return {
        schema: repeatable(queryScalar(field, true)),
        style: "form",
        explode: true,
        description: "Equal to (the parameter repeated matches any of its values).",
      };
    case "isnull":
      return {
        schema: repeatable(queryScalar({ type: "bool" }, false)),
        style: "form",
        explode: true,
        description: "true or 1: the value is null; false or 0: it is not.",
      };
    case "in":
      return {
        schema: { type: "array", items: queryScalar(field, true) },
        ...COMMA_SEPARATED,
        description: "Any of these values, comma-separated.",
      };
    case "range":
      return {
        schema: { type: "array", items: queryScalar(field, false), minItems: 2, maxItems: 2 },
        ...COMMA_SEPARATED,
        description: "Between two values, both included: a comma-separated pair.",
      };
    default:
      return {
        schema: repeatable(queryScalar(field, false)),
        style: "form",
        explode: true,
        description: `${LOOKUP_TEXT[lookup]} (the parameter repeated matches any of its values)`,
      };
  }
}

const LOOKUP_TEXT: Record<Exclude<Lookup, "exact" | "isnull" | "in" | "range">, string> = {
  iexact: "Equal to, ignoring case",
  contains: "Contains this text",
  icontains: "Contains this text, ignoring case",
  startswith: "Starts with this text",
  istartswith: "Starts with this text, ignoring case",
  endswith: "Ends with this text",
  iendswith: "Ends with this text, ignoring case",
  gt: "Greater than",
  gte: "Greater than or equal to",
  lt: "Less than",
  lte: "Less than or equal to",
};

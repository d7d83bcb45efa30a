/** The OpenAPI schemas of a viewset's request and response bodies, from its field plan. */
import type { ModelShape } from "../models/define-model.js";
import type { FieldPlan } from "../serializers/field-plan.js";
import { declaredFieldSchema } from "./declared-schemas.js";
import { fieldSchema, refineConverted } from "./field-schemas.js";
import { type DefinitionTarget, valibotToOpenAPI } from "./json-schema.js";
import type { SchemaObject } from "../http/openapi-types.js";

/** The response body: every response field, non-writable ones marked `readOnly`; all present unless `sparse`. */
export function responseSchema(
  model: ModelShape,
  plan: FieldPlan,
  definitions: DefinitionTarget,
  sparse = false,
): SchemaObject {
  const properties: Record<string, SchemaObject> = {};
  for (const name of plan.response) {
    const readOnly = !plan.writable.has(name);
    const declared = plan.declared.get(name);
    properties[name] = declared
      ? declaredFieldSchema(model, name, declared, !readOnly)
      : fieldSchema(model.fields[name]!, { readOnly, definitions });
  }
  const schema: SchemaObject = { type: "object", properties };
  if (sparse) {
    schema.description = "Only the fields `fields` names, or all but those `omit` names.";
  } else if (plan.response.length > 0) schema.required = [...plan.response];
  return schema;
}

/**
 * A request body from the model's valibot schema, narrowed to the writable fields (the viewset
 * drops the others). A field whose schema cannot be converted (a transform, a custom check) is
 * described from its field declaration instead.
 */
export function requestSchema(
  model: ModelShape,
  plan: FieldPlan,
  partial: boolean,
  definitions: DefinitionTarget,
  rejectUnknown = false,
): SchemaObject {
  const base = partial ? model.partialSchema : model.schema;
  const entries = (base as { entries?: unknown }).entries;
  const whole = valibotToOpenAPI(base, definitions) ?? {};
  if (typeof entries !== "object" || entries === null) return whole;
  const converted = (whole.properties ?? {}) as Record<string, SchemaObject>;
  // A writable related field takes its foreign key's place: the same value, under its own key.
  const requestKeys = new Map([...plan.writeSources].map(([key, source]) => [source, key]));
  const keyOf = (name: string) => requestKeys.get(name) ?? name;
  const properties: Record<string, SchemaObject> = {};
  for (const [name, entry] of Object.entries(entries as Record<string, Parameters<typeof valibotToOpenAPI>[0]>)) {
    if (!plan.writable.has(keyOf(name))) continue;
    const field = model.fields[name];
    const strict = valibotToOpenAPI(entry, definitions, { strict: true });
    properties[keyOf(name)] = strict
      ? refineConverted(strict, field)
      : field
        ? fieldSchema(field, { definitions, typeMode: "input" })
        : (converted[name] ?? {});
  }
  const schema: SchemaObject = { type: "object", properties };
  if (rejectUnknown) closeRequest(schema, model, plan, definitions);
  const required = partial
    ? []
    : ((whole.required as string[] | undefined) ?? []).map(keyOf).filter((name) => name in properties);
  if (required.length > 0) schema.required = required;
  return schema;
}

/**
 * A viewset with `rejectUnknownRequestFields` refuses any other key (`additionalProperties: false`),
 * but the response's read-only fields that a client echoes back are ignored: they are listed,
 * read-only, so that a body copied from a response stays valid.
 */
function closeRequest(schema: SchemaObject, model: ModelShape, plan: FieldPlan, definitions: DefinitionTarget): void {
  const properties = schema.properties as Record<string, SchemaObject>;
  const response = responseSchema(model, plan, definitions).properties as Record<string, SchemaObject>;
  for (const [name, property] of Object.entries(response)) {
    if (properties[name] !== undefined) continue;
    properties[name] = { ...property, readOnly: true, description: "Read-only: ignored in a request." };
  }
  schema.additionalProperties = false;
}

/** The list body of a paginator that does not describe itself: at least `results`, with the usual links. */
export function genericEnvelope(results: SchemaObject): SchemaObject {
  return {
    type: "object",
    properties: {
      count: { type: "integer" },
      next: { type: "string", format: "uri", nullable: true },
      previous: { type: "string", format: "uri", nullable: true },
      results,
    },
    required: ["results"],
  };
}

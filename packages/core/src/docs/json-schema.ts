/** Valibot schemas as OpenAPI 3.0 schema objects, recursive ones as named definitions. */
import { toJsonSchema } from "@valibot/to-json-schema";
import type { GenericSchema } from "valibot";
import type { SchemaObject } from "../http/openapi-types.js";

/** Where the definitions of recursive schemas go (components.schemas), under which name prefix. */
export interface DefinitionTarget {
  readonly schemas: Record<string, SchemaObject>;
  readonly prefix: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const NAME_UNSAFE = /[^A-Za-z0-9._-]/g;

/** A component name OpenAPI accepts (`^[a-zA-Z0-9.\-_]+$`). */
export function componentName(text: string): string {
  const name = text.replace(NAME_UNSAFE, "_");
  return name === "" ? "_" : name;
}

/**
 * Converts a valibot schema to an OpenAPI 3.0 Schema Object. With `strict`, returns null when
 * any part cannot be converted (a transform, a custom `check`), so that the caller can fall back
 * to a schema it derives another way; otherwise those parts are left out.
 */
export function valibotToOpenAPI(
  schema: GenericSchema,
  definitions: DefinitionTarget,
  options: { readonly strict?: boolean; readonly typeMode?: "input" | "output" } = {},
): SchemaObject | null {
  let converted: unknown;
  try {
    converted = toJsonSchema(schema, {
      target: "openapi-3.0",
      // A request body is described as the client sends it: conversion stops before transforms.
      // A response (a JSON field's stored value) is described as what comes out of them.
      typeMode: options.typeMode ?? "input",
      errorMode: options.strict ? "throw" : "ignore",
    });
  } catch {
    if (options.strict) return null;
    return {};
  }
  return toOpenAPI30(converted, definitions);
}

/**
 * Rewrites a JSON Schema (draft-07 or 2020-12, or the converter's OpenAPI target) into the
 * OpenAPI 3.0 dialect: `nullable` instead of null types, `enum` instead of `const`, `example`
 * instead of `examples`, tuples as bounded arrays, definitions moved to components.
 */
export function toOpenAPI30(schema: unknown, definitions: DefinitionTarget): SchemaObject {
  if (!isObject(schema)) return {};
  const refs = new Map<string, string>();
  const defs = {
    ...(isObject(schema.definitions) ? schema.definitions : {}),
    ...(isObject(schema.$defs) ? schema.$defs : {}),
  };
  const names = new Map<string, string>();
  for (const key of Object.keys(defs)) {
    const name = componentName(`${definitions.prefix}${key}`);
    names.set(key, name);
    refs.set(`#/$defs/${key}`, `#/components/schemas/${name}`);
    refs.set(`#/definitions/${key}`, `#/components/schemas/${name}`);
  }
  for (const [key, def] of Object.entries(defs)) {
    definitions.schemas[names.get(key)!] = normalize(def, refs);
  }
  return normalize(schema, refs);
}

// Keywords OpenAPI 3.0 does not have and that cannot be rewritten into one it has.
const DROPPED: ReadonlySet<string> = new Set([
  "$schema",
  "$id",
  "$comment",
  "$defs",
  "definitions",
  "propertyNames",
  "contains",
  "if",
  "then",
  "else",
  "dependencies",
  "dependentSchemas",
  "dependentRequired",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contentEncoding",
  "contentMediaType",
]);

function isNullBranch(branch: unknown): boolean {
  if (!isObject(branch)) return false;
  if (branch.type === "null") return true;
  return Array.isArray(branch.enum) && branch.enum.length === 1 && branch.enum[0] === null && branch.type === undefined;
}

function normalizeList(value: unknown, refs: ReadonlyMap<string, string>): SchemaObject[] {
  return Array.isArray(value) ? value.map((item) => normalize(item, refs)) : [];
}

function normalizeMap(value: unknown, refs: ReadonlyMap<string, string>): Record<string, SchemaObject> {
  const out: Record<string, SchemaObject> = {};
  if (isObject(value)) for (const [key, item] of Object.entries(value)) out[key] = normalize(item, refs);
  return out;
}

/** A tuple as OpenAPI 3.0 can say it: an array of any of the item schemas, of that length. */
function tupleItems(out: SchemaObject, items: SchemaObject[], additional: unknown): void {
  const distinct = dedupe(items);
  out.items = distinct.length === 1 ? distinct[0]! : distinct.length === 0 ? {} : { anyOf: distinct };
  if (out.minItems === undefined) out.minItems = items.length;
  if (additional === false || additional === undefined) out.maxItems ??= items.length;
}

function dedupe(schemas: SchemaObject[]): SchemaObject[] {
  const seen = new Set<string>();
  return schemas.filter((schema) => {
    const key = JSON.stringify(schema);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function normalize(node: unknown, refs: ReadonlyMap<string, string>): SchemaObject {
  if (node === true || !isObject(node)) return {};
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key)) continue;
    switch (key) {
      case "const":
        out.enum = [value];
        break;
      case "examples":
        if (Array.isArray(value) && value.length > 0) out.example = value[0];
        break;
      case "$ref":
        out.$ref = typeof value === "string" ? (refs.get(value) ?? value) : value;
        break;
      case "properties":
      case "patternProperties":
        if (key === "properties") out.properties = normalizeMap(value, refs);
        else if (out.additionalProperties === undefined && isObject(value)) {
          // OpenAPI 3.0 has no patternProperties: the value schemas are all it can keep.
          const schemas = dedupe(Object.values(value).map((item) => normalize(item, refs)));
          out.additionalProperties = schemas.length === 1 ? schemas[0]! : { anyOf: schemas };
        }
        break;
      case "items":
        if (Array.isArray(value)) tupleItems(out, normalizeList(value, refs), node.additionalItems);
        else out.items = normalize(value, refs);
        break;
      case "prefixItems":
        tupleItems(out, normalizeList(value, refs), node.items);
        break;
      case "additionalItems":
        break;
      case "additionalProperties":
        out.additionalProperties = typeof value === "boolean" ? value : normalize(value, refs);
        break;
      case "not":
        out.not = normalize(value, refs);
        break;
      case "allOf":
      case "anyOf":
      case "oneOf":
        out[key] = normalizeList(value, refs);
        break;
      case "exclusiveMinimum":
      case "exclusiveMaximum":
        if (typeof value === "number") {
          out[key === "exclusiveMinimum" ? "minimum" : "maximum"] = value;
          out[key] = true;
        } else out[key] = value;
        break;
      case "required":
        if (Array.isArray(value) && value.length > 0) out.required = value;
        break;
      case "type":
        break;
      default:
        out[key] = value;
    }
  }
  if (node.prefixItems !== undefined && out.items === undefined) out.items = {};
  applyType(out, node.type);
  for (const key of ["anyOf", "oneOf"] as const) liftNull(out, key);
  // `type` first, as people write schemas.
  return out.type === undefined ? out : { type: out.type, ...out };
}

function applyType(out: SchemaObject, type: unknown): void {
  if (typeof type === "string") {
    if (type === "null") {
      out.nullable = true;
      out.enum = [null];
    } else out.type = type;
    return;
  }
  if (!Array.isArray(type)) return;
  const types = type.filter((item) => item !== "null");
  if (types.length < type.length) out.nullable = true;
  if (types.length === 1) out.type = types[0];
  else if (types.length > 1)
    out.anyOf = [...((out.anyOf as SchemaObject[] | undefined) ?? []), ...types.map((item) => ({ type: item }))];
}

/** `anyOf: [X, null]` becomes X with `nullable: true`; identical branches collapse. */
function liftNull(out: SchemaObject, key: "anyOf" | "oneOf"): void {
  const branches = out[key] as SchemaObject[] | undefined;
  if (!branches) return;
  const rest = dedupe(branches.filter((branch) => !isNullBranch(branch)));
  if (branches.some(isNullBranch)) out.nullable = true;
  if (rest.length === 0) {
    delete out[key];
    return;
  }
  if (rest.length > 1) {
    out[key] = rest;
    return;
  }
  delete out[key];
  const only = rest[0]!;
  if (only.$ref !== undefined) {
    // A $ref ignores its siblings in OpenAPI 3.0: wrap it so that `nullable` still applies.
    out.allOf = [only];
    return;
  }
  for (const [name, value] of Object.entries(only)) {
    if (out[name] === undefined) out[name] = value;
  }
}

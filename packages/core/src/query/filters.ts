import { ValidationError } from "../http/errors.js";
import type { FieldDef } from "../models/fields.js";
import { CoercionError, coerceValue, parseBoolean } from "./coerce.js";
import { type Condition, type Expression, type FilterValue, type Lookup, LOOKUPS, and, or } from "./expression.js";

/** Query parameters the list pipeline itself reads; never filters. */
export const RESERVED_PARAMS: ReadonlySet<string> = new Set([
  "page",
  "page_size",
  "ordering",
  "search",
  "cursor",
  "format",
]);

const KNOWN_LOOKUPS: ReadonlySet<string> = new Set(LOOKUPS);
const TEXT_LOOKUPS: ReadonlySet<Lookup> = new Set([
  "iexact",
  "contains",
  "icontains",
  "startswith",
  "istartswith",
  "endswith",
  "iendswith",
]);

// Computed once: lookupsFor runs for every filter parameter of every list request.
const NO_LOOKUPS: readonly Lookup[] = Object.freeze([]);
const BOOL_LOOKUPS: readonly Lookup[] = Object.freeze(["exact", "in", "isnull"]);
const ORDERED_LOOKUPS: readonly Lookup[] = Object.freeze(LOOKUPS.filter((lookup) => !TEXT_LOOKUPS.has(lookup)));

/** Which lookups a field type takes. JSON fields are not filterable. */
export function lookupsFor(field: FieldDef): readonly Lookup[] {
  switch (field.type) {
    case "json":
      return NO_LOOKUPS;
    case "bool":
      return BOOL_LOOKUPS;
    case "string":
    case "text":
      return LOOKUPS;
    default:
      return ORDERED_LOOKUPS;
  }
}

export function isFilterable(field: FieldDef): boolean {
  return field.type !== "json";
}

function invalid(param: string, message: string): ValidationError {
  return new ValidationError({ [param]: [message] }, `Invalid value for filter "${param}".`);
}

function coerceChoice(param: string, field: FieldDef, text: string): FilterValue {
  const value = coerceValue(field, text);
  if (field.choices && !field.choices.includes(value as string | number)) {
    throw invalid(param, `Select a valid choice. ${text.slice(0, 50)} is not one of the available choices.`);
  }
  return value;
}

function buildCondition(param: string, name: string, field: FieldDef, lookup: Lookup, text: string): Condition {
  if (lookup === "isnull") {
    const value = parseBoolean(text);
    if (value === null) throw invalid(param, "Enter true, false, 1 or 0.");
    return { kind: "condition", field: name, lookup, value };
  }
  if (lookup === "in" || lookup === "range") {
    const parts = text === "" ? [] : text.split(",");
    if (lookup === "range" && parts.length !== 2) throw invalid(param, "Enter two comma-separated values.");
    const values = parts.map((part) => coerceChoice(param, field, part));
    if (lookup === "range") return { kind: "condition", field: name, lookup, value: [values[0]!, values[1]!] };
    return { kind: "condition", field: name, lookup, value: values };
  }
  const value = lookup === "exact" ? coerceChoice(param, field, text) : coerceValue(field, text);
  return { kind: "condition", field: name, lookup, value };
}

/** Splits `price__gte` into field and lookup, when the field is filterable. */
function parseKey(
  key: string,
  fields: Readonly<Record<string, FieldDef>>,
  filterable: ReadonlySet<string>,
): { name: string; field: FieldDef; lookup: string } | null {
  if (filterable.has(key)) return { name: key, field: fields[key]!, lookup: "exact" };
  const split = key.lastIndexOf("__");
  if (split <= 0) return null;
  const name = key.slice(0, split);
  if (!filterable.has(name)) return null;
  return { name, field: fields[name]!, lookup: key.slice(split + 2) };
}

/**
 * The filter expression of the query parameters: keys are ANDed, repeated keys ORed.
 * Parameters that name no filterable field are ignored; a bad value or an unknown lookup on a
 * filterable field is a 400 that names the parameter.
 */
export function buildFilters(
  params: ReadonlyMap<string, readonly string[]>,
  fields: Readonly<Record<string, FieldDef>>,
  filterable: ReadonlySet<string>,
): Expression | null {
  const clauses: Expression[] = [];
  for (const [key, values] of params) {
    if (RESERVED_PARAMS.has(key)) continue;
    const parsed = parseKey(key, fields, filterable);
    if (!parsed) continue;
    const { name, field, lookup } = parsed;
    if (!KNOWN_LOOKUPS.has(lookup) || !lookupsFor(field).includes(lookup as Lookup)) {
      throw invalid(key, `Unknown lookup "${lookup.slice(0, 30)}" for field "${name}".`);
    }
    try {
      clauses.push(or(values.map((text) => buildCondition(key, name, field, lookup as Lookup, text))));
    } catch (error) {
      if (error instanceof CoercionError) throw invalid(key, error.message);
      throw error;
    }
  }
  return clauses.length === 0 ? null : and(clauses);
}

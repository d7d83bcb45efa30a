/** The filter query parameters of a list (`?price__gte=`) parsed into one filter expression. */
import { ValidationError } from "../http/errors.js";
import type { FieldDef } from "../models/fields.js";
import { textProblem } from "../models/storable.js";
import { CoercionError, coerceValue, parseBoolean } from "./coerce.js";
import {
  type Condition,
  type Expression,
  type FilterValue,
  type Lookup,
  LOOKUPS,
  and,
  or,
} from "./filter-expression.js";
import { lookupsFor } from "./lookups.js";

export { isFilterable, lookupsFor } from "./lookups.js";

/** Query parameters the list pipeline itself reads; never filters. */
export const RESERVED_PARAMS: ReadonlySet<string> = new Set([
  "page",
  "page_size",
  "ordering",
  "search",
  "cursor",
  "format",
  "fields",
  "omit",
]);

const KNOWN_LOOKUPS: ReadonlySet<string> = new Set(LOOKUPS);

/** Query parameters one request may carry, as Django's DATA_UPLOAD_MAX_NUMBER_FIELDS. */
export const MAX_QUERY_PARAMETERS = 1000;
/** Distinct values one filter parameter may carry: its repeats and its `in` items together. */
export const MAX_FILTER_VALUES = 1000;

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

/** One spelling per value, so "1" and "01" of an int, or "live" sent twice, count once. */
function valueKey(value: FilterValue): string {
  return `${typeof value}:${value instanceof Date ? value.getTime() : String(value)}`;
}

function distinct(values: readonly FilterValue[]): FilterValue[] {
  const seen = new Map<string, FilterValue>();
  for (const value of values) seen.set(valueKey(value), value);
  return [...seen.values()];
}

/**
 * The texts of one parameter, each once, after refusing what no database stores as sent and
 * more values than a parameter may carry. `split` spreads `in` lists into their items.
 */
function distinctTexts(param: string, texts: readonly string[], split: boolean): string[] {
  const unique = new Set<string>();
  for (const text of texts) {
    const problem = textProblem(text);
    if (problem) throw invalid(param, problem);
    if (!split) unique.add(text);
    else if (text !== "") for (const part of text.split(",")) unique.add(part);
    if (unique.size > MAX_FILTER_VALUES)
      throw invalid(param, `Ensure that there are no more than ${MAX_FILTER_VALUES} values.`);
  }
  return [...unique];
}

/**
 * `exact` and `in` values of one parameter as one condition: a repeated key (`?status=a&status=b`)
 * becomes one `in` list rather than a chain of ORs, so no number of repeats can reach a
 * database's limit on expression depth (SQLite's is 1000).
 */
function membership(
  param: string,
  name: string,
  field: FieldDef,
  lookup: "exact" | "in",
  texts: readonly string[],
): Condition {
  const values = distinct(distinctTexts(param, texts, lookup === "in").map((text) => coerceChoice(param, field, text)));
  if (lookup === "exact" && values.length === 1) return { kind: "condition", field: name, lookup, value: values[0]! };
  return { kind: "condition", field: name, lookup: "in", value: values };
}

function buildCondition(param: string, name: string, field: FieldDef, lookup: Lookup, text: string): Condition {
  if (lookup === "isnull") {
    const value = parseBoolean(text);
    if (value === null) throw invalid(param, "Enter true, false, 1 or 0.");
    return { kind: "condition", field: name, lookup, value };
  }
  if (lookup === "range") {
    const parts = text === "" ? [] : text.split(",");
    if (parts.length !== 2) throw invalid(param, "Enter two comma-separated values.");
    const values = parts.map((part) => coerceChoice(param, field, part));
    return { kind: "condition", field: name, lookup, value: [values[0]!, values[1]!] };
  }
  return {
    kind: "condition",
    field: name,
    lookup: lookup as Exclude<Lookup, "in" | "range" | "isnull">,
    value: coerceValue(field, text),
  };
}

/** One parameter's condition: any of its values (each distinct value once). */
function parameterCondition(
  param: string,
  name: string,
  field: FieldDef,
  lookup: Lookup,
  texts: readonly string[],
): Expression {
  if (lookup === "exact" || lookup === "in") return membership(param, name, field, lookup, texts);
  const conditions = new Map<string, Condition>();
  for (const text of distinctTexts(param, texts, false)) {
    const condition = buildCondition(param, name, field, lookup, text);
    const value = condition.value;
    conditions.set(Array.isArray(value) ? value.map(valueKey).join(",") : valueKey(value as FilterValue), condition);
  }
  return or([...conditions.values()]);
}

/**
 * Generated clients (openapi-fetch, orval) send an array as repeated keys: `?price__range=1&price__range=5`
 * is one range, as `?price__range=1,5` is (repeated `in` keys already make one list).
 */
function conditionTexts(lookup: string, values: readonly string[]): readonly string[] {
  if (lookup === "range" && values.length === 2 && !values.some((text) => text.includes(","))) {
    return [values.join(",")];
  }
  return values;
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

/** Refuses a query string of more parameters than a request may carry, naming the one past the bound. */
function checkParameterCount(params: ReadonlyMap<string, readonly string[]>): void {
  let count = 0;
  for (const [key, values] of params) {
    count += values.length;
    if (count > MAX_QUERY_PARAMETERS) {
      throw new ValidationError(
        { [key.slice(0, 100)]: [`Ensure that a request has no more than ${MAX_QUERY_PARAMETERS} query parameters.`] },
        `Too many query parameters: at most ${MAX_QUERY_PARAMETERS}.`,
      );
    }
  }
}

/** `strictFilters`: the parameters that name no filter, each named in a 400 (at most 20 of them). */
function unknownParameters(unknown: readonly string[]): ValidationError {
  const named = unknown.slice(0, 20).map((key) => key.slice(0, 100));
  const errors = Object.fromEntries(named.map((key) => [key, ["Unknown query parameter."]]));
  return new ValidationError(errors, `Unknown query parameters: ${named.join(", ")}.`);
}

/**
 * The filter expression of the query parameters: keys are ANDed, repeated keys ORed (as one `in`
 * list for `exact` and `in`), each distinct value once. Parameters that name no filterable field
 * are ignored (django-filter's default), or with `strict` a 400 naming each; a bad value, an
 * unknown lookup on a filterable field, a NUL character or too many values is a 400 that names
 * the parameter, as is a query string of too many parameters.
 */
export function buildFilters(
  params: ReadonlyMap<string, readonly string[]>,
  fields: Readonly<Record<string, FieldDef>>,
  filterable: ReadonlySet<string>,
  strict = false,
): Expression | null {
  checkParameterCount(params);
  const clauses: Expression[] = [];
  const unknown: string[] = [];
  for (const [key, values] of params) {
    if (RESERVED_PARAMS.has(key)) continue;
    const parsed = parseKey(key, fields, filterable);
    if (!parsed) {
      if (strict) unknown.push(key);
      continue;
    }
    const { name, field, lookup } = parsed;
    const allowed = lookupsFor(field);
    if (!KNOWN_LOOKUPS.has(lookup) || !allowed.includes(lookup as Lookup)) {
      throw invalid(
        key,
        `Unknown lookup "${lookup.slice(0, 30)}" for field "${name}"; it takes: ${allowed.join(", ")}.`,
      );
    }
    try {
      clauses.push(parameterCondition(key, name, field, lookup as Lookup, conditionTexts(lookup, values)));
    } catch (error) {
      if (error instanceof CoercionError) throw invalid(key, error.message);
      throw error;
    }
  }
  if (unknown.length > 0) throw unknownParameters(unknown);
  return clauses.length === 0 ? null : and(clauses);
}

/** Sparse answers: `?fields=` and `?omit=` narrowing a response's fields and columns. */
import { type FieldErrors, ValidationError } from "../http/errors.js";
import type { ModelShape } from "../models/define-model.js";
import type { QueryParams } from "../query/list-query.js";
import { type QuerySet, selectOnly } from "../query/manager.js";
import type { FieldPlan } from "./field-plan.js";
import { sourceOf } from "./related.js";

/** `?fields=id,name`: only these response fields (as drf-flex-fields). */
export const FIELDS_PARAM = "fields";
/** `?omit=body`: every response field but these. */
export const OMIT_PARAM = "omit";

// A query string may name any number of fields: report a few unknown ones, each cut short.
const MAX_REPORTED = 10;
const MAX_NAME_LENGTH = 50;

/**
 * The names of a repeated, comma-separated parameter, or undefined when it names none (`?fields=`,
 * an empty list). Each name is taken as written: `?fields=id,` names "" and ` id` is not `id`, as
 * the document's enum of names says.
 */
function namesOf(values: readonly string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  const names = values.flatMap((value) => (value === "" ? [] : value.split(",")));
  return names.length === 0 ? undefined : names;
}

function unknownNames(param: string, names: readonly string[], shown: ReadonlySet<string>): string[] {
  const unknown = [...new Set(names.filter((name) => !shown.has(name)))];
  return unknown.slice(0, MAX_REPORTED).map((name) => `Unknown field "${name.slice(0, MAX_NAME_LENGTH)}" in ${param}.`);
}

/**
 * The plan of a list or retrieve narrowed by `?fields=` and `?omit=` (the plan itself when the
 * request names none). Only response fields may be named: any other name is a 400 naming it.
 */
export function sparseFieldPlan(plan: FieldPlan, params: QueryParams): FieldPlan {
  const fields = namesOf(params.get(FIELDS_PARAM));
  const omit = namesOf(params.get(OMIT_PARAM));
  if (fields === undefined && omit === undefined) return plan;
  const shown = new Set(plan.response);
  const errors: FieldErrors = {};
  if (fields) {
    const unknown = unknownNames(FIELDS_PARAM, fields, shown);
    if (unknown.length > 0) errors[FIELDS_PARAM] = unknown;
  }
  if (omit) {
    const unknown = unknownNames(OMIT_PARAM, omit, shown);
    if (unknown.length > 0) errors[OMIT_PARAM] = unknown;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors, "Unknown field names in fields or omit.");
  const chosen = fields ? new Set(fields) : undefined;
  const omitted = new Set(omit);
  const response = plan.response.filter((name) => (chosen === undefined || chosen.has(name)) && !omitted.has(name));
  const decimals = plan.decimals.filter(([name]) => response.includes(name));
  return { ...plan, response, decimals };
}

/**
 * The model fields a narrowed response reads: its own, the primary key, each related field's
 * foreign key, what its computed fields use, and the ordering's fields (a cursor is made of
 * them). Undefined, every field, when a computed field does not say what it uses.
 */
export function fieldsToLoad(model: ModelShape, plan: FieldPlan, ordering: readonly string[]): string[] | undefined {
  const needed = new Set([model.primaryKey]);
  for (const name of plan.response) {
    const field = plan.declared.get(name);
    if (field === undefined) needed.add(name);
    else if (field.kind === "related") needed.add(sourceOf(name, field));
    else if (field.uses === undefined) return undefined;
    else for (const used of field.uses) needed.add(used);
  }
  for (const term of ordering) needed.add(term.startsWith("-") ? term.slice(1) : term);
  return [...needed].filter((name) => Object.hasOwn(model.fields, name));
}

/** A list's query set narrowed to the fields a sparse response reads (where the query set can narrow). */
export function narrowColumns<Row>(
  queryset: QuerySet<Row>,
  model: ModelShape,
  plan: FieldPlan,
  ordering: readonly string[],
): QuerySet<Row> {
  const fields = fieldsToLoad(model, plan, ordering);
  return fields ? selectOnly(queryset, fields) : queryset;
}

/** `?search=`: each term must match one of the searchable fields. */
import { ValidationError } from "../http/errors.js";
import { textProblem } from "../models/storable.js";
import { type Expression, and, or } from "./filter-expression.js";

const MAX_TERMS = 10;
const MAX_TERM_LENGTH = 100;

/**
 * `?search=red shoe`: every term must match at least one of the search fields (icontains), as
 * DRF's SearchFilter. Terms split on white space and commas.
 */
export function buildSearch(param: readonly string[] | undefined, searchFields: readonly string[]): Expression | null {
  const text = param?.[0];
  if (!text || searchFields.length === 0) return null;
  const problem = textProblem(text);
  if (problem) throw new ValidationError({ search: [problem] }, 'Invalid value for "search".');
  const terms = [...new Set(text.split(/[\s,]+/).filter((term) => term !== ""))]
    .slice(0, MAX_TERMS)
    .map((term) => term.slice(0, MAX_TERM_LENGTH));
  if (terms.length === 0) return null;
  return and(
    terms.map((term) =>
      or(searchFields.map((field) => ({ kind: "condition", field, lookup: "icontains", value: term }) as const)),
    ),
  );
}

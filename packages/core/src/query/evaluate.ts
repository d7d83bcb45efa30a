/** Filter expressions and orderings evaluated in memory, for managers without a database. */
import type { Expression, FilterValue } from "./filter-expression.js";
import { fieldOf } from "./ordering.js";

/** Comparable form of a value: numbers stay numbers (or bigint), dates become epoch ms. */
function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  return value;
}

function numericOrText(a: unknown, b: unknown): [unknown, unknown] {
  // Decimals are strings in rows and filters: compare them as numbers.
  if (
    typeof a === "string" &&
    typeof b === "string" &&
    !Number.isNaN(Number(a)) &&
    !Number.isNaN(Number(b)) &&
    a.trim() !== "" &&
    b.trim() !== ""
  ) {
    return [Number(a), Number(b)];
  }
  if (typeof a === "string" && (typeof b === "number" || typeof b === "bigint")) return [Number(a), b];
  return [a, b];
}

function compare(rowValue: unknown, filterValue: FilterValue): number | null {
  if (rowValue === null || rowValue === undefined) return null;
  const [a, b] = numericOrText(comparable(rowValue), comparable(filterValue));
  if (typeof a === "bigint" || typeof b === "bigint") {
    if ((typeof a !== "bigint" && typeof a !== "number") || (typeof b !== "bigint" && typeof b !== "number"))
      return null;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a !== typeof b) {
    if (typeof a === "number" && typeof b === "string") return compare(a, Number(b));
    return null;
  }
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

function text(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Whether a row matches an expression, with the semantics the SQL managers have. */
export function matches(row: object, expression: Expression): boolean {
  if (expression.kind === "and") return expression.children.every((child) => matches(row, child));
  if (expression.kind === "or") return expression.children.some((child) => matches(row, child));
  const value = (row as Record<string, unknown>)[expression.field];
  switch (expression.lookup) {
    case "isnull":
      return (value === null || value === undefined) === expression.value;
    case "exact":
      return compare(value, expression.value) === 0;
    case "in":
      return expression.value.some((item) => compare(value, item) === 0);
    case "range": {
      const low = compare(value, expression.value[0]);
      const high = compare(value, expression.value[1]);
      return low !== null && high !== null && low >= 0 && high <= 0;
    }
    case "gt":
      return (compare(value, expression.value) ?? 0) > 0;
    case "gte": {
      const result = compare(value, expression.value);
      return result !== null && result >= 0;
    }
    case "lt":
      return (compare(value, expression.value) ?? 0) < 0;
    case "lte": {
      const result = compare(value, expression.value);
      return result !== null && result <= 0;
    }
  }
  if (value === null || value === undefined) return false;
  const haystack = text(value);
  const needle = text(expression.value);
  switch (expression.lookup) {
    case "iexact":
      return haystack.toLowerCase() === needle.toLowerCase();
    case "contains":
      return haystack.includes(needle);
    case "icontains":
      return haystack.toLowerCase().includes(needle.toLowerCase());
    case "startswith":
      return haystack.startsWith(needle);
    case "istartswith":
      return haystack.toLowerCase().startsWith(needle.toLowerCase());
    case "endswith":
      return haystack.endsWith(needle);
    case "iendswith":
      return haystack.toLowerCase().endsWith(needle.toLowerCase());
  }
}

/** A comparator for `orderBy` terms; nulls sort first ascending (as SQLite does). */
export function compareRows(terms: readonly string[]): (a: object, b: object) => number {
  return (a, b) => {
    for (const term of terms) {
      const field = fieldOf(term);
      const direction = term.startsWith("-") ? -1 : 1;
      const left = (a as Record<string, unknown>)[field];
      const right = (b as Record<string, unknown>)[field];
      const leftNull = left === null || left === undefined;
      const rightNull = right === null || right === undefined;
      if (leftNull || rightNull) {
        if (leftNull && rightNull) continue;
        return (leftNull ? -1 : 1) * direction;
      }
      const result = compare(left, right as FilterValue) ?? text(left).localeCompare(text(right));
      if (result !== 0) return result * direction;
    }
    return 0;
  };
}

/**
 * Filter expressions: built by the core from query parameters, translated by managers
 * (`@viewsets/drizzle` turns them into SQL; the core evaluates them in memory otherwise).
 */

export const LOOKUPS = [
  "exact",
  "iexact",
  "contains",
  "icontains",
  "startswith",
  "istartswith",
  "endswith",
  "iendswith",
  "gt",
  "gte",
  "lt",
  "lte",
  "in",
  "range",
  "isnull",
] as const;

export type Lookup = (typeof LOOKUPS)[number];

/** A coerced filter value: numbers as `number` (or `bigint` past 2^53), decimals and dates as strings. */
export type FilterValue = string | number | bigint | boolean | Date;

export type Condition =
  | {
      readonly kind: "condition";
      readonly field: string;
      readonly lookup: Exclude<Lookup, "in" | "range" | "isnull">;
      readonly value: FilterValue;
    }
  | {
      readonly kind: "condition";
      readonly field: string;
      readonly lookup: "in";
      readonly value: readonly FilterValue[];
    }
  | {
      readonly kind: "condition";
      readonly field: string;
      readonly lookup: "range";
      readonly value: readonly [FilterValue, FilterValue];
    }
  | { readonly kind: "condition"; readonly field: string; readonly lookup: "isnull"; readonly value: boolean };

export type Expression =
  | Condition
  | { readonly kind: "and"; readonly children: readonly Expression[] }
  | { readonly kind: "or"; readonly children: readonly Expression[] };

export function and(children: readonly Expression[]): Expression {
  return children.length === 1 ? children[0]! : { kind: "and", children };
}

export function or(children: readonly Expression[]): Expression {
  return children.length === 1 ? children[0]! : { kind: "or", children };
}

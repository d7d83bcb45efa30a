/** Which lookups each field type offers, read by the filter parser and the OpenAPI document alike. */
import type { FieldDef } from "../models/fields.js";
import type { Lookup } from "./filter-expression.js";

/**
 * Which lookups make sense for a field: the one table the filter parser and the OpenAPI
 * document both read, so the document never offers a parameter the server refuses.
 *
 * - text (`string`, `text`): equality, the case-insensitive and pattern lookups, `in`. No
 *   `gt`/`lt`: text order is the database's collation, which differs between SQLite and PostgreSQL.
 * - choices (an enum) and foreign keys: equality and `in`; their order and substrings mean nothing.
 * - booleans: equality only (a repeated key already means "either").
 * - numbers, decimals, dates and timestamps: equality, comparisons, `in` and `range`.
 * - `isnull` only on nullable fields: on the others it always answers the same.
 * - JSON: none (not filterable at all).
 */
const BY_KIND = {
  none: [],
  bool: ["exact"],
  choice: ["exact", "in"],
  reference: ["exact", "in"],
  text: ["exact", "iexact", "contains", "icontains", "startswith", "istartswith", "endswith", "iendswith", "in"],
  ordered: ["exact", "gt", "gte", "lt", "lte", "in", "range"],
} as const satisfies Record<string, readonly Lookup[]>;

type LookupKind = keyof typeof BY_KIND;

function kindOf(field: FieldDef): LookupKind {
  if (field.type === "json") return "none";
  if (field.type === "bool") return "bool";
  if (field.type === "foreignKey") return "reference";
  if (field.choices) return "choice";
  if (field.type === "string" || field.type === "text") return "text";
  return "ordered";
}

// Frozen once: lookupsFor runs for every filter parameter of every list request.
function freezeTable(nullable: boolean): Record<LookupKind, readonly Lookup[]> {
  const table = {} as Record<LookupKind, readonly Lookup[]>;
  for (const [kind, lookups] of Object.entries(BY_KIND) as [LookupKind, readonly Lookup[]][]) {
    table[kind] = Object.freeze(nullable && kind !== "none" ? [...lookups, "isnull"] : [...lookups]);
  }
  return table;
}

const NOT_NULL = freezeTable(false);
const NULLABLE = freezeTable(true);

/** The lookups a field takes, `exact` first; empty when it cannot be filtered. */
export function lookupsFor(field: FieldDef): readonly Lookup[] {
  return (field.nullable === true ? NULLABLE : NOT_NULL)[kindOf(field)];
}

export function isFilterable(field: FieldDef): boolean {
  return field.type !== "json";
}

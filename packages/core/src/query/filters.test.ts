import { describe, expect, it } from "vitest";
import { ValidationError } from "../http/errors.js";
import { parseQuery } from "../http/request.js";
import type { FieldDef } from "../models/fields.js";
import { buildFilters, lookupsFor } from "./filters.js";

const fields: Record<string, FieldDef> = {
  id: { type: "int", primaryKey: true },
  name: { type: "string" },
  price: { type: "decimal" },
  live: { type: "bool" },
  status: { type: "string", choices: ["draft", "live"] },
  at: { type: "time" },
  day: { type: "date" },
  meta: { type: "json" },
};
const filterable = new Set(Object.keys(fields).filter((f) => f !== "meta"));
const build = (query: string) => buildFilters(parseQuery(query), fields, filterable);

function errorOf(query: string): ValidationError {
  try {
    build(query);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error(`${query} did not fail`);
}

describe("buildFilters", () => {
  it("builds typed conditions: keys ANDed, repeated keys ORed", () => {
    expect(build("id=1&id=9007199254740993&live=1")).toEqual({
      kind: "and",
      children: [
        {
          kind: "or",
          children: [
            { kind: "condition", field: "id", lookup: "exact", value: 1 },
            { kind: "condition", field: "id", lookup: "exact", value: 9007199254740993n },
          ],
        },
        { kind: "condition", field: "live", lookup: "exact", value: true },
      ],
    });
  });

  it("coerces each lookup's value", () => {
    expect(build("price__gte=12.50")).toEqual({ kind: "condition", field: "price", lookup: "gte", value: "12.50" });
    expect(build("at__lt=2024-01-02")).toEqual({
      kind: "condition",
      field: "at",
      lookup: "lt",
      value: new Date("2024-01-02T00:00:00Z"),
    });
    expect(build("day__range=2024-01-01,2024-02-29")).toEqual({
      kind: "condition",
      field: "day",
      lookup: "range",
      value: ["2024-01-01", "2024-02-29"],
    });
    expect(build("id__in=3,4")).toEqual({ kind: "condition", field: "id", lookup: "in", value: [3, 4] });
    expect(build("id__in=")).toEqual({ kind: "condition", field: "id", lookup: "in", value: [] });
    expect(build("name__isnull=0")).toEqual({ kind: "condition", field: "name", lookup: "isnull", value: false });
    expect(build("name__icontains=50%")).toEqual({
      kind: "condition",
      field: "name",
      lookup: "icontains",
      value: "50%",
    });
  });

  it("ignores reserved and unknown parameters, and non-filterable fields", () => {
    expect(build("page=2&page_size=3&ordering=id&search=x&colour=red&meta=1&meta__isnull=true&__proto__=1")).toBeNull();
  });

  it("names the parameter in a 400 for bad values and unknown lookups", () => {
    const cases: Record<string, string> = {
      "price=1,5": "price",
      "live=yes": "live",
      "status=gone": "status",
      "status__in=draft,gone": "status__in",
      "day=2024-02-30": "day",
      "at=noon": "at",
      "id__range=1,2,3": "id__range",
      "id__contains=1": "id__contains",
      "live__gt=true": "live__gt",
      "name__nope=1": "name__nope",
      "id=9223372036854775808": "id",
    };
    for (const [query, param] of Object.entries(cases)) {
      const error = errorOf(query);
      expect(Object.keys(error.errors), query).toEqual([param]);
    }
  });

  it("knows which lookups each type takes", () => {
    expect(lookupsFor({ type: "bool" })).toEqual(["exact", "in", "isnull"]);
    expect(lookupsFor({ type: "json" })).toEqual([]);
    expect(lookupsFor({ type: "int" })).not.toContain("icontains");
    expect(lookupsFor({ type: "text" })).toContain("iendswith");
  });
});

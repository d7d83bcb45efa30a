import { describe, expect, it } from "vitest";
import { ValidationError } from "../http/errors.js";
import { parseQuery } from "../http/request.js";
import type { FieldDef } from "../models/fields.js";
import { MAX_FILTER_VALUES, MAX_QUERY_PARAMETERS, buildFilters, lookupsFor } from "./filters.js";

const fields: Record<string, FieldDef> = {
  id: { type: "int", primaryKey: true },
  name: { type: "string" },
  price: { type: "decimal" },
  live: { type: "bool" },
  status: { type: "string", choices: ["draft", "live"] },
  at: { type: "time" },
  day: { type: "date" },
  meta: { type: "json" },
  cat: { type: "foreignKey", references: "Category" },
  note: { type: "text", nullable: true },
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
        { kind: "condition", field: "id", lookup: "in", value: [1, 9007199254740993n] },
        { kind: "condition", field: "live", lookup: "exact", value: true },
      ],
    });
    expect(build("name__contains=a&name__contains=b")).toEqual({
      kind: "or",
      children: [
        { kind: "condition", field: "name", lookup: "contains", value: "a" },
        { kind: "condition", field: "name", lookup: "contains", value: "b" },
      ],
    });
  });

  it("counts each distinct value of a repeated key once, as one in list", () => {
    // 999 repeats of one value (a 12 KB URL): one condition, not a 999-deep chain of ORs.
    const repeated = Array.from({ length: 999 }, () => "status=live").join("&");
    expect(build(repeated)).toEqual({ kind: "condition", field: "status", lookup: "exact", value: "live" });
    expect(build("id=1&id=01&id=+1&id__in=2")).toEqual({
      kind: "and",
      children: [
        { kind: "condition", field: "id", lookup: "exact", value: 1 },
        { kind: "condition", field: "id", lookup: "in", value: [2] },
      ],
    });
    expect(build("id__in=1,2&id__in=2,3,1")).toEqual({
      kind: "condition",
      field: "id",
      lookup: "in",
      value: [1, 2, 3],
    });
    expect(build("price__gt=1&price__gt=1.0&price__gt=1")).toEqual({
      kind: "or",
      children: [
        { kind: "condition", field: "price", lookup: "gt", value: "1" },
        { kind: "condition", field: "price", lookup: "gt", value: "1.0" },
      ],
    });
  });

  it("answers 400 naming the parameter past the bounds on values and parameters", () => {
    const ids = Array.from({ length: MAX_FILTER_VALUES + 1 }, (_, i) => i);
    expect(build(`id__in=${ids.slice(0, -1).join(",")}`)).toMatchObject({ lookup: "in" });
    expect(Object.keys(errorOf(`id__in=${ids.join(",")}`).errors)).toEqual(["id__in"]);
    expect(Object.keys(errorOf(ids.map((id) => `name__contains=${id}`).join("&")).errors)).toEqual(["name__contains"]);
    const many = Array.from({ length: MAX_QUERY_PARAMETERS + 1 }, (_, i) => `p${i}=1`).join("&");
    expect(Object.keys(errorOf(many).errors)).toEqual([`p${MAX_QUERY_PARAMETERS}`]);
  });

  it("answers 400 for a NUL character or an unpaired surrogate in a filter value, naming the parameter", () => {
    for (const [query, param] of [
      ["name__contains=%00", "name__contains"],
      ["name=a%00b", "name"],
      ["name__endswith=x&name__endswith=%00", "name__endswith"],
      ["status__in=draft,%00", "status__in"],
      ["id=1%00", "id"],
    ] as const) {
      expect(Object.keys(errorOf(query).errors), query).toEqual([param]);
    }
    const params = new Map([["name__icontains", ["\uD800"]]]);
    expect(() => buildFilters(params, fields, filterable)).toThrow(ValidationError);
    // A parameter no filter reads is still ignored, whatever it holds.
    expect(build("colour=%00")).toBeNull();
  });

  it("answers 400 for times and dates outside the years 1 to 9999", () => {
    for (const query of [
      "at__gte=0000-01-01",
      "at__lt=0000-12-31T23:59:59Z",
      "at=9999-12-31T23:00:00-05:00",
      "at=0001-01-01T00:00:00%2B01:00",
      "at=10000-01-01",
      "day=0000-01-01",
      "day__range=2024-01-01,10000-01-01",
    ]) {
      expect(Object.keys(errorOf(query).errors).length, query).toBe(1);
    }
    expect(build("at__gte=0001-01-01")).toMatchObject({ value: new Date("0001-01-01T00:00:00Z") });
    expect(build("day=0099-12-31")).toMatchObject({ value: "0099-12-31" });
    expect(build("at__lte=9999-12-31T23:59:59Z")).toMatchObject({ lookup: "lte" });
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
    expect(build("note__isnull=0")).toEqual({ kind: "condition", field: "note", lookup: "isnull", value: false });
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
      "at=2024-02-30T10:00:00Z": "at",
      "at__gte=2023-02-29": "at__gte",
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
    const text = ["iexact", "contains", "icontains", "startswith", "istartswith", "endswith", "iendswith"];
    const ordered = ["exact", "gt", "gte", "lt", "lte", "in", "range"];
    expect(lookupsFor({ type: "bool" })).toEqual(["exact"]);
    expect(lookupsFor({ type: "bool", nullable: true })).toEqual(["exact", "isnull"]);
    expect(lookupsFor({ type: "json", nullable: true })).toEqual([]);
    expect(lookupsFor({ type: "string" })).toEqual(["exact", ...text, "in"]);
    expect(lookupsFor({ type: "text", nullable: true })).toEqual(["exact", ...text, "in", "isnull"]);
    expect(lookupsFor({ type: "string", choices: ["a", "b"] })).toEqual(["exact", "in"]);
    expect(lookupsFor({ type: "int", choices: [1, 2] })).toEqual(["exact", "in"]);
    expect(lookupsFor({ type: "foreignKey", nullable: true })).toEqual(["exact", "in", "isnull"]);
    for (const type of ["int", "decimal", "time", "date"] as const) expect(lookupsFor({ type })).toEqual(ordered);
  });

  it("refuses the lookups that make no sense for the field's type, naming the ones it takes", () => {
    const cases: Record<string, string> = {
      "status__gt=draft": "status__gt",
      "status__contains=dr": "status__contains",
      "live__gt=true": "live__gt",
      "live__in=true,false": "live__in",
      "price__contains=1": "price__contains",
      "name__gt=m": "name__gt",
      "name__range=a,m": "name__range",
      "cat__gte=2": "cat__gte",
      "price__isnull=true": "price__isnull",
    };
    for (const [query, param] of Object.entries(cases)) {
      const error = errorOf(query);
      expect(Object.keys(error.errors), query).toEqual([param]);
    }
    expect(errorOf("status__gt=draft").errors.status__gt![0]).toContain("exact, in");
    expect(build("note__isnull=true")).toEqual({ kind: "condition", field: "note", lookup: "isnull", value: true });
  });

  it("reads `in`, `range` and ordering sent as repeated keys, as generated clients send arrays", () => {
    expect(build("id__in=3&id__in=4,5")).toEqual({ kind: "condition", field: "id", lookup: "in", value: [3, 4, 5] });
    expect(build("price__range=1&price__range=5.5")).toEqual({
      kind: "condition",
      field: "price",
      lookup: "range",
      value: ["1", "5.5"],
    });
    // Two comma-separated pairs stay two ranges, either of which matches.
    expect(build("id__range=1,2&id__range=8,9")).toMatchObject({ kind: "or" });
    expect(Object.keys(errorOf("id__range=1&id__range=2&id__range=3").errors)).toEqual(["id__range"]);
  });
});

import { describe, expect, it } from "vitest";
import { compareRows, matches } from "./evaluate.js";
import type { Expression } from "./filter-expression.js";
import { resolveOrdering } from "./ordering.js";
import { buildSearch } from "./search.js";

const row = {
  id: 5,
  name: "Tea 50% off",
  price: "12.50",
  at: new Date("2024-03-01T00:00:00Z"),
  note: null as string | null,
  big: 9007199254740993n,
};
const c = (field: string, lookup: string, value: unknown) =>
  ({ kind: "condition", field, lookup, value }) as Expression;

describe("matches (in-memory filters)", () => {
  it("compares decimals as numbers, dates as instants and bigints exactly", () => {
    expect(matches(row, c("price", "gt", "9.99"))).toBe(true);
    expect(matches(row, c("price", "lt", "100"))).toBe(true);
    expect(matches(row, c("at", "gte", new Date("2024-03-01T00:00:00Z")))).toBe(true);
    expect(matches(row, c("big", "exact", 9007199254740993n))).toBe(true);
    expect(matches(row, c("big", "exact", 9007199254740992n))).toBe(false);
    expect(matches(row, c("id", "range", [5, 6]))).toBe(true);
  });

  it("treats null as matching only isnull", () => {
    expect(matches(row, c("note", "isnull", true))).toBe(true);
    expect(matches(row, c("note", "exact", "x"))).toBe(false);
    expect(matches(row, c("note", "lt", "x"))).toBe(false);
    expect(matches(row, c("note", "icontains", ""))).toBe(false);
  });

  it("matches text lookups literally, case-sensitive unless i-prefixed", () => {
    expect(matches(row, c("name", "contains", "50%"))).toBe(true);
    expect(matches(row, c("name", "contains", "tea"))).toBe(false);
    expect(matches(row, c("name", "icontains", "tea"))).toBe(true);
    expect(matches(row, c("name", "istartswith", "TEA"))).toBe(true);
    expect(matches(row, c("name", "endswith", "off"))).toBe(true);
  });
});

describe("ordering and search", () => {
  it("resolves ordering: allowed fields only, defaults, the primary key last in the last term's direction", () => {
    const orderable = new Set(["id", "name", "price"]);
    expect(resolveOrdering(["-price,name,secret"], orderable, [], "id")).toEqual(["-price", "name", "id"]);
    expect(resolveOrdering(["name,-price"], orderable, [], "id")).toEqual(["name", "-price", "-id"]);
    expect(resolveOrdering(undefined, orderable, ["-name"], "id")).toEqual(["-name", "-id"]);
    expect(resolveOrdering(["secret"], orderable, [], "id")).toEqual(["id"]);
    expect(resolveOrdering(["-id"], orderable, ["name"], "id")).toEqual(["-id"]);
    expect(resolveOrdering(["price,price,-price"], orderable, [], "id")).toEqual(["price", "id"]);
  });

  it("sorts with nulls first ascending and the tie-breaker last", () => {
    const rows = [
      { id: 2, n: 1 },
      { id: 1, n: 1 },
      { id: 3, n: null },
    ];
    expect([...rows].sort(compareRows(["n", "id"])).map((r) => r.id)).toEqual([3, 1, 2]);
    expect([...rows].sort(compareRows(["-n", "-id"])).map((r) => r.id)).toEqual([2, 1, 3]);
  });

  it("requires every search term in one of the fields", () => {
    expect(buildSearch(["red, hat"], ["name", "notes"])).toEqual({
      kind: "and",
      children: [
        { kind: "or", children: [c("name", "icontains", "red"), c("notes", "icontains", "red")] },
        { kind: "or", children: [c("name", "icontains", "hat"), c("notes", "icontains", "hat")] },
      ],
    });
    expect(buildSearch(["  "], ["name"])).toBeNull();
    expect(buildSearch(["x"], [])).toBeNull();
  });
});

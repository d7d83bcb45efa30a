import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import { contextOf } from "../http/request.js";
import { countRowsBy, rangeOfRows } from "./facet-counts.js";
import { memoryQuerySet } from "./memory-queryset.js";

const rows = [
  { id: 1, status: "live", at: new Date("2024-01-02"), price: "5.00" },
  { id: 2, status: "draft", at: new Date("2024-01-02"), price: "15.50" },
  { id: 3, status: "live", at: null, price: "2" },
  { id: 4, status: null, at: new Date("2023-12-31"), price: null },
  { id: 5, status: "live", at: new Date("2024-03-01"), price: "100" },
];

describe("facet counts in memory", () => {
  it("counts each value, nulls included, most frequent first then by value", () => {
    expect(countRowsBy(rows, "status")).toEqual([
      { value: "live", count: 3 },
      { value: null, count: 1 },
      { value: "draft", count: 1 },
    ]);
    expect(countRowsBy(rows, "status", 1)).toEqual([{ value: "live", count: 3 }]);
  });

  it("counts equal dates together", () => {
    const counts = countRowsBy(rows, "at");
    expect(counts[0]).toEqual({ value: new Date("2024-01-02"), count: 2 });
    expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(rows.length);
  });

  it("finds the range of non-null values", () => {
    expect(rangeOfRows(rows, "at")).toEqual({ min: new Date("2023-12-31"), max: new Date("2024-03-01") });
    expect(rangeOfRows([], "at")).toEqual({ min: null, max: null });
    expect(rangeOfRows(rows, "price")).toEqual({ min: "2", max: "100" });
  });

  it("is what the in-memory query set answers after its filters", async () => {
    const queryset = memoryQuerySet(async () => rows).filter({
      kind: "condition",
      field: "status",
      lookup: "exact",
      value: "live",
    });
    const ctx = contextOf(fakeRequest("GET", "/", { origin: "http://x", remoteAddress: undefined }));
    expect(await queryset.countBy!(ctx, "status")).toEqual([{ value: "live", count: 3 }]);
    expect(await queryset.aggregate!(ctx, "id")).toEqual({ min: 1, max: 5 });
  });
});

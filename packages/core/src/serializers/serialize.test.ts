import { describe, expect, it } from "vitest";
import { projectRow } from "./serialize.js";

describe("projectRow", () => {
  it("copies a row of exactly the fields shown, keys in field order, a Date as the ISO text JSON writes", () => {
    const row = { id: 1, name: "Lamp", createdAt: new Date(0) };
    const out = projectRow(row, ["id", "name", "createdAt"]);
    expect(out).toEqual({ id: 1, name: "Lamp", createdAt: "1970-01-01T00:00:00.000Z" });
    expect(out).not.toBe(row);
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(JSON.stringify(out)).toBe(JSON.stringify(row));
  });

  it("writes dates as JSON does on both paths: invalid as null, JSON values and bigints untouched", () => {
    const tags = ["a"];
    const row = { id: 1n, at: new Date(Number.NaN), tags, meta: { n: 1 } };
    const exact = projectRow(row, ["id", "at", "tags", "meta"]);
    const picked = projectRow({ ...row, hidden: 1 }, ["id", "at", "tags", "meta"]);
    for (const out of [exact, picked]) {
      expect(out).toEqual({ id: 1n, at: null, tags: ["a"], meta: { n: 1 } });
      expect(out.tags).toBe(tags);
    }
  });

  it("leaves a Date with a toJSON of its own to JSON", () => {
    class Day extends Date {
      override toJSON(): string {
        return this.toISOString().slice(0, 10);
      }
    }
    const day = new Day(0);
    expect(projectRow({ day }, ["day"]).day).toBe(day);
    expect(JSON.stringify(projectRow({ day, x: 1 }, ["day"]))).toBe('{"day":"1970-01-01"}');
  });

  it("leaves out fields not shown and writes the others in field order", () => {
    const out = projectRow({ secret: "x", name: "Lamp", id: 1 }, ["id", "name"]);
    expect(JSON.stringify(out)).toBe('{"id":1,"name":"Lamp"}');
  });

  it("writes missing and undefined fields as null", () => {
    expect(projectRow({ id: 1, name: undefined }, ["id", "name"])).toEqual({ id: 1, name: null });
    expect(projectRow({ id: 1 }, ["id", "name"])).toEqual({ id: 1, name: null });
  });

  it("reads inherited and accessor fields as values of the copy", () => {
    const base = { kind: "lamp" };
    const row = Object.assign(Object.create(base) as Record<string, unknown>, { id: 1 });
    expect(JSON.stringify(projectRow(row, ["id", "kind"]))).toBe('{"id":1,"kind":"lamp"}');
    const withGetter = {
      id: 2,
      get label() {
        return `#${this.id}`;
      },
    };
    expect(projectRow(withGetter, ["id", "label"])).toEqual({ id: 2, label: "#2" });
  });
});

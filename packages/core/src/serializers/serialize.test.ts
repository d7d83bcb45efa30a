import { describe, expect, it } from "vitest";
import { projectRow } from "./serialize.js";

describe("projectRow", () => {
  it("copies a row of exactly the fields shown, keys in field order", () => {
    const row = { id: 1, name: "Lamp", createdAt: new Date(0) };
    const out = projectRow(row, ["id", "name", "createdAt"]);
    expect(out).toEqual(row);
    expect(out).not.toBe(row);
    expect(JSON.stringify(out)).toBe(JSON.stringify(row));
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

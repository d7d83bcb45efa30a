import { execFileSync } from "node:child_process";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeProjector } from "./projector.js";
import { type PlacedDecimal, projectRow } from "./serialize.js";

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

describe("projectRow, by a function made for its fields", () => {
  // The first use of a set of fields projects generically; from the second on, by its function.
  const twice = (row: object, fields: readonly string[], decimals?: readonly PlacedDecimal[]) => {
    const generic = projectRow(row, fields, decimals);
    return { generic, made: projectRow(row, fields, decimals) };
  };

  it("writes what the generic projection writes, in field order, for any names and values", () => {
    const name = fc.oneof(
      fc.constantFrom("__proto__", "constructor", "toString", 'a"b', "a\\b", "line\nbreak", "\u2028", "</script>", ""),
      fc.string(),
    );
    const value = fc.oneof(
      fc.anything(),
      fc.date(),
      fc.constant(undefined),
      fc.bigInt(),
      fc.double().map((n) => n),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(name, value), { selector: ([key]) => key, maxLength: 8 }),
        fc.boolean(),
        (entries, extra) => {
          const row = Object.fromEntries(extra ? [...entries, ["hidden", 1]] : entries);
          const fields = entries.map(([key]) => key);
          const decimals: PlacedDecimal[] = fields.length > 0 ? [[fields[0]!, 2]] : [];
          const { generic, made } = twice(row, fields, decimals);
          expect(Object.keys(made)).toEqual(Object.keys(generic));
          expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
          expect(made).toStrictEqual(generic);
        },
      ),
    );
  });

  it("is a function of its own where the runtime makes functions from text", () => {
    const project = makeProjector(["id", "price"], new Map([["price", 1]]));
    expect(project).toBeTypeOf("function");
    expect(project!({ id: 7, price: 3, other: 1 })).toEqual({ id: 7, price: "3.0" });
  });

  it("keeps __proto__ an own field, never the object's prototype", () => {
    const row = JSON.parse('{"__proto__": {"polluted": true}, "id": 1}') as object;
    const { made } = twice(row, ["__proto__", "id"]);
    expect(Object.hasOwn(made, "__proto__")).toBe(true);
    expect((made as { polluted?: boolean }).polluted).toBeUndefined();
    expect(JSON.stringify(made)).toBe('{"__proto__":{"polluted":true},"id":1}');
  });

  it("writes decimals with their places, dates as text, missing fields as null", () => {
    const fields = ["id", "price", "at", "gone"];
    const decimals: PlacedDecimal[] = [["price", 2]];
    const { generic, made } = twice({ id: 1, price: 416.9, at: new Date(0) }, fields, decimals);
    expect(made).toEqual({ id: 1, price: "416.90", at: "1970-01-01T00:00:00.000Z", gone: null });
    expect(made).toEqual(generic);
    // Another row through the same function: nothing of the first is kept.
    expect(projectRow({ id: 2, price: "5", at: null }, fields, decimals)).toEqual({
      id: 2,
      price: "5.00",
      at: null,
      gone: null,
    });
  });

  it("projects as well where the runtime makes no functions from text", () => {
    const script = [
      'import { projectRow } from "./serialize.ts";',
      "const fields = ['id', 'price', 'at'];",
      "const decimals = [['price', 1]];",
      "const rows = [1, 2, 3].map((id) => projectRow({ id, price: 2, at: new Date(0), x: 1 }, fields, decimals));",
      "console.log(JSON.stringify(rows));",
    ].join("\n");
    const out = execFileSync(
      process.execPath,
      ["--disallow-code-generation-from-strings", "--import", "tsx", "--input-type=module", "-e", script],
      { cwd: dirname(fileURLToPath(import.meta.url)), encoding: "utf8" },
    );
    const row = (id: number) => ({ id, price: "2.0", at: "1970-01-01T00:00:00.000Z" });
    expect(JSON.parse(out)).toEqual([row(1), row(2), row(3)]);
  });
});

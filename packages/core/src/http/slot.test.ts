import { describe, expect, it } from "vitest";
import { objectSlot } from "./slot.js";

describe("objectSlot", () => {
  it("keeps a value on the object without showing it in its keys, JSON or a spread copy", () => {
    const slot = objectSlot<object, { parsed: number }>("test");
    const request = { path: "/a" };
    slot.set(request, { parsed: 1 });
    expect(slot.get(request)).toEqual({ parsed: 1 });
    expect(Object.keys(request)).toEqual(["path"]);
    expect(JSON.stringify(request)).toBe('{"path":"/a"}');
    expect(slot.get({ ...request })).toBeUndefined();
    expect(Object.getOwnPropertySymbols(request)).toEqual([]);
    expect(request).toEqual({ path: "/a" });
    slot.set(request, { parsed: 2 });
    expect(slot.get(request)).toEqual({ parsed: 2 });
  });

  it("keeps two slots apart on one object", () => {
    const first = objectSlot<object, string>("same name");
    const second = objectSlot<object, string>("same name");
    const row = {};
    first.set(row, "a");
    second.set(row, "b");
    expect([first.get(row), second.get(row)]).toEqual(["a", "b"]);
  });

  it("remembers a value for a frozen object too", () => {
    const slot = objectSlot<object, string>("test");
    const frozen = Object.freeze({ id: 1 });
    slot.set(frozen, "kept");
    expect(slot.get(frozen)).toBe("kept");
    expect(slot.get({ id: 1 })).toBeUndefined();
  });
});

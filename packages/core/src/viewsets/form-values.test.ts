import { describe, expect, it } from "vitest";
import type { Fields } from "../models/fields.js";
import { formValues } from "./form-values.js";

const fields: Fields = {
  name: { type: "string" },
  notes: { type: "text", nullable: true },
  inStock: { type: "bool" },
  category: { type: "foreignKey", nullable: true },
  price: { type: "decimal" },
  extra: { type: "json", nullable: true },
};

describe("formValues", () => {
  it("types text values by field as DRF reads HTML input", () => {
    expect(
      formValues(
        { name: "", notes: "", inStock: "on", category: "3", price: "1.50", extra: '{"a":1}', other: "x" },
        fields,
      ),
    ).toEqual({ name: "", notes: "", inStock: true, category: 3, price: "1.50", extra: { a: 1 }, other: "x" });
    expect(formValues({ inStock: "0", category: "", extra: "" }, fields)).toEqual({
      inStock: false,
      category: null,
      extra: null,
    });
  });

  it("leaves what does not convert for validation, and names bad JSON", () => {
    expect(formValues({ inStock: "maybe", category: "x" }, fields)).toEqual({ inStock: "maybe", category: "x" });
    expect(() => formValues({ extra: "{oops" }, fields)).toThrow(
      expect.objectContaining({ errors: { extra: expect.any(Array) } }),
    );
  });
});

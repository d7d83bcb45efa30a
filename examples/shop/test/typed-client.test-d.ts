/** What the typed client's types say: full answers have every field, sparse ones none for certain. */
import { describe, expectTypeOf, it } from "vitest";
import type { Product, SparseProduct } from "../client/client.js";

describe("the typed client's types", () => {
  it("keeps a full answer's fields required and a sparse answer's optional", () => {
    expectTypeOf<Product["name"]>().toEqualTypeOf<string>();
    expectTypeOf<Product["category"]>().toEqualTypeOf<string>();
    expectTypeOf<Product["available"]>().toEqualTypeOf<boolean>();
    expectTypeOf<SparseProduct["name"]>().toEqualTypeOf<string | undefined>();
  });
});

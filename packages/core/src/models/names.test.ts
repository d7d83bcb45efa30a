import { describe, expect, it } from "vitest";
import { singularIdentifier, singularOf, verboseNameOf, withArticle, wordsOf } from "./names.js";

describe("model names", () => {
  it("makes the singular of the plurals tables are named by", () => {
    const cases = {
      products: "product",
      categories: "category",
      boxes: "box",
      addresses: "address",
      branches: "branch",
      status: "status",
      news: "news",
      series: "series",
      days: "day",
      data: "data",
    };
    for (const [plural, singular] of Object.entries(cases)) expect(singularOf(plural)).toBe(singular);
    expect(singularIdentifier("price_changes")).toBe("price_change");
    expect(singularIdentifier("priceChanges")).toBe("priceChange");
  });

  it("words a model's name, or takes its verboseName", () => {
    expect(wordsOf("PriceChange")).toEqual(["price", "change"]);
    expect(verboseNameOf({ name: "PriceChange" })).toBe("price change");
    expect(verboseNameOf({ name: "Person", verboseName: "member" })).toBe("member");
    expect(withArticle("product")).toBe("a product");
    expect(withArticle("order line")).toBe("an order line");
  });
});

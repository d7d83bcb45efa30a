/**
 * The two products the row readers' tests read back (sqlite-rows and pg-rows): one with every
 * optional column set (a decimal, a double, a false boolean, a date with milliseconds, JSON), one
 * with only what is required.
 */
export function readerProducts(categoryId: number) {
  return [
    {
      name: "Oak lamp",
      sku: "a",
      price: "49.90",
      rating: 4.5,
      inStock: false,
      status: "live" as const,
      categoryId,
      createdAt: new Date("2026-01-02T03:04:05.678Z"),
      meta: { tags: ["oak"], size: 2 },
    },
    { name: "Bare", sku: "b", price: "1", createdAt: new Date(0) },
  ];
}

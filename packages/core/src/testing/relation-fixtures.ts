/** Three models a chain of foreign keys joins (price change → product → category): paths of two hops in tests. */
import { defineModel, type RowOfModel } from "../models/define-model.js";

export const Category = defineModel({
  name: "Category",
  fields: {
    id: { type: "int", primaryKey: true },
    name: { type: "string" },
    secret: { type: "string", serializable: false },
  },
});

export const Product = defineModel({
  name: "Product",
  fields: {
    id: { type: "int", primaryKey: true },
    name: { type: "string" },
    categoryId: { type: "foreignKey", references: "Category" },
  },
});

export const PriceChange = defineModel({
  name: "PriceChange",
  fields: {
    id: { type: "int", primaryKey: true },
    reason: { type: "string" },
    productId: { type: "foreignKey", references: "Product" },
  },
});

export type CategoryRow = RowOfModel<typeof Category>;
export type ProductRow = RowOfModel<typeof Product>;
export type PriceChangeRow = RowOfModel<typeof PriceChange>;

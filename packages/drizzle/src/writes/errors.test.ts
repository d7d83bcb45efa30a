import { Conflict, ValidationError } from "@viewsets/core";
import { getTableColumns } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { mapDatabaseError } from "./errors.js";

const items = sqliteTable("stock_items", {
  id: integer("id").primaryKey(),
  sku: text("sku").notNull(),
  warehouseCode: text("warehouse_code").notNull(),
});
const columns = getTableColumns(items);

/** A driver's error under drizzle's wrapper, whose own message carries the SQL and the values. */
const wrapped = (fields: Record<string, string>) =>
  Object.assign(new Error("Failed query: insert into stock_items values ($1)\nparams: SECRET-1"), {
    cause: Object.assign(new Error(fields.message ?? "failed"), fields),
  });

const mapped = (dialect: "pg" | "sqlite", error: Error, noun?: string) =>
  mapDatabaseError(error, { dialect, columns, operation: "create", ...(noun && { noun }) });

/** The same three violations as each database reports them. */
const VIOLATIONS = {
  sqlite: {
    one: { code: "SQLITE_CONSTRAINT_UNIQUE", message: "UNIQUE constraint failed: stock_items.sku" },
    two: {
      code: "SQLITE_CONSTRAINT_UNIQUE",
      message: "UNIQUE constraint failed: stock_items.sku, stock_items.warehouse_code",
    },
    expression: { code: "SQLITE_CONSTRAINT_UNIQUE", message: "UNIQUE constraint failed: index 'sku_lower'" },
  },
  pg: {
    one: { code: "23505", message: "duplicate key", detail: "Key (sku)=(SECRET-1) already exists." },
    two: { code: "23505", message: "duplicate key", detail: "Key (sku, warehouse_code)=(SECRET-1, a) already exists." },
    expression: { code: "23505", message: "duplicate key", detail: "Key (lower(sku))=(secret-1) already exists." },
  },
} as const;

describe.each(["sqlite", "pg"] as const)("a unique violation on %s", (dialect) => {
  const violation = VIOLATIONS[dialect];

  it("of one column is a 400 on its field, as DRF's model field message words it", async () => {
    const error = await mapped(dialect, wrapped(violation.one), "stock item");
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({ sku: ["stock item with this sku already exists."] });
    expect(JSON.stringify((error as ValidationError).errors)).not.toMatch(/SECRET|insert/);
  });

  it("of several columns is a 400 on non_field_errors naming them, as DRF's UniqueTogetherValidator", async () => {
    const error = await mapped(dialect, wrapped(violation.two));
    expect((error as ValidationError).errors).toEqual({
      non_field_errors: ["The fields sku, warehouseCode must make a unique set."],
    });
  });

  it("that cannot be tied to fields (an index on an expression) is still a 409 without values", async () => {
    const error = await mapped(dialect, wrapped(violation.expression));
    expect(error).toBeInstanceOf(Conflict);
    expect((error as Conflict).status).toBe(409);
    expect((error as Error).message).not.toMatch(/secret|lower|insert/i);
  });
});

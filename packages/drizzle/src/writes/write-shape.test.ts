import { getTableColumns, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { isWritableColumn } from "../model/columns.js";
import { insertShape, updateShape } from "./write-shape.js";

const notes = sqliteTable("notes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  body: text("body"),
  status: text("status").notNull().default("draft"),
  slug: text("slug").generatedAlwaysAs(sql`lower(title)`),
  stamp: integer("stamp").$defaultFn(() => 7),
});
const columns = getTableColumns(notes);

describe("insertShape", () => {
  it("binds the columns a create sets and the ones drizzle fills per statement, by the set's key", () => {
    const shape = insertShape(columns, { title: "A", body: undefined }, isWritableColumn)!;
    // `body` absent (undefined) and `status` with a constant default stay out; `stamp`'s function runs.
    expect(shape.values).toEqual({ "w:title": "A", "w:stamp": 7 });
    expect(Object.keys(shape.placeholders())).toEqual(["title", "stamp"]);
    expect(shape.key).toBe("insert\u0001title,stamp");
  });

  it("leaves out a value the object to create holds for a column no write sets (a generated one)", () => {
    const shape = insertShape(columns, { title: "A", slug: "forged" }, isWritableColumn)!;
    expect(shape.values).toEqual({ "w:title": "A", "w:stamp": 7 });
    expect(shape.key).toBe(insertShape(columns, { title: "B" }, isWritableColumn)!.key);
  });

  it("gives one key string per set of columns, and another set another key", () => {
    const first = insertShape(columns, { title: "A" })!.key;
    expect(insertShape(columns, { title: "B" })!.key).toBe(first);
    const withBody = insertShape(columns, { title: "A", body: "text" })!.key;
    expect(withBody).toBe("insert\u0001title,body,stamp");
    expect(withBody).not.toBe(first);
    // An update of the same columns is a different statement: its key is not an insert's.
    expect(updateShape(columns, { title: "A" })!.key).toBe("title");
  });

  it("binds each write of one set of columns its own values, in the columns' order", () => {
    const first = insertShape(columns, { body: "one", title: "A" })!;
    const second = insertShape(columns, { title: "B", body: "two" })!;
    expect(second.key).toBe(first.key);
    expect(first.values).toEqual({ "w:title": "A", "w:body": "one", "w:stamp": 7 });
    expect(second.values).toEqual({ "w:title": "B", "w:body": "two", "w:stamp": 7 });
    expect(Object.keys(second.values)).toEqual(["w:title", "w:body", "w:stamp"]);
    expect(second.values).not.toBe(first.values);
    const update = updateShape(columns, { status: "live", title: "C" })!;
    expect(update.values).toEqual({ "w:title": "C", "w:status": "live" });
  });

  it("joins the names of a table wider than the bits of a number", () => {
    const wide = sqliteTable(
      "wide",
      Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`c${i}`, integer(`c${i}`)])),
    );
    const shape = insertShape(getTableColumns(wide), { c0: 1, c35: 2, c39: 3 })!;
    expect(shape.key).toBe("insert\u0001c0,c35,c39");
    expect(shape.values).toEqual({ "w:c0": 1, "w:c35": 2, "w:c39": 3 });
  });

  it("is no shape when a value is SQL: that write is built as drizzle builds it", () => {
    expect(insertShape(columns, { title: sql`'x'` })).toBeNull();
  });
});

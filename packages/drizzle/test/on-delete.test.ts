/** A foreign key's ON DELETE, read off the drizzle table into the field the admin's delete preview reads. */
import { integer as pgInteger, pgTable, serial } from "drizzle-orm/pg-core";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { tableModel } from "../src/index.js";

describe("a foreign key's onDelete", () => {
  it("says cascade, set null and set default, and nothing for RESTRICT and NO ACTION, on SQLite", () => {
    const parents = sqliteTable("parents", { id: integer("id").primaryKey() });
    const children = sqliteTable("children", {
      id: integer("id").primaryKey(),
      cascaded: integer("cascaded").references(() => parents.id, { onDelete: "cascade" }),
      cleared: integer("cleared").references(() => parents.id, { onDelete: "set null" }),
      defaulted: integer("defaulted").references(() => parents.id, { onDelete: "set default" }),
      restricted: integer("restricted").references(() => parents.id, { onDelete: "restrict" }),
      noAction: integer("no_action").references(() => parents.id, { onDelete: "no action" }),
      plain: integer("plain").references(() => parents.id),
    });
    const fields = tableModel(children).fields;
    expect(fields.cascaded).toMatchObject({ type: "foreignKey", references: "parents", onDelete: "cascade" });
    expect(fields.cleared?.onDelete).toBe("setNull");
    expect(fields.defaulted?.onDelete).toBe("setDefault");
    for (const name of ["restricted", "noAction", "plain"] as const) {
      expect(fields[name]).toMatchObject({ type: "foreignKey", references: "parents" });
      expect(fields[name]?.onDelete).toBeUndefined();
    }
  });

  it("reads the same off a PostgreSQL table", () => {
    const parents = pgTable("parents", { id: serial("id").primaryKey() });
    const children = pgTable("children", {
      id: serial("id").primaryKey(),
      cascaded: pgInteger("cascaded").references(() => parents.id, { onDelete: "cascade" }),
      plain: pgInteger("plain").references(() => parents.id),
    });
    const fields = tableModel(children).fields;
    expect(fields.cascaded?.onDelete).toBe("cascade");
    expect(fields.plain?.onDelete).toBeUndefined();
  });
});

/** What a history entry keeps of a change: each changed serializable field, as the API shows it, and never a hidden one (a password hash). */
import { MemoryManager } from "@viewsets/core/testing";
import { tableModel } from "@viewsets/drizzle";
import { integer, numeric, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { changesOf } from "./history.js";
import { AdminViewSet } from "./rows.js";

const accounts = sqliteTable("accounts", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  balance: numeric("balance").notNull(),
  passwordHash: text("password_hash").notNull(),
});

type Account = typeof accounts.$inferSelect;

describe("a history entry's changes", () => {
  const model = tableModel(accounts, {
    hidden: ["passwordHash"],
    decimals: { balance: { maxDigits: 10, decimalPlaces: 2 } },
  });
  const viewset = new AdminViewSet<Account>({ model, queryset: new MemoryManager<Account>([]) }, () => new Date());
  const entry = { name: "accounts", viewset: viewset as unknown as AdminViewSet<object> };
  const before = { id: 1, name: "Ada", balance: "10", passwordHash: "old-hash" };

  it("lists each changed field with its old and new value, decimals with their places", () => {
    const after = { id: 1, name: "Ada L.", balance: "12.5", passwordHash: "new-hash" };
    expect(changesOf(entry, before, after)).toEqual([
      { field: "name", label: "Name", old: "Ada", new: "Ada L." },
      { field: "balance", label: "Balance", old: "10.00", new: "12.50" },
    ]);
  });

  it("never logs a hidden field, even when it alone changed", () => {
    const changes = changesOf(entry, before, { ...before, passwordHash: "new-hash" });
    expect(changes).toEqual([]);
    expect(JSON.stringify(changes)).not.toContain("hash");
  });
});

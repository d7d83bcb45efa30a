import { integer as pgInteger, pgTable, smallint } from "drizzle-orm/pg-core";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { rangePosition } from "../src/model/values.js";

const sqlite = sqliteTable("t", { id: integer("id").primaryKey(), name: text("name") });
const pg = pgTable("t", { small: smallint("small"), int: pgInteger("int") });

describe("rangePosition", () => {
  it("places ids of a 64-bit column, as numbers and as bigints, exactly at its bounds", () => {
    const id = sqlite.id;
    for (const inside of [0, 1, -1, Number.MAX_SAFE_INTEGER, 2 ** 62, 2n ** 63n - 1n, -(2n ** 63n), 1.5])
      expect(rangePosition(id, inside)).toBe(0);
    expect(rangePosition(id, 2n ** 63n)).toBe(1);
    expect(rangePosition(id, -(2n ** 63n) - 1n)).toBe(-1);
    // 2^64 as a double is an integer past 2^53: compared exactly, above.
    expect(rangePosition(id, 2 ** 64)).toBe(1);
    expect(rangePosition(id, -(2 ** 64))).toBe(-1);
  });

  it("places values against 16- and 32-bit columns, fractions included", () => {
    expect(rangePosition(pg.small, 32767)).toBe(0);
    expect(rangePosition(pg.small, 32768)).toBe(1);
    expect(rangePosition(pg.small, 32767.5)).toBe(1);
    expect(rangePosition(pg.small, -32768)).toBe(0);
    expect(rangePosition(pg.small, -32769n)).toBe(-1);
    expect(rangePosition(pg.int, 2 ** 31 - 1)).toBe(0);
    expect(rangePosition(pg.int, 2 ** 31)).toBe(1);
    expect(rangePosition(pg.int, -(2 ** 31) - 0.5)).toBe(-1);
    expect(rangePosition(pg.int, 2n ** 31n)).toBe(1);
  });

  it("leaves columns that are not integers alone", () => {
    expect(rangePosition(sqlite.name, 2n ** 100n)).toBe(0);
  });
});

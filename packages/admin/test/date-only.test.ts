/**
 * A date-only field on SQLite (`dateText`) in the admin, as PostgreSQL's `date`: described as a
 * date (the UI's date inputs and day presets), written as real days, filtered and faceted by day.
 */
import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bearerTokenAuthentication } from "@viewsets/core";
import { createManager, dateText, type SQLiteDatabase, tableModel } from "@viewsets/drizzle";
import { serve, type Served } from "@viewsets/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminDatabase, createAdmin } from "../src/server/index.js";
import { call } from "./client.js";
import { ADMIN_TOKEN, type FixtureDatabase, type FixtureUser, NOW, sqliteDatabase, USERS } from "./fixture.js";

const events = sqliteTable("events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  happenedOn: dateText("happened_on").notNull(),
});
const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe("a dateText field in the admin on SQLite", () => {
  let database: FixtureDatabase;
  let served: Served;
  const api = (path: string) => `${served.url}/admin/api${path}`;

  beforeAll(async () => {
    database = await sqliteDatabase();
    const db = database.db as unknown as SQLiteDatabase;
    db.run(
      sql.raw(
        "CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, happened_on TEXT NOT NULL)",
      ),
    );
    const admin = createAdmin<FixtureUser>({
      db: database.db as AdminDatabase,
      now: () => NOW,
      onError: () => {},
      authentication: [
        bearerTokenAuthentication({ verify: async (token) => (token === ADMIN_TOKEN ? USERS[0] : null) }),
      ],
      users: { verify: async () => null, get: async () => null, isStaff: (user) => user.isStaff },
    });
    admin.register("events", {
      model: tableModel(events),
      queryset: createManager(db, events),
      listFilter: ["happenedOn"],
      ordering: ["happenedOn"],
    });
    served = await serve("express", [admin]);
  });
  afterAll(async () => {
    await served?.close();
    await database?.close();
  });

  it("is described as a date with the date-range filter, as PostgreSQL's date is", async () => {
    const reply = await call(api("/models"), "GET", undefined, bearer);
    const model = reply.json.models.find((m: { name: string }) => m.name === "events");
    expect(model.fields.find((f: { name: string }) => f.name === "happenedOn")).toMatchObject({
      type: "date",
      editable: true,
      required: true,
    });
    expect(model.listFilter).toEqual([{ field: "happenedOn", widget: "dateRange" }]);
  });

  it("writes real days, filters and counts by day", async () => {
    for (const [title, happenedOn] of [
      ["a", "2024-02-29"],
      ["b", "2024-05-01"],
      ["c", "2024-05-02"],
    ]) {
      const created = await call(api("/models/events/rows/"), "POST", { title, happenedOn }, bearer);
      expect(created.status, created.text).toBe(201);
      expect(created.json.happenedOn).toBe(happenedOn);
    }
    const bad = await call(api("/models/events/rows/"), "POST", { title: "x", happenedOn: "2024-02-30" }, bearer);
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ happenedOn: ["Enter a valid date."] });
    const may = await call(
      api("/models/events/rows/?happenedOn__gte=2024-05-01&happenedOn__lt=2024-05-02"),
      "GET",
      undefined,
      bearer,
    );
    expect(may.json.results.map((row: { title: string }) => row.title)).toEqual(["b"]);
    const facets = await call(api("/models/events/facets"), "GET", undefined, bearer);
    expect(facets.json.facets.happenedOn).toEqual({ min: "2024-02-29", max: "2024-05-02" });
  });
});

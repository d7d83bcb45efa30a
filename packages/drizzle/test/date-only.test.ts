/**
 * Date-only fields: SQLite's `dateText` column and PostgreSQL's `date` in string mode behave alike,
 * a `date` field that takes real days, filters by day and is `format: date` in the document.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { date, pgSchema, serial, text as pgText } from "drizzle-orm/pg-core";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Router } from "@viewsets/core";
import { OpenAPIGenerator } from "@viewsets/core/docs";
import { callCore } from "@viewsets/core/testing";
import { dateText, modelViewSet, type PostgresDatabase, tableModel } from "../src/index.js";
import { PG_URL, postgresSkipReason } from "./postgres-server.js";

const sqliteEvents = sqliteTable("events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  happenedOn: dateText("happened_on").notNull(),
  endsOn: dateText("ends_on"),
});

interface Setup {
  readonly name: string;
  readonly skipReason?: string | undefined;
  connect(): Promise<{ router: Router; table: object; close(): Promise<void> }>;
}

function routerOf(db: unknown, table: object): Router {
  return new Router("/api", { onError: () => {} }).register(
    "events",
    modelViewSet(db as PostgresDatabase, table as PgTable, { ordering: ["happenedOn"] }),
  );
}

const SETUPS: readonly Setup[] = [
  {
    name: "SQLite (dateText)",
    async connect() {
      const directory = mkdtempSync(join(tmpdir(), "viewsets-dates-"));
      const client = new Database(join(directory, "test.db"));
      client.exec(
        "CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, happened_on TEXT NOT NULL, ends_on TEXT)",
      );
      return {
        router: routerOf(drizzleSqlite(client), sqliteEvents),
        table: sqliteEvents,
        async close() {
          client.close();
          rmSync(directory, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: "PostgreSQL (date)",
    skipReason: postgresSkipReason,
    async connect() {
      const schemaName = `viewsets_dates_${randomBytes(6).toString("hex")}`;
      const schema = pgSchema(schemaName);
      const events = schema.table("events", {
        id: serial("id").primaryKey(),
        title: pgText("title").notNull(),
        happenedOn: date("happened_on", { mode: "string" }).notNull(),
        endsOn: date("ends_on", { mode: "string" }),
      });
      const pool = new pg.Pool({ connectionString: PG_URL, max: 2 });
      await pool.query(`CREATE SCHEMA "${schemaName}"`);
      await pool.query(
        `CREATE TABLE "${schemaName}".events (id serial PRIMARY KEY, title text NOT NULL, happened_on date NOT NULL, ends_on date)`,
      );
      return {
        router: routerOf(drizzlePg(pool), events),
        table: events,
        async close() {
          await pool.query(`DROP SCHEMA "${schemaName}" CASCADE`);
          await pool.end();
        },
      };
    },
  },
];

describe.each(SETUPS)("date-only fields on $name", (setup) => {
  describe.skipIf(setup.skipReason !== undefined)("", () => {
    let fx: Awaited<ReturnType<Setup["connect"]>>;
    const days = (query: string) =>
      callCore(fx.router, "GET", "/api/events/", { query }).then((reply) => {
        expect(reply.status, reply.text).toBe(200);
        return reply.body.results.map((row: { happenedOn: string }) => row.happenedOn);
      });

    beforeAll(async () => {
      fx = await setup.connect();
      for (const [title, happenedOn] of [
        ["launch", "2024-05-01"],
        ["leap", "2024-02-29"],
        ["new year", "2025-01-01"],
        ["eve", "2024-12-31"],
      ]) {
        const reply = await callCore(fx.router, "POST", "/api/events/", { body: { title, happenedOn } });
        expect(reply.status, reply.text).toBe(201);
        expect(reply.body).toMatchObject({ happenedOn, endsOn: null });
      }
    });
    afterAll(async () => {
      await fx?.close();
    });

    it("is a date field of the model", () => {
      const model = tableModel(fx.table as PgTable);
      expect(model.fields.happenedOn).toMatchObject({ type: "date" });
      expect(model.fields.endsOn).toMatchObject({ type: "date", nullable: true });
    });

    it("takes a real calendar day as YYYY-MM-DD and nothing else, writing nothing on a 400", async () => {
      for (const happenedOn of ["2024-02-30", "2024-5-1", "2024-05-01T10:00:00Z", "yesterday", 20240501]) {
        const reply = await callCore(fx.router, "POST", "/api/events/", { body: { title: "bad", happenedOn } });
        expect(reply.status, String(happenedOn)).toBe(400);
        expect(reply.body.errors).toEqual({ happenedOn: ["Enter a valid date."] });
      }
      expect(await days("title=bad")).toEqual([]);
    });

    it("filters and orders by day", async () => {
      expect(await days("")).toEqual(["2024-02-29", "2024-05-01", "2024-12-31", "2025-01-01"]);
      expect(await days("happenedOn=2024-02-29")).toEqual(["2024-02-29"]);
      expect(await days("happenedOn__gte=2024-05-01&happenedOn__lt=2025-01-01")).toEqual(["2024-05-01", "2024-12-31"]);
      expect(await days("happenedOn__range=2024-03-01,2024-12-31")).toEqual(["2024-05-01", "2024-12-31"]);
      expect(await days("happenedOn__in=2025-01-01,2024-02-29&ordering=-happenedOn")).toEqual([
        "2025-01-01",
        "2024-02-29",
      ]);
      expect(await days("endsOn__isnull=true&happenedOn__gt=2024-12-31")).toEqual(["2025-01-01"]);
      const bad = await callCore(fx.router, "GET", "/api/events/", { query: "happenedOn__gte=2024-13-01" });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(["happenedOn__gte"]);
    });

    it("is format: date in the OpenAPI document, in bodies and filters", () => {
      const document = new OpenAPIGenerator("Events", "1").include(fx.router).generate() as {
        components: { schemas: Record<string, unknown> };
        paths: Record<string, { get: { parameters: { name: string; schema: unknown }[] } }>;
      };
      const event = JSON.stringify(document.components.schemas.Event);
      expect(event).toContain('"happenedOn":{"type":"string","format":"date"');
      const gte = document.paths["/api/events/"]!.get.parameters.find((p) => p.name === "happenedOn__gte")!;
      expect(JSON.stringify(gte.schema)).toContain('"format":"date"');
      expect(JSON.stringify(gte.schema)).not.toContain("date-time");
    });
  });
});

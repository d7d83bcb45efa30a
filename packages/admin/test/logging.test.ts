/**
 * What the admin's log says of a database error it could not answer: its kind and code, never its
 * message, which may hold the values a user typed (a PostgreSQL trigger's RAISE with the row's
 * price, unquoted, here).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { skipOutsideCI } from "@viewsets/core/testing";
import { AdminClient } from "./client.js";
import { type FixtureDatabase, fixtureAdmin, postgresDatabase, postgresUnavailable } from "./fixture.js";
import { type Served, serve } from "./serve.js";

const unavailable = await postgresUnavailable();
// In CI a missing database is a failure, never a silent skip.
const skipReason = skipOutsideCI(unavailable);

describe.skipIf(skipReason !== undefined)(
  `the admin's log of a database error${skipReason ? ` (${skipReason})` : ""}`,
  () => {
    let database: FixtureDatabase;
    let server: Served;

    beforeAll(async () => {
      database = await postgresDatabase();
      await database.query(`CREATE FUNCTION refuse_price() RETURNS trigger AS $$
      BEGIN
        IF NEW.price > 150 THEN RAISE EXCEPTION 'price % is over the limit for %', NEW.price, NEW.name; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
      await database.query(
        "CREATE TRIGGER refuse_price BEFORE UPDATE ON products FOR EACH ROW EXECUTE FUNCTION refuse_price()",
      );
      // The admin's default log (onError left out): what an app that sets nothing gets.
      server = await serve("express", [fixtureAdmin(database, { onError: undefined })]);
    });

    afterAll(async () => {
      await server?.close();
      await database?.close();
    });

    it("logs the error's kind and code, never the values in its message, and answers a bare 500", async () => {
      const staff = new AdminClient(server.url);
      await staff.signIn("admin", "pw-admin");
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const reply = await staff.request("PATCH", "/models/products/rows/1", { name: "Secret lamp", price: "187.43" });
        expect(reply.status).toBe(500);
        expect(reply.text).not.toMatch(/187|Secret|price/);
        expect(logged).toHaveBeenCalledTimes(1);
        const line = String(logged.mock.calls[0]![0]);
        expect(line).toContain("PATCH /admin/api/models/products/rows/1 failed");
        expect(line).toMatch(/\[P0001\]/);
        expect(line).not.toContain("187");
        expect(line).not.toContain("Secret lamp");
      } finally {
        logged.mockRestore();
      }
    });
  },
);

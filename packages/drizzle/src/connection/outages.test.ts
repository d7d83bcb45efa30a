import { ServiceUnavailable } from "@viewsets/core";
import { describe, expect, it } from "vitest";
import { mapDatabaseError } from "../writes/errors.js";
import { outageOf, serviceUnavailable } from "./outages.js";

const coded = (code: string, message = "failed") => Object.assign(new Error(message), { code });
/** As drizzle wraps a driver error: its own message carries the SQL and the values. */
const wrapped = (cause: Error) =>
  Object.assign(new Error("Failed query: insert into products values ($1)\nparams: secret"), { cause });

describe("outageOf", () => {
  it.each([
    ["ECONNREFUSED", "unreachable"],
    ["ECONNRESET", "unreachable"],
    ["ETIMEDOUT", "timeout"],
    ["57P01", "unreachable"],
    ["08006", "unreachable"],
    ["57014", "timeout"],
    ["53300", "busy"],
    ["SQLITE_BUSY", "busy"],
    ["SQLITE_BUSY_SNAPSHOT", "busy"],
    ["SQLITE_LOCKED", "busy"],
    ["SQLITE_FULL", "full"],
    ["53100", "full"],
  ])("reads %s under drizzle's wrapper as %s", (code, kind) => {
    expect(outageOf(wrapped(coded(code)))).toBe(kind);
  });

  it("reads node-postgres's own uncoded connection errors", () => {
    expect(outageOf(wrapped(new Error("Connection terminated unexpectedly")))).toBe("unreachable");
    expect(outageOf(new Error("timeout exceeded when trying to connect"))).toBe("timeout");
    expect(outageOf(new Error("Query read timeout"))).toBe("timeout");
  });

  it("leaves constraint violations and other errors alone", () => {
    expect(outageOf(wrapped(coded("23505")))).toBeUndefined();
    expect(outageOf(wrapped(coded("SQLITE_CONSTRAINT_UNIQUE")))).toBeUndefined();
    expect(outageOf(new TypeError("x is undefined"))).toBeUndefined();
    expect(outageOf("ECONNREFUSED")).toBeUndefined();
  });
});

describe("an outage as an answer", () => {
  it("is a 503 with Retry-After whose detail carries no SQL, values or address", async () => {
    const error = wrapped(coded("ECONNREFUSED", "connect ECONNREFUSED 10.1.2.3:5432"));
    const mapped = await mapDatabaseError(error, { dialect: "pg", columns: {}, operation: "create" });
    expect(mapped).toBeInstanceOf(ServiceUnavailable);
    expect((mapped as ServiceUnavailable).status).toBe(503);
    expect((mapped as ServiceUnavailable).headers["Retry-After"]).toBe("5");
    expect((mapped as Error).message).not.toMatch(/insert|secret|10\.1\.2\.3|ECONNREFUSED/);
  });

  it("asks a client to come back sooner for a busy database than for a full one", () => {
    expect(serviceUnavailable("busy").retryAfter).toBeLessThan(serviceUnavailable("full").retryAfter);
  });
});

import { ServiceUnavailable } from "@viewsets/core";
import { describe, expect, it } from "vitest";
import { mapDatabaseError } from "../writes/errors.js";
import { isSqliteBusy, outageOf, serviceUnavailable } from "./outages.js";

const coded = (code: string, message = "failed") => Object.assign(new Error(message), { code });
/** As drizzle wraps a driver error: its own message carries the SQL and the values. */
const wrapped = (cause: Error) =>
  Object.assign(new Error("Failed query: insert into products values ($1)\nparams: secret"), { cause });

describe("outageOf", () => {
  it.each([
    // Node's socket errors, as node-postgres passes them on.
    ...["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "EPIPE", "EHOSTUNREACH"].map((c) => [c, "unreachable"]),
    ...["EHOSTDOWN", "ENETUNREACH", "ENETDOWN", "ENOTFOUND", "EAI_AGAIN"].map((c) => [c, "unreachable"]),
    ["ETIMEDOUT", "timeout"],
    // PostgreSQL: shutdowns, class 08, timeouts, locks, connections, memory and disk.
    ["57P01", "unreachable"],
    ["57P02", "unreachable"],
    ["57P03", "unreachable"],
    ["08000", "unreachable"],
    ["08006", "unreachable"],
    ["08P01", "unreachable"],
    ["57014", "timeout"],
    ["53300", "busy"],
    ["53200", "busy"],
    ["55P03", "busy"],
    ["40P01", "busy"],
    ["53100", "full"],
    // SQLite, with its extended codes.
    ["SQLITE_BUSY", "busy"],
    ["SQLITE_BUSY_SNAPSHOT", "busy"],
    ["SQLITE_LOCKED", "busy"],
    ["SQLITE_LOCKED_SHAREDCACHE", "busy"],
    ["SQLITE_FULL", "full"],
    ["SQLITE_IOERR", "unreachable"],
    ["SQLITE_IOERR_SHORT_READ", "unreachable"],
    ["SQLITE_IOERR_FSYNC", "unreachable"],
  ] as [string, string][])("reads %s under drizzle's wrapper as %s", (code, kind) => {
    expect(outageOf(wrapped(coded(code)))).toBe(kind);
  });

  it("follows causes four deep, and stops at a cycle", () => {
    let error: Error = coded("ECONNREFUSED");
    for (let depth = 1; depth <= 4; depth++) error = Object.assign(new Error(`wrap ${depth}`), { cause: error });
    expect(outageOf(error)).toBe("unreachable");
    expect(outageOf(Object.assign(new Error("wrap 5"), { cause: error }))).toBeUndefined();
    const cyclic: Error & { cause?: unknown } = new Error("wraps itself");
    cyclic.cause = cyclic;
    expect(outageOf(cyclic)).toBeUndefined();
  });

  it("tells SQLite's busy and locked errors from other outages", () => {
    for (const code of ["SQLITE_BUSY", "SQLITE_LOCKED", "55P03"])
      expect(isSqliteBusy(wrapped(coded(code))), code).toBe(true);
    for (const code of ["SQLITE_FULL", "ECONNREFUSED", "23505"])
      expect(isSqliteBusy(wrapped(coded(code))), code).toBe(false);
  });

  it("reads node-postgres's own uncoded connection errors", () => {
    expect(outageOf(wrapped(new Error("Connection terminated unexpectedly")))).toBe("unreachable");
    expect(outageOf(new Error("timeout exceeded when trying to connect"))).toBe("timeout");
    expect(outageOf(new Error("Query read timeout"))).toBe("timeout");
    expect(outageOf(new Error("Client has encountered a connection error and is not queryable"))).toBe("unreachable");
    // better-sqlite3's closed connection.
    expect(outageOf(new TypeError("The database connection is not open"))).toBe("unreachable");
    expect(outageOf(new TypeError("The database connection is not open yet, or is it"))).toBeUndefined();
  });

  it("leaves constraint violations and other errors alone", () => {
    expect(outageOf(wrapped(coded("23505")))).toBeUndefined();
    expect(outageOf(wrapped(coded("SQLITE_CONSTRAINT_UNIQUE")))).toBeUndefined();
    // Near the outage codes, but the request's own fault (or not an outage at all).
    for (const code of ["08", "080000", "X08001", "55000", "SQLITE_ERROR", "SQLITE_FULLX", "SQLITE_CORRUPT"]) {
      expect(outageOf(wrapped(coded(code))), code).toBeUndefined();
    }
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

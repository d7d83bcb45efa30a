import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import { ClientClosedRequest, NotFound } from "./errors.js";
import { describeFailure, isServerFailure } from "./failure-log.js";
import type { ApiRequest } from "./request.js";

function request(signal?: AbortSignal): ApiRequest {
  return fakeRequest("POST", "/api/products/", { remoteAddress: undefined, ...(signal && { signal }) });
}

describe("describeFailure", () => {
  it("keeps the name, code, SQL shape and stack frames but no value the request sent", () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "hunter2"'), {
      code: "22P02",
      detail: "Key (email)=(alice@example.com) already exists.",
    });
    const error = new Error(
      'Failed query: insert into "products" ("name", "price") values ($1, $2)\nparams: s3cret,12',
      {
        cause,
      },
    );
    const text = describeFailure(error);
    expect(text).toContain('Failed query: insert into "products" ("name", "price") values ($1, $2)');
    expect(text).toContain("caused by Error [22P02]");
    expect(text).toMatch(/\n\s+at /);
    for (const value of ["s3cret", "hunter2", "alice@example.com", "params"]) expect(text).not.toContain(value);
  });

  it("gives a database error's kind, code and the schema it names, never its message", () => {
    const pg = Object.assign(new Error("date field value out of range: 2024-02-30"), {
      name: "DatabaseError",
      code: "22008",
      table: "products",
      column: "released_on",
    });
    expect(describeFailure(pg).split("\n")[0]).toBe("DatabaseError [22008] (table products, column released_on)");
    const sqlite = Object.assign(new Error("price 199.5 is over the limit"), {
      name: "SqliteError",
      code: "SQLITE_CONSTRAINT_TRIGGER",
    });
    expect(describeFailure(sqlite).split("\n")[0]).toBe("SqliteError [SQLITE_CONSTRAINT_TRIGGER]");
    // Not a database's: its message stays, its quoted parts blanked.
    const other = Object.assign(new Error('no such file "x"'), { code: "ENOENT" });
    expect(describeFailure(other).split("\n")[0]).toBe('Error [ENOENT]: no such file "…"');
    const pipe = Object.assign(new Error("write EPIPE"), { code: "EPIPE" });
    expect(describeFailure(pipe).split("\n")[0]).toBe("Error [EPIPE]: write EPIPE");
  });

  it("describes a thrown value that is not an Error", () => {
    expect(describeFailure("a secret string")).toBe("a thrown string");
  });
});

describe("isServerFailure", () => {
  it("is false for answers and for a client that went away, true for the rest", () => {
    expect(isServerFailure(new NotFound(), request())).toBe(false);
    expect(isServerFailure(new ClientClosedRequest(), request())).toBe(false);
    const gone = new AbortController();
    gone.abort();
    expect(isServerFailure(new Error("canceling statement due to user request"), request(gone.signal))).toBe(false);
    expect(isServerFailure(new Error("disk I/O error"), request(new AbortController().signal))).toBe(true);
  });
});

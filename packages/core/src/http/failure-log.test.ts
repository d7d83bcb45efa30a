import { describe, expect, it } from "vitest";
import { ClientClosedRequest, NotFound } from "./errors.js";
import { describeFailure, isServerFailure } from "./failure-log.js";
import type { ApiRequest } from "./request.js";

function request(signal?: AbortSignal): ApiRequest {
  return {
    method: "POST",
    path: "/api/products/",
    rawQuery: "",
    headers: {},
    origin: "http://test",
    remoteAddress: undefined,
    body: { kind: "none" },
    ...(signal ? { signal } : {}),
  };
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
    expect(text).toContain("caused by Error [22P02]: invalid input syntax for type integer");
    expect(text).toMatch(/\n\s+at /);
    for (const value of ["s3cret", "hunter2", "alice@example.com", "params"]) expect(text).not.toContain(value);
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

import { describe, expect, it } from "vitest";
import { ServiceUnavailable } from "./errors.js";
import { errorResponse } from "./problem.js";

describe("ServiceUnavailable", () => {
  it("answers 503 problem+json with Retry-After in whole seconds", () => {
    const response = errorResponse(new ServiceUnavailable("The database is busy. Try again shortly.", 0.2));
    expect(response.status).toBe(503);
    expect(response.headers["Retry-After"]).toBe("1");
    expect(response.headers["Content-Type"]).toBe("application/problem+json");
    expect(JSON.parse(response.body as string)).toEqual({
      type: "about:blank",
      title: "Service Unavailable",
      status: 503,
      detail: "The database is busy. Try again shortly.",
    });
  });

  it("asks for 5 seconds unless told otherwise", () => {
    const error = new ServiceUnavailable();
    expect(error.retryAfter).toBe(5);
    expect(errorResponse(error).headers["Retry-After"]).toBe("5");
  });
});

import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import { Throttled } from "../http/errors.js";
import { checkThrottles, throttleHeaders } from "./check.js";
import { ThrottleUnavailable } from "./errors.js";
import type { Throttle, ThrottleDecision, ThrottleSubject } from "./throttle.js";

const request = fakeRequest("GET", "/", { origin: "http://localhost", remoteAddress: "192.0.2.1" });
const anonymous: ThrottleSubject = { request, ip: "192.0.2.1", user: undefined, userId: undefined };

const allowing = (limit: number, remaining: number, reset: number): Throttle => ({
  allow: () => ({ allowed: true, limit, remaining, reset, retryAfter: 0 }),
});
const refusing = (limit: number, retryAfter: number, reset = retryAfter): Throttle => ({
  allow: async () => ({ allowed: false, limit, remaining: 0, reset, retryAfter }),
});

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("checkThrottles", () => {
  it("returns no headers without throttles, or when none applies", async () => {
    expect(await checkThrottles([], anonymous)).toEqual({});
    expect(await checkThrottles([{ allow: () => null }, { allow: async () => null }], anonymous)).toEqual({});
  });

  it("returns the RateLimit headers of the tightest throttle", async () => {
    const headers = await checkThrottles(
      [allowing(100, 60, 60), allowing(10, 3, 50), allowing(1000, 999, 86_400)],
      anonymous,
    );
    expect(headers).toEqual({ "RateLimit-Limit": "10", "RateLimit-Remaining": "3", "RateLimit-Reset": "50" });
  });

  it("breaks a tie on remaining by the longer reset", async () => {
    const headers = await checkThrottles([allowing(10, 2, 60), allowing(20, 2, 3600)], anonymous);
    expect(headers["RateLimit-Limit"]).toBe("20");
    const reversed = await checkThrottles([allowing(20, 2, 3600), allowing(10, 2, 60)], anonymous);
    expect(reversed["RateLimit-Limit"]).toBe("20");
    // Fewer left wins over a longer reset, in either order.
    for (const order of [
      [allowing(20, 1, 60), allowing(10, 2, 3600)],
      [allowing(10, 2, 3600), allowing(20, 1, 60)],
    ]) {
      expect((await checkThrottles(order, anonymous))["RateLimit-Limit"]).toBe("20");
    }
  });

  it("throws Throttled with the longest wait when several refuse", async () => {
    const error = await thrown(
      checkThrottles([refusing(10, 5), allowing(5, 1, 60), refusing(100, 42, 3000), refusing(3, 7)], anonymous),
    );
    expect(error).toBeInstanceOf(Throttled);
    const throttled = error as Throttled;
    expect(throttled.status).toBe(429);
    expect(throttled.retryAfter).toBe(42);
    expect(throttled.headers).toEqual({
      "Retry-After": "42",
      "RateLimit-Limit": "100",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "3000",
    });
  });

  it("asks every throttle, even after one refused, so each counts the request", async () => {
    let asked = 0;
    const counting: Throttle = {
      allow: () => {
        asked++;
        return { allowed: true, limit: 5, remaining: 4, reset: 1, retryAfter: 0 };
      },
    };
    await thrown(checkThrottles([refusing(1, 1), counting, counting], anonymous));
    expect(asked).toBe(2);
  });

  it("rethrows a throttle's failure, unless another throttle refused", async () => {
    const failing: Throttle = { allow: async () => Promise.reject(new ThrottleUnavailable()) };
    const alone = await thrown(checkThrottles([allowing(5, 4, 60), failing], anonymous));
    expect(alone).toBeInstanceOf(ThrottleUnavailable);
    expect((alone as ThrottleUnavailable).status).toBe(503);
    expect((alone as ThrottleUnavailable).headers["Retry-After"]).toBe("5");
    const withRefusal = await thrown(checkThrottles([failing, refusing(5, 9)], anonymous));
    expect(withRefusal).toBeInstanceOf(Throttled);
  });

  it("also turns a synchronous throw into a rejection", async () => {
    const broken: Throttle = {
      allow: (): ThrottleDecision => {
        throw new Error("boom");
      },
    };
    expect(await thrown(checkThrottles([broken], anonymous))).toEqual(new Error("boom"));
  });

  it("answers at once when every throttle answered at once, and waits for any that did not", async () => {
    const now = throttleHeaders([allowing(10, 3, 50), { allow: () => null }], anonymous);
    expect(now).not.toBeInstanceOf(Promise);
    expect(now).toEqual({ "RateLimit-Limit": "10", "RateLimit-Remaining": "3", "RateLimit-Reset": "50" });
    const later = throttleHeaders([allowing(10, 3, 50), { allow: async () => null }], anonymous);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toEqual(now);
  });

  it("throws a refusal at once when it is known at once, still asking every throttle", () => {
    let asked = 0;
    const counting: Throttle = {
      allow: () => {
        asked++;
        return { allowed: true, limit: 5, remaining: 4, reset: 1, retryAfter: 0 };
      },
    };
    const refusingNow: Throttle = {
      allow: () => ({ allowed: false, limit: 1, remaining: 0, reset: 8, retryAfter: 8 }),
    };
    const broken: Throttle = {
      allow: (): ThrottleDecision => {
        throw new ThrottleUnavailable();
      },
    };
    expect(() => throttleHeaders([broken, refusingNow, counting], anonymous)).toThrow(Throttled);
    expect(asked).toBe(1);
    expect(() => throttleHeaders([counting, broken], anonymous)).toThrow(ThrottleUnavailable);
    expect(asked).toBe(2);
  });
});

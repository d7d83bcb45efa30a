import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import { healthRoutes, type ReadinessCheck } from "./readiness.js";

const ok = (name: string): ReadinessCheck => ({ name, check: async () => undefined });

async function answer(routes: ReturnType<typeof healthRoutes>, path: string, method = "GET") {
  const response = await routes.handle(fakeRequest(method, path));
  if (!response) return null;
  return {
    status: response.status,
    headers: response.headers,
    body: response.body ? JSON.parse(String(response.body)) : null,
  };
}

describe("healthRoutes", () => {
  it("counts a check that never answers as down after timeoutMs, and one that throws at once as down", async () => {
    const hangs: ReadinessCheck = { name: "hangs", check: () => new Promise(() => {}) };
    const throws: ReadinessCheck = {
      name: "throws",
      required: false,
      check: () => {
        throw new Error("secret: postgres://user:password@db");
      },
    };
    const routes = healthRoutes({ checks: [ok("database"), hangs, throws], timeoutMs: 50 });
    const started = Date.now();
    const reply = await answer(routes, "/readyz");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(reply?.status).toBe(503);
    expect(reply?.body).toMatchObject({
      detail: "Not ready: hangs down.",
      checks: { database: { status: "ok" }, hangs: { status: "down" }, throws: { status: "down" } },
    });
    expect(JSON.stringify(reply?.body)).not.toContain("password");
  });

  it("passes the check its signal, aborted at the timeout", async () => {
    let signal: AbortSignal | undefined;
    const slow: ReadinessCheck = {
      name: "slow",
      check: (given) => {
        signal = given;
        return new Promise(() => {});
      },
    };
    await answer(healthRoutes({ checks: [slow], timeoutMs: 20 }), "/readyz");
    expect(signal?.aborted).toBe(true);
  });

  it("keeps liveness 200 while draining and readiness 503, and leaves other paths alone", async () => {
    const routes = healthRoutes({ checks: [ok("database")], drain: { draining: true } });
    expect(await answer(routes, "/livez")).toMatchObject({ status: 200, body: { status: "ok" } });
    const ready = await answer(routes, "/readyz");
    expect(ready).toMatchObject({ status: 503, body: { draining: true, detail: "The server is shutting down." } });
    expect(ready?.headers["Cache-Control"]).toBe("no-store");
    expect(await answer(routes, "/api/v1/")).toBeNull();
  });

  it("answers at the paths it is given", async () => {
    const routes = healthRoutes({ livenessPath: "/ops/live", readinessPath: "/ops/ready" });
    expect((await answer(routes, "/ops/ready"))?.body).toEqual({ status: "ok", checks: {} });
    expect((await answer(routes, "/ops/live"))?.status).toBe(200);
    expect(await answer(routes, "/readyz")).toBeNull();
  });
});

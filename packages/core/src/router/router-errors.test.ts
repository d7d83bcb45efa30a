import { describe, expect, it } from "vitest";
import type { ApiRequest, ApiResponse } from "../http/request.js";
import { callCore } from "../testing/fake-request.js";
import type { ViewSet } from "../viewsets/viewset.js";
import { Router } from "./router.js";

function routerWith(handle: ViewSet["handle"]) {
  const errors: unknown[] = [];
  const router = new Router("/api", { onError: (error) => errors.push(error) });
  router.register("things", { handle });
  return { router, errors };
}

const ok = (): ApiResponse => ({ status: 200, headers: { "Content-Type": "application/json" }, body: '{"ok":true}' });

describe("a custom ViewSet's answer through the router", () => {
  it("is passed on whether it is a promise or a plain response, HEAD without its body", async () => {
    // A promise of another library: a thenable, not a native Promise.
    // biome-ignore lint/suspicious/noThenProperty: the test needs a thenable that is not a Promise
    const thenable = () => ({ then: (resolve: (value: ApiResponse) => void) => resolve(ok()) });
    for (const handle of [() => ok(), async () => ok(), thenable]) {
      const { router } = routerWith(handle as ViewSet["handle"]);
      expect((await callCore(router, "GET", "/api/things/")).body).toEqual({ ok: true });
      const head = await callCore(router, "HEAD", "/api/things/");
      expect(head.status).toBe(200);
      expect(head.headers["Content-Length"]).toBe("11");
    }
  });

  it("becomes a 500 problem, logged without its message on the wire, when it throws or rejects", async () => {
    for (const handle of [
      () => {
        throw new Error("secret sync");
      },
      () => Promise.reject(new Error("secret async")),
    ]) {
      const { router, errors } = routerWith(handle as ViewSet["handle"]);
      const response = await callCore(router, "GET", "/api/things/1");
      expect(response.status).toBe(500);
      expect(JSON.stringify(response.body)).not.toMatch(/secret/);
      expect(errors).toHaveLength(1);
    }
  });

  it("is a 404 when the viewset answers nothing, at once or later", async () => {
    for (const nothing of [() => null, () => undefined, async () => null, async () => undefined]) {
      const { router } = routerWith(nothing as unknown as ViewSet["handle"]);
      expect((await callCore(router, "GET", "/api/things/")).status).toBe(404);
    }
  });

  it("is a rejection, not a throw, when the request itself cannot be routed", async () => {
    const { router } = routerWith(async () => ok());
    const broken = { method: "GET", headers: {}, origin: "http://test" } as unknown as ApiRequest;
    let answered: Promise<unknown> | undefined;
    expect(() => {
      answered = router.handle(broken);
    }).not.toThrow();
    await expect(answered).rejects.toBeInstanceOf(TypeError);
  });
});

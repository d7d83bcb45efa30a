import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import type { ApiRequest, ApiResponse } from "../http/request.js";
import { settledValue, settledWith, UNSETTLED } from "../http/thenable.js";
import { defineModel, type Model } from "../models/define-model.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { computed } from "../serializers/computed.js";
import { countingThrottle } from "../testing/fixtures.js";
import { MemoryManager, SettledMemoryManager as SettledManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "./base-viewset.js";
import type { ViewContext } from "./view-context.js";
import type { ViewSetCommonOptions } from "./viewset-options.js";

const Note = defineModel({
  name: "Note",
  fields: { id: { type: "int", primaryKey: true }, title: { type: "string" } },
});
type NoteRow = typeof Note extends Model<infer Row> ? Row : never;

const ROWS: NoteRow[] = [
  { id: 1, title: "First" },
  { id: 2, title: "Secret" },
];

function request(method: string, path: string, headers: Record<string, string> = {}): ApiRequest {
  return fakeRequest(method, path, { headers });
}

function routerWith(
  options: Partial<Pick<ViewSetCommonOptions<NoteRow>, "permissions" | "throttles" | "serializer">> = {},
  errors: unknown[] = [],
) {
  const router = new Router("/api", { onError: (error) => errors.push(error) });
  router.register(
    "notes",
    new BaseViewSet<NoteRow>({
      serializer: () => new BaseSerializer(),
      queryset: new SettledManager(ROWS),
      model: Note,
      ...options,
    }),
  );
  router.register(
    "plain",
    new BaseViewSet<NoteRow>({
      serializer: () => new BaseSerializer(),
      queryset: new MemoryManager(ROWS),
      model: Note,
    }),
  );
  return router;
}

const isPromise = (value: unknown): value is Promise<unknown> => value instanceof Promise;

describe("settledWith and settledValue", () => {
  it("tell what a settled promise holds, whatever the value, and nothing of any other promise", async () => {
    for (const value of [null, undefined, 0, "", false, { id: 1 }]) {
      const promise = settledWith(value);
      expect(promise).toBeInstanceOf(Promise);
      expect(settledValue(promise)).toBe(value);
      expect(await promise).toBe(value);
    }
    expect(settledValue(Promise.resolve(1))).toBe(UNSETTLED);
    expect(settledValue((async () => 1)())).toBe(UNSETTLED);
    // biome-ignore lint/suspicious/noThenProperty: another library's thenable is the point.
    const thenable = { then: (resolve: (n: number) => void) => resolve(1) } as PromiseLike<number>;
    expect(settledValue(thenable)).toBe(UNSETTLED);
    // A value that is no promise is its own, as `await` takes it.
    expect(settledValue(7)).toBe(7);
    expect(settledValue(null)).toBe(null);
  });

  it("leave no trace on the promise's keys", () => {
    const promise = settledWith({ id: 1 });
    expect(Object.keys(promise)).toEqual([]);
    expect(Object.getOwnPropertySymbols(promise)).toEqual([]);
  });
});

describe("a retrieve whose row is already there", () => {
  it("is answered at once (a response, not a promise), the same answer a waiting manager gets", async () => {
    const router = routerWith();
    const atOnce = router.handleNow(request("GET", "/api/notes/1"));
    expect(isPromise(atOnce)).toBe(false);
    const waited = await router.handleNow(request("GET", "/api/plain/1"));
    expect(isPromise(router.handleNow(request("GET", "/api/plain/1")))).toBe(true);
    expect(atOnce).toEqual(waited);
    expect(JSON.parse((atOnce as ApiResponse).body as string)).toEqual({ id: 1, title: "First" });
    expect((atOnce as ApiResponse).headers.ETag).toMatch(/^W\/"/);
    // handle keeps its promise for callers that wait.
    expect(await router.handle(request("GET", "/api/notes/1"))).toEqual(atOnce);
  });

  it("answers 404, HEAD and a matching If-None-Match at once too", () => {
    const router = routerWith();
    const missing = router.handleNow(request("GET", "/api/notes/99")) as ApiResponse;
    expect(missing.status).toBe(404);
    expect(missing.headers["Content-Type"]).toBe("application/problem+json");
    const head = router.handleNow(request("HEAD", "/api/notes/1")) as ApiResponse;
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    const tag = (router.handleNow(request("GET", "/api/notes/1")) as ApiResponse).headers.ETag!;
    const notModified = router.handleNow(request("GET", "/api/notes/1", { "if-none-match": tag })) as ApiResponse;
    expect(notModified.status).toBe(304);
  });

  it("turns a manager that throws into a 500 that says nothing of it, and reports it", () => {
    const errors: unknown[] = [];
    const router = routerWith({}, errors);
    const manager = new SettledManager(ROWS);
    manager.failure = new Error("SELECT secret FROM notes");
    router.register(
      "broken",
      new BaseViewSet<NoteRow>({ serializer: () => new BaseSerializer(), queryset: manager, model: Note }),
    );
    const failed = router.handleNow(request("GET", "/api/broken/1")) as ApiResponse;
    expect(failed.status).toBe(500);
    expect(String(failed.body)).not.toContain("secret");
    expect(errors).toEqual([manager.failure]);
  });

  it("waits where something must be waited for: object permissions, loaded fields, checks, an override", async () => {
    const objectPermission = routerWith({
      permissions: [
        { message: "Not yours.", hasObjectPermission: async (_request, _view, obj) => (obj as NoteRow).id === 1 },
      ],
    });
    const allowed = objectPermission.handleNow(request("GET", "/api/notes/1"));
    expect(isPromise(allowed)).toBe(true);
    expect((await allowed)!.status).toBe(200);
    expect((await objectPermission.handleNow(request("GET", "/api/notes/2")))!.status).toBe(403);

    const withComputed = routerWith({
      serializer: () =>
        new (class extends BaseSerializer {
          declaredFields() {
            return { shout: computed((row: NoteRow) => row.title.toUpperCase(), { type: "string" }) };
          }
        })(),
    });
    const computedAnswer = withComputed.handleNow(request("GET", "/api/notes/1"));
    expect(isPromise(computedAnswer)).toBe(true);
    expect(JSON.parse((await computedAnswer)!.body as string)).toEqual({ id: 1, title: "First", shout: "FIRST" });

    const throttled = routerWith({ throttles: [countingThrottle(1)] });
    const first = throttled.handleNow(request("GET", "/api/notes/1"));
    expect(isPromise(first)).toBe(true);
    expect((await first)!.status).toBe(200);
    expect((await throttled.handleNow(request("GET", "/api/notes/1")))!.status).toBe(429);

    class Overridden extends BaseViewSet<NoteRow> {
      override async retrieve(context: ViewContext, id: number | bigint) {
        const response = await super.retrieve(context, id);
        response.headers["X-Overridden"] = "yes";
        return response;
      }
    }
    const router = new Router("/api");
    router.register(
      "notes",
      new Overridden({ serializer: () => new BaseSerializer(), queryset: new SettledManager(ROWS), model: Note }),
    );
    const overriddenAnswer = router.handleNow(request("GET", "/api/notes/1"));
    expect(isPromise(overriddenAnswer)).toBe(true);
    const overridden = await overriddenAnswer;
    expect(overridden!.headers["X-Overridden"]).toBe("yes");
  });
});

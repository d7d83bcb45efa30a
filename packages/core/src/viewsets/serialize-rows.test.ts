import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import { type ApiRequest, queryParamsOf } from "../http/request.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { callCore } from "../testing/fake-request.js";
import { Category, type CategoryRow } from "../testing/fixtures.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "./base-viewset.js";
import type { ViewSetOptions } from "./viewset-options.js";

// A model with neither related nor computed fields: the base class answers it without waiting on
// serializeRows, and has to notice when a subclass overrides one of the two hooks.
function categories(
  ViewSet: new (
    options: ViewSetOptions<CategoryRow> & { queryset: MemoryManager<CategoryRow> },
  ) => BaseViewSet<CategoryRow>,
) {
  const router = new Router("/api", { onError: () => {} });
  const queryset = new MemoryManager<CategoryRow>([
    { id: 1, title: "Shoes" },
    { id: 2, title: "Hats" },
  ]);
  router.register("categories", new ViewSet({ serializer: () => new BaseSerializer(), queryset, model: Category }));
  return router;
}

describe("response objects of a model without related or computed fields", () => {
  it("come from a subclass's serializeRows on list and retrieve", async () => {
    const calls: number[] = [];
    class Counted extends BaseViewSet<CategoryRow> {
      override async serializeRows(...args: Parameters<BaseViewSet<CategoryRow>["serializeRows"]>) {
        const out = await super.serializeRows(...args);
        calls.push(out.length);
        return out.map((row) => ({ ...row, counted: true }));
      }
    }
    const router = categories(Counted);
    const list = await callCore(router, "GET", "/api/categories/");
    expect(list.body.results).toEqual([
      { id: 1, title: "Shoes", counted: true },
      { id: 2, title: "Hats", counted: true },
    ]);
    const one = await callCore(router, "GET", "/api/categories/2");
    expect(one.body).toEqual({ id: 2, title: "Hats", counted: true });
    expect(calls).toEqual([2, 1]);
  });

  it("come from a subclass's serializeRows on create and update", async () => {
    class Counted extends BaseViewSet<CategoryRow> {
      override async serializeRows(...args: Parameters<BaseViewSet<CategoryRow>["serializeRows"]>) {
        return (await super.serializeRows(...args)).map((row) => ({ ...row, counted: true }));
      }
    }
    const router = categories(Counted);
    const created = await callCore(router, "POST", "/api/categories/", { body: { title: "Bags" } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: 3, title: "Bags", counted: true });
    const updated = await callCore(router, "PATCH", "/api/categories/3", { body: { title: "Belts" } });
    expect(updated.body).toEqual({ id: 3, title: "Belts", counted: true });
  });

  it("come from a subclass's serialize on list and retrieve", async () => {
    class Shouting extends BaseViewSet<CategoryRow> {
      override serialize(...args: Parameters<BaseViewSet<CategoryRow>["serialize"]>) {
        const out = super.serialize(...args);
        return { ...out, title: String(out.title).toUpperCase() };
      }
    }
    const router = categories(Shouting);
    expect(
      (await callCore(router, "GET", "/api/categories/")).body.results.map((row: CategoryRow) => row.title),
    ).toEqual(["SHOES", "HATS"]);
    expect((await callCore(router, "GET", "/api/categories/1")).body.title).toBe("SHOES");
  });

  it("are the serializer's fields with the base class", async () => {
    const router = categories(BaseViewSet<CategoryRow>);
    expect((await callCore(router, "GET", "/api/categories/1")).body).toEqual({ id: 1, title: "Shoes" });
  });
});

describe("retrieve's object", () => {
  it("comes from a subclass's getObject", async () => {
    class Renamed extends BaseViewSet<CategoryRow> {
      override async getObject(...args: Parameters<BaseViewSet<CategoryRow>["getObject"]>) {
        return { ...(await super.getObject(...args)), title: "From getObject" };
      }
    }
    const router = categories(Renamed);
    expect((await callCore(router, "GET", "/api/categories/2")).body).toEqual({ id: 2, title: "From getObject" });
    expect((await callCore(router, "GET", "/api/categories/9")).status).toBe(404);
  });

  it("passes the object permissions, synchronous or not, before it is shown", async () => {
    for (const answer of [(id: number) => id === 1, async (id: number) => id === 1]) {
      const router = new Router("/api", { onError: () => {} });
      const queryset = new MemoryManager<CategoryRow>([
        { id: 1, title: "Shoes" },
        { id: 2, title: "Hats" },
      ]);
      const onlyFirst = {
        hasObjectPermission: (_r: ApiRequest, _v: unknown, obj: unknown) => answer((obj as CategoryRow).id),
      };
      router.register(
        "categories",
        new BaseViewSet({
          serializer: () => new BaseSerializer(),
          queryset,
          model: Category,
          permissions: [onlyFirst],
        }),
      );
      expect((await callCore(router, "GET", "/api/categories/1")).body).toEqual({ id: 1, title: "Shoes" });
      expect((await callCore(router, "GET", "/api/categories/2")).status).toBe(403);
      expect((await callCore(router, "GET", "/api/categories/3")).status).toBe(404);
    }
  });

  it("is answered with a problem when the manager throws or rejects", async () => {
    for (const failure of [
      () => {
        throw new Error("sync");
      },
      () => Promise.reject(new Error("async")),
    ]) {
      const router = categories(BaseViewSet<CategoryRow>);
      const viewset = router.describe()[0]!.viewset as BaseViewSet<CategoryRow>;
      (viewset.options.queryset as { get: unknown }).get = failure;
      const response = await callCore(router, "GET", "/api/categories/1");
      expect(response.status).toBe(500);
      expect(JSON.stringify(response.body)).not.toMatch(/sync/);
    }
  });
});

function request(rawQuery: string): ApiRequest {
  return fakeRequest("GET", "/api/x", { query: rawQuery });
}

describe("queryParamsOf", () => {
  it("parses a query once per request", () => {
    const one = request("a=1&a=2&b=x%20y");
    expect([...queryParamsOf(one)]).toEqual([
      ["a", ["1", "2"]],
      ["b", ["x y"]],
    ]);
    expect(queryParamsOf(one)).toBe(queryParamsOf(one));
    expect(queryParamsOf(request("a=3")).get("a")).toEqual(["3"]);
  });

  it("gives a request without a query an empty map that refuses changes", () => {
    const params = queryParamsOf(request("")) as Map<string, string[]>;
    expect(params.size).toBe(0);
    expect(() => params.set("a", ["1"])).toThrow(TypeError);
    expect(() => params.delete("a")).toThrow(TypeError);
    expect(() => params.clear()).toThrow(TypeError);
    expect(queryParamsOf(request("")).size).toBe(0);
  });
});

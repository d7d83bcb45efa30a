import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import { ValidationError } from "../http/errors.js";
import type { ApiRequest } from "../http/request.js";
import type { CleanInfo } from "../models/clean.js";
import { defineModel, type Model } from "../models/define-model.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "./base-viewset.js";

function request(method: string, path: string, body?: unknown): ApiRequest {
  return fakeRequest(method, path, { headers: { "content-type": "application/json" }, body });
}

const seen: { obj: Record<string, unknown>; info: CleanInfo<unknown> }[] = [];

const Post = defineModel({
  name: "Post",
  fields: {
    id: { type: "int", primaryKey: true },
    title: { type: "string" },
    slug: { type: "string", editable: false, required: false },
    notes: { type: "text", nullable: true },
  },
  clean(obj, info) {
    // Copies: the stored object is updated in place once clean has passed.
    const instance = info.instance ? { ...info.instance } : undefined;
    seen.push({ obj: { ...obj }, info: { ...info, instance } as CleanInfo<unknown> });
    // A change clean makes is saved: the slug is the server's to fill in.
    obj.slug = obj.title.toLowerCase().replaceAll(" ", "-");
  },
});
type PostRow = typeof Post extends Model<infer Row> ? Row : never;

function app() {
  const posts = new MemoryManager<PostRow>([{ id: 1, title: "Old", slug: "old", notes: "kept" }]);
  const router = new Router("/api", { onError: () => {} });
  router.register("posts", new BaseViewSet({ serializer: () => new BaseSerializer(), queryset: posts, model: Post }));
  return { router, posts };
}

describe("clean(obj, info)", () => {
  it("receives the validated body on create, and what it changes is saved", async () => {
    seen.length = 0;
    const { router, posts } = app();
    const reply = await router.handle(request("POST", "/api/posts/", { title: "Hello World", id: 9, slug: "x" }));
    expect(reply!.status).toBe(201);
    expect(seen).toEqual([{ obj: { title: "Hello World" }, info: { action: "create" } }]);
    expect(posts.rows.get("2")).toMatchObject({ title: "Hello World", slug: "hello-world" });
  });

  it("receives the stored object with the changes merged in on update, with the stored one as instance", async () => {
    seen.length = 0;
    const { router, posts } = app();
    const reply = await router.handle(request("PATCH", "/api/posts/1", { title: "New Title" }));
    expect(reply!.status).toBe(200);
    expect(seen).toEqual([
      {
        obj: { id: 1, title: "New Title", slug: "old", notes: "kept" },
        info: { action: "partial_update", instance: { id: 1, title: "Old", slug: "old", notes: "kept" } },
      },
    ]);
    expect(posts.rows.get("1")).toEqual({ id: 1, title: "New Title", slug: "new-title", notes: "kept" });
    await router.handle(request("PUT", "/api/posts/1", { title: "Put", notes: null }));
    expect(seen[1]!.info.action).toBe("update");
    expect(posts.rows.get("1")).toEqual({ id: 1, title: "Put", slug: "put", notes: null });
  });

  it("is waited for when it returns a promise, and a ValidationError it throws, at once or later, saves nothing", async () => {
    const cases: [clean: (obj: { title: string; slug?: string }) => unknown, slug: string][] = [
      [
        (obj) => {
          if (obj.title === "bad") throw new ValidationError({ title: ["Not that one."] });
          obj.slug = "sync";
        },
        "sync",
      ],
      [
        async (obj) => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          if (obj.title === "bad") throw new ValidationError({ title: ["Not that one."] });
          obj.slug = "async";
        },
        "async",
      ],
    ];
    for (const [clean, slug] of cases) {
      const Checked: typeof Post = { ...Post, clean: clean as unknown as NonNullable<typeof Post.clean> };
      const posts = new MemoryManager<PostRow>([{ id: 1, title: "Old", slug: "old", notes: null }]);
      const router = new Router("/api", { onError: () => {} });
      router.register(
        "posts",
        new BaseViewSet({ serializer: () => new BaseSerializer(), queryset: posts, model: Checked }),
      );
      const refused = await router.handle(request("POST", "/api/posts/", { title: "bad" }));
      expect(refused!.status).toBe(400);
      expect(JSON.parse(refused!.body as string).errors).toEqual({ title: ["Not that one."] });
      expect(posts.rows.size).toBe(1);
      const patched = await router.handle(request("PATCH", "/api/posts/1", { title: "bad" }));
      expect(patched!.status).toBe(400);
      expect(posts.rows.get("1")!.title).toBe("Old");
      const created = await router.handle(request("POST", "/api/posts/", { title: "Fine" }));
      expect(created!.status).toBe(201);
      expect(posts.rows.get("2")!.slug).toBe(slug);
    }
  });
});

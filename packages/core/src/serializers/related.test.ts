import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { blogApp, Post, type PostRow, User, type UserRow } from "../testing/blog-fixtures.js";
import { callCore } from "../testing/fake-request.js";
import { computed } from "./computed.js";
import { defineModel, type RowOfModel } from "../models/define-model.js";
import { Router } from "../router/router.js";
import { modelSerializer, type SerializedRow } from "./model-serializer.js";
import { related } from "./related.js";

describe("related and computed fields", () => {
  it("show a foreign key as a nested object, a chosen field, and computed values, in field order", async () => {
    const { router } = blogApp();
    const reply = await callCore(router, "GET", "/api/posts/1", { user: "ann" });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: 1,
      title: "post 1",
      body: "word",
      authorId: 2,
      editor: "user 2",
      author: { id: 2, name: "user 2" },
      authorName: "user 2",
      words: 1,
      viewer: "ann",
    });
    expect(Object.keys(reply.body)).toEqual([
      "id",
      "title",
      "body",
      "authorId",
      "editor",
      "author",
      "authorName",
      "words",
      "viewer",
    ]);
  });

  it("load the related rows of a whole page in one call to the target, however many rows", async () => {
    const { router, users } = blogApp();
    users.calls.length = 0;
    const reply = await callCore(router, "GET", "/api/posts/", { query: "page_size=100" });
    expect(reply.status).toBe(200);
    expect(reply.body.results).toHaveLength(31);
    // One load of the target per foreign key for the whole page: author and authorName share one, editor has its own.
    expect(users.calls).toEqual(["all", "all"]);
    const byId = new Map(reply.body.results.map((post: { id: number }) => [post.id, post]));
    expect(byId.get(4)).toMatchObject({ author: { id: 2, name: "user 2" }, editor: null });
    expect(byId.get(9)).toMatchObject({ author: { id: 1, name: "user 1" }, editor: "user 1", words: 9 });
  });

  it("show null for a foreign key whose row is missing, and never a field the target does not serialize", async () => {
    const { router } = blogApp();
    const reply = await callCore(router, "GET", "/api/posts/31");
    expect(reply.body).toMatchObject({ authorId: 99, author: null, authorName: null, editor: null });
    const page = await callCore(router, "GET", "/api/posts/");
    expect(JSON.stringify(page.body)).not.toContain("@example.com");
  });

  it("accept the target's primary key when writable, and answer 400 naming the field when it names no row", async () => {
    const { router, posts } = blogApp();
    const created = await callCore(router, "POST", "/api/posts/", {
      body: { title: "new", body: "a b c", author: 3, authorId: 1 },
    });
    expect(created.status).toBe(201);
    // The related key sets the foreign key; the foreign key itself is no longer a way in.
    expect(created.body).toMatchObject({ authorId: 3, author: { id: 3, name: "user 3" }, words: 3 });

    const before = posts.calls.length;
    const missing = await callCore(router, "POST", "/api/posts/", { body: { title: "new", body: "x", author: 42 } });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(["author"]);
    expect(missing.body.errors.author[0]).toContain("42");
    expect(posts.calls.slice(before)).not.toContain("create");

    const wrongType = await callCore(router, "POST", "/api/posts/", {
      body: { title: "new", body: "x", author: "two" },
    });
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body.errors)).toEqual(["author"]);
    const absent = await callCore(router, "POST", "/api/posts/", { body: { title: "new", body: "x" } });
    expect(Object.keys(absent.body.errors)).toEqual(["author"]);

    const updated = await callCore(router, "PATCH", "/api/posts/2", { body: { author: 1 } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ authorId: 1, authorName: "user 1" });
    const badUpdate = await callCore(router, "PATCH", "/api/posts/2", { body: { author: 7 } });
    expect(badUpdate.status).toBe(400);
    expect(posts.rows.get("2")!.authorId).toBe(1);
  });

  it("are read-only unless declared writable: a value sent for one is ignored, never unknown", async () => {
    const { router, posts } = blogApp();
    const viewset = new BaseViewSet({
      serializer: () =>
        modelSerializer(Post, {
          related: { editor: related({ model: User, queryset: new MemoryManager<UserRow>() }, { field: "name" }) },
        }),
      queryset: posts,
      model: Post,
      rejectUnknownRequestFields: true,
    });
    router.register("strict-posts", viewset);
    const reply = await callCore(router, "PATCH", "/api/strict-posts/1", {
      body: { title: "changed", editor: 3, authorName: "x" },
    });
    // authorName is not declared here: unknown. editor is read-only: ignored.
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.errors)).toEqual(["authorName"]);
    const ok = await callCore(router, "PATCH", "/api/strict-posts/1", { body: { title: "changed", editor: 3 } });
    expect(ok.status).toBe(200);
    expect(posts.rows.get("1")!.editor).toBe(2);
    // The blog's computed fields are read-only too.
    const blog = await callCore(router, "PATCH", "/api/posts/1", { body: { words: 100, viewer: "x" } });
    expect(blog.status).toBe(200);
    expect(blog.body.words).toBe(1);
  });

  it("make the ETag a write's If-Match is checked against, as a retrieve shows the record", async () => {
    const { router } = blogApp();
    const tag = (await callCore(router, "GET", "/api/posts/4")).headers.ETag!;
    const patched = await callCore(router, "PATCH", "/api/posts/4", {
      body: { title: "x" },
      headers: { "if-match": tag },
    });
    expect(patched.status).toBe(200);
    // The record changed since: the old tag is refused.
    const stale = await callCore(router, "PATCH", "/api/posts/4", {
      body: { title: "y" },
      headers: { "if-match": tag },
    });
    expect(stale.status).toBe(412);
  });

  it("are listed by OPTIONS, and a form body sets a writable one by id", async () => {
    const { router } = blogApp();
    const options = await callCore(router, "OPTIONS", "/api/posts/");
    expect(options.body.actions.POST).toMatchObject({
      author: { type: "field", required: true, read_only: false },
      authorName: { type: "field", read_only: true },
      authorId: { read_only: true },
      words: { type: "integer", read_only: true },
    });
    const request = fakeRequest("POST", "/api/posts/", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      text: "title=t&body=a+b&author=3",
    });
    const created = await router.handle(request);
    expect(created!.status).toBe(201);
    expect(JSON.parse(created!.body as string)).toMatchObject({ authorId: 3, author: { id: 3, name: "user 3" } });
  });

  it("are checked at registration: a source or target field that does not exist is a configuration error", () => {
    const posts = new MemoryManager<PostRow>();
    const users = { model: User, queryset: new MemoryManager<UserRow>() };
    const untyped = (declared: Record<string, unknown>) => () => ({ declaredFields: () => declared as never });
    const check = (serializer: () => object) =>
      new BaseViewSet({ serializer, queryset: posts, model: Post }).checkConfiguration("posts")?.message;
    expect(check(untyped({ writer: related(users, { fields: ["id"] }) }))).toContain(
      "related field writer follows a field the model lacks",
    );
    expect(check(untyped({ author: related(users, { source: "authorId", field: "email" }) }))).toContain(
      "related field author shows a field User does not serialize",
    );
    expect(
      check(untyped({ n: computed((post: PostRow) => post.id, { type: "int", uses: ["nope" as "id"] }) })),
    ).toContain("computed field n uses a field the model lacks");
    expect(check(() => blogApp().serializer)).toBeUndefined();
  });
});

describe("response objects", () => {
  it("hold a Date of the row and of a related row as its ISO text, and the stored rows keep their Dates", async () => {
    const Member = defineModel({
      name: "Member",
      fields: { id: { type: "int", primaryKey: true }, joinedAt: { type: "time" } },
    });
    const Event = defineModel({
      name: "Event",
      fields: {
        id: { type: "int", primaryKey: true },
        at: { type: "time" },
        hostId: { type: "foreignKey", references: "Member" },
      },
    });
    const joinedAt = new Date(Date.UTC(2020, 1, 29, 12, 30, 5, 7));
    const at = new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 999));
    const members = new MemoryManager<RowOfModel<typeof Member>>([{ id: 1, joinedAt }]);
    const events = new MemoryManager<RowOfModel<typeof Event>>([{ id: 1, at, hostId: 1 }]);
    const target = { model: Member, queryset: members };
    const serializer = modelSerializer(Event, {
      related: {
        host: related(target, { source: "hostId", fields: ["id", "joinedAt"] }),
        hostSince: related(target, { source: "hostId", field: "joinedAt" }),
      },
    });
    const shown: SerializedRow<typeof serializer>[] = [];
    class Events extends BaseViewSet<RowOfModel<typeof Event>> {
      override async serializeRows(...args: Parameters<BaseViewSet<RowOfModel<typeof Event>>["serializeRows"]>) {
        const out = await super.serializeRows(...args);
        shown.push(...(out as SerializedRow<typeof serializer>[]));
        return out;
      }
    }
    const router = new Router("/api", { onError: () => {} });
    router.register("events", new Events({ serializer: () => serializer, queryset: events, model: Event }));
    const reply = await callCore(router, "GET", "/api/events/1");
    expect(reply.status).toBe(200);
    expect(shown).toEqual([
      {
        id: 1,
        at: "1999-12-31T23:59:59.999Z",
        hostId: 1,
        host: { id: 1, joinedAt: "2020-02-29T12:30:05.007Z" },
        hostSince: "2020-02-29T12:30:05.007Z",
      },
    ]);
    expect(reply.body).toEqual(JSON.parse(JSON.stringify(shown[0])));
    expect((await events.get({} as never, 1))?.at).toBe(at);
    expect((await members.get({} as never, 1))?.joinedAt).toBe(joinedAt);
  });
});

describe("both ways: nested on reads, a checked primary key on writes", () => {
  /** Users whose manager hides user 3 from every request, as a scoped manager does. */
  class ScopedUsers extends MemoryManager<UserRow> {
    readonly scoped = true;
    override async all(ctx: Parameters<MemoryManager<UserRow>["all"]>[0]) {
      return (await super.all(ctx)).filter((user) => user.id !== 3);
    }
  }

  function app() {
    const { users, posts } = blogApp();
    const scoped = new ScopedUsers([...users.rows.values()]);
    let inFlight = 0;
    let most = 0;
    const serializer = modelSerializer(Post, {
      related: {
        author: related(
          { model: User, queryset: scoped },
          { source: "authorId", fields: ["id", "name"], writable: true },
        ),
      },
      computed: {
        // An async value per row (a lookup elsewhere): the page's rows wait for theirs together.
        shout: computed(
          async (post: PostRow) => {
            most = Math.max(most, ++inFlight);
            await new Promise((resolve) => setTimeout(resolve, 5));
            inFlight--;
            return post.title.toUpperCase();
          },
          { type: "string", uses: ["title"] },
        ),
      },
    });
    const router = new Router("/api").register(
      "posts",
      new BaseViewSet({ serializer: () => serializer, queryset: posts, model: Post }),
    );
    return { router, posts, most: () => most };
  }

  it("awaits an async computed field for every row of a page at once", async () => {
    const { router, most } = app();
    const page = await callCore(router, "GET", "/api/posts/", { query: "page_size=5&ordering=id" });
    expect(page.status).toBe(200);
    expect(page.body.results.map((post: { shout: string }) => post.shout)).toEqual([
      "POST 1",
      "POST 2",
      "POST 3",
      "POST 4",
      "POST 5",
    ]);
    expect(most()).toBe(5);
    expect((await callCore(router, "GET", "/api/posts/1")).body).toMatchObject({ shout: "POST 1", author: { id: 2 } });
    // The author of post 2 is user 3, whom the target's manager hides: shown as a missing row.
    expect((await callCore(router, "GET", "/api/posts/2")).body).toMatchObject({ shout: "POST 2", author: null });
  });

  it("refuses a primary key the target's scoped manager hides, as a missing one, and writes nothing", async () => {
    const { router, posts } = app();
    const before = posts.rows.get("1")!.authorId;
    const hidden = await callCore(router, "PATCH", "/api/posts/1", { body: { author: 3 } });
    expect(hidden.status).toBe(400);
    expect(hidden.body.errors).toEqual({ author: ['Invalid pk "3" - object does not exist.'] });
    expect(posts.rows.get("1")!.authorId).toBe(before);
    const shown = await callCore(router, "PATCH", "/api/posts/1", { body: { author: 2 } });
    expect(shown.status).toBe(200);
    expect(shown.body.author).toEqual({ id: 2, name: "user 2" });
  });
});

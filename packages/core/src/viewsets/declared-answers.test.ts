/**
 * Related and computed fields in the answers that are not a list or a retrieve: a bulk create's
 * list and an action's `respond` show each row as a retrieve shows it, never with those fields null.
 */
import { describe, expect, it } from "vitest";
import { Router } from "../router/router.js";
import { computed } from "../serializers/computed.js";
import { modelSerializer } from "../serializers/model-serializer.js";
import { related } from "../serializers/related.js";
import { blogRows, Post, type PostRow, User, type UserRow } from "../testing/blog-fixtures.js";
import { callCore } from "../testing/fake-request.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "./base-viewset.js";

/** A blog whose posts show their author's name (related) and their word count (computed). */
function blog() {
  const rows = blogRows();
  const users = new MemoryManager<UserRow>(rows.users);
  // A bulk create runs in a transaction: memory has nothing to roll back, so it just runs.
  const posts = Object.assign(new MemoryManager<PostRow>(rows.posts), {
    atomic: <T>(_ctx: unknown, run: () => Promise<T>) => run(),
  });
  const serializer = modelSerializer(Post, {
    related: { authorName: related({ model: User, queryset: users }, { source: "authorId", field: "name" }) },
    computed: { words: computed((post) => post.body.split(" ").length, { type: "int", uses: ["body"] }) },
  });
  const router = new Router("/api", { onError: () => {} });
  const viewset = new BaseViewSet({ serializer: () => serializer, queryset: posts, model: Post, bulkCreate: true });
  router.register("posts", viewset);
  router.action("posts", "touch", { methods: ["POST"], detail: true, serializer: true }, async (_request, action) =>
    action.respond(await action.getObject()),
  );
  router.action("posts", "firsts", { serializer: true, many: true }, async (_request, action) =>
    action.respond(rows.posts.slice(0, 2)),
  );
  return router;
}

describe("related and computed fields beyond list and retrieve", () => {
  it("are in each row a bulk create answers", async () => {
    const router = blog();
    const created = await callCore(router, "POST", "/api/posts/", {
      body: [
        { title: "One", body: "a b c", authorId: 1 },
        { title: "Two", body: "d", authorId: 2 },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.map((post: { authorName: string; words: number }) => [post.authorName, post.words])).toEqual([
      ["user 1", 3],
      ["user 2", 1],
    ]);
    for (const post of created.body) {
      expect(post).toEqual((await callCore(router, "GET", `/api/posts/${post.id}`)).body);
    }
  });

  it("are in the rows an action with a serializer responds with", async () => {
    const router = blog();
    const touched = await callCore(router, "POST", "/api/posts/4/touch");
    expect(touched.body).toEqual((await callCore(router, "GET", "/api/posts/4")).body);
    expect(touched.body).toMatchObject({ authorName: "user 2", words: 4 });
    const firsts = await callCore(router, "GET", "/api/posts/firsts");
    expect(firsts.body.map((post: { authorName: string }) => post.authorName)).toEqual(["user 2", "user 3"]);
  });
});

/**
 * A small blog for the serializer tests: users, and posts whose author (and optional editor) is a
 * user, served from memory managers that count their calls.
 */
import { defineModel, type RowOfModel } from "../models/define-model.js";
import { Router } from "../router/router.js";
import { MemoryManager } from "./memory-manager.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import { computed } from "../serializers/computed.js";
import { modelSerializer } from "../serializers/model-serializer.js";
import { related } from "../serializers/related.js";

export const User = defineModel({
  name: "User",
  fields: {
    id: { type: "int", primaryKey: true },
    name: { type: "string" },
    email: { type: "string", serializable: false },
  },
});
export type UserRow = RowOfModel<typeof User>;

export const Post = defineModel({
  name: "Post",
  fields: {
    id: { type: "int", primaryKey: true },
    title: { type: "string", maxLength: 100 },
    body: { type: "text" },
    authorId: { type: "foreignKey", references: "User" },
    editor: { type: "foreignKey", references: "User", nullable: true },
  },
});
export type PostRow = RowOfModel<typeof Post>;

export function blogRows(): { users: UserRow[]; posts: PostRow[] } {
  const users = [1, 2, 3].map((id) => ({ id, name: `user ${id}`, email: `u${id}@example.com` }));
  const posts: PostRow[] = [];
  for (let id = 1; id <= 30; id++) {
    posts.push({
      id,
      title: `post ${id}`,
      body: "word ".repeat(id).trim(),
      authorId: (id % 3) + 1,
      editor: id % 2 === 0 ? null : (id % 3) + 1,
    });
  }
  // A key whose row is gone shows as null.
  posts.push({ id: 31, title: "orphan", body: "x", authorId: 99, editor: null });
  return { users, posts };
}

export function blogApp() {
  const rows = blogRows();
  const users = new MemoryManager<UserRow>(rows.users);
  const posts = new MemoryManager<PostRow>(rows.posts);
  const userTarget = { model: User, queryset: users };
  const serializer = modelSerializer(Post, {
    related: {
      author: related(userTarget, { source: "authorId", fields: ["id", "name"], writable: true }),
      authorName: related(userTarget, { source: "authorId", field: "name" }),
      editor: related(userTarget, { field: "name" }),
    },
    computed: {
      words: computed((post) => post.body.split(" ").length, { type: "int", uses: ["body"] }),
      viewer: computed((_post, request) => (request.user as string | undefined) ?? null, {
        type: "string",
        nullable: true,
      }),
    },
  });
  const router = new Router("/api", { onError: () => {} });
  router.register("posts", new BaseViewSet({ serializer: () => serializer, queryset: posts, model: Post }));
  return { router, users, posts, serializer };
}

import { describe, expectTypeOf, it } from "vitest";
import { defineModel, type RowOfModel } from "../models/define-model.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import { BaseSerializer } from "./base-serializer.js";
import { computed } from "./computed.js";
import { modelSerializer, type SerializedRow } from "./model-serializer.js";
import { related } from "./related.js";

const User = defineModel({
  name: "User",
  fields: {
    id: { type: "int", primaryKey: true },
    name: { type: "string" },
    email: { type: "string" },
    joinedAt: { type: "time" },
  },
});
const Post = defineModel({
  name: "Post",
  fields: {
    id: { type: "int", primaryKey: true },
    title: { type: "string" },
    body: { type: "text" },
    author: { type: "foreignKey", references: "User" },
    editorId: { type: "foreignKey", references: "User", nullable: true },
    draft: { type: "bool" },
    publishedAt: { type: "time", nullable: true },
  },
});
type UserRow = RowOfModel<typeof User>;
const users = { model: User, queryset: new MemoryManager<UserRow>() };

describe("modelSerializer", () => {
  it("types the response with related and computed fields", () => {
    const serializer = modelSerializer(Post, {
      exclude: ["draft"],
      related: {
        author: related(users, { fields: ["id", "name", "joinedAt"] }),
        editor: related(users, { source: "editorId", field: "name" }),
        since: related(users, { source: "author", field: "joinedAt" }),
      },
      computed: {
        words: computed((post, request) => post.body.split(" ").length + request.path.length, { type: "int" }),
        shout: computed((post) => (post.title === "" ? null : post.title.toUpperCase()), {
          type: "string",
          nullable: true,
          uses: ["title"],
        }),
      },
    });
    expectTypeOf<SerializedRow<typeof serializer>>().toEqualTypeOf<{
      id: number;
      title: string;
      body: string;
      author: { id: number; name: string; joinedAt: string };
      editorId: number | null;
      publishedAt: string | null;
      editor: string | null;
      since: string;
      words: number;
      shout: string | null;
    }>();
  });

  it("rejects names that are not fields", () => {
    // @ts-expect-error "nmae" is not a field of User
    related(users, { fields: ["id", "nmae"] });
    // @ts-expect-error "nmae" is not a field of User
    related(users, { field: "nmae" });
    // @ts-expect-error "titel" is not a field of Post
    modelSerializer(Post, { fields: ["id", "titel"] });
    modelSerializer(Post, {
      // @ts-expect-error "writer" is no field of Post: a related field under another key needs a source
      related: { writer: related(users, { fields: ["id"] }) },
    });
    modelSerializer(Post, {
      // @ts-expect-error the source must be a field of Post
      related: { writer: related(users, { source: "writerId", fields: ["id"] }) },
    });
    modelSerializer(Post, {
      computed: {
        // @ts-expect-error a string is not an int
        words: computed((post) => post.title, { type: "int" }),
      },
    });
    modelSerializer(Post, {
      computed: {
        // @ts-expect-error null needs nullable: true
        words: computed((post) => (post.draft ? null : 1), { type: "int" }),
      },
    });
    modelSerializer(Post, {
      // @ts-expect-error uses names fields of the row
      computed: { words: computed((post) => post.body.length, { type: "int", uses: ["bdy"] }) },
    });
  });

  it("types an async computed field by the value it resolves to", () => {
    const serializer = modelSerializer(Post, {
      computed: { words: computed(async (post) => post.body.length, { type: "int" }) },
    });
    expectTypeOf<SerializedRow<typeof serializer>["words"]>().toEqualTypeOf<number>();
    modelSerializer(Post, {
      computed: {
        // @ts-expect-error a promise of a string is not an int
        words: computed(async (post) => post.title, { type: "int" }),
      },
    });
  });
});

describe("a typed serializer on a viewset", () => {
  it("fits viewsets of its own row type only", () => {
    const posts = new MemoryManager<RowOfModel<typeof Post>>();
    const postSerializer = modelSerializer(Post, { computed: { n: computed((post) => post.id, { type: "int" }) } });
    new BaseViewSet({ serializer: () => postSerializer, queryset: posts, model: Post });
    new BaseViewSet({ serializer: () => new BaseSerializer(), queryset: posts, model: Post });
    // @ts-expect-error a serializer of posts on a viewset of users
    new BaseViewSet({ serializer: () => postSerializer, queryset: users.queryset, model: User });
  });
});

import { describe, expect, it } from "vitest";
import { definePermission, isAuthenticated, isAuthenticatedOrReadOnly } from "../auth/permission-classes.js";
import type { Permission, ViewInfo } from "../auth/permissions.js";
import { AuthenticationFailed, ServiceUnavailable } from "../http/errors.js";
import { Router } from "../router/router.js";
import { modelSerializer } from "../serializers/model-serializer.js";
import { blogRows, Post, type PostRow } from "../testing/blog-fixtures.js";
import { callCore } from "../testing/fake-request.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "./base-viewset.js";

/** What each permission was asked: the method and action it saw. */
type Asked = { method: string; action: string }[];

function postsApp(permissions: Permission[], asked: Asked = []) {
  const recording = definePermission({
    hasPermission: (request, view: ViewInfo) => {
      asked.push({ method: request.method, action: view.action });
      return true;
    },
  });
  const router = new Router("/api", { onError: () => {} });
  const posts = new MemoryManager<PostRow>(blogRows().posts);
  router.register(
    "posts",
    new BaseViewSet({
      serializer: () => modelSerializer(Post),
      queryset: posts,
      model: Post,
      permissions: [recording, ...permissions],
    }),
  );
  return { router, asked };
}

/** Only a post's author (the user is the author's id as a string) may change it. */
const authorOnly = definePermission<PostRow>({
  hasObjectPermission: (request, view, post) => view.action === "retrieve" || String(post.authorId) === request.user,
});

describe("OPTIONS (DRF's metadata, never throttled: issue 14)", () => {
  it("is never refused by a permission: a user who may not write sees the route without its write", async () => {
    const { router, asked } = postsApp([isAuthenticated]);
    const anonymous = await callCore(router, "OPTIONS", "/api/posts/");
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.Allow).toBe("GET, POST, HEAD, OPTIONS");
    expect(anonymous.body).toMatchObject({
      name: "Post List",
      parses: ["application/json", "application/x-www-form-urlencoded"],
    });
    expect(anonymous.body).not.toHaveProperty("actions");
    // Only the write was asked about, as the POST it describes.
    expect(asked).toEqual([{ method: "POST", action: "create" }]);
    const signedIn = await callCore(router, "OPTIONS", "/api/posts/", { user: "1" });
    expect(signedIn.status).toBe(200);
    expect(Object.keys(signedIn.body.actions)).toEqual(["POST"]);
  });

  it("answers a bad credential with its 401, as on any route", async () => {
    const router = new Router("/api", {
      onError: () => {},
      authentication: [
        {
          authenticate: () => {
            throw new AuthenticationFailed("Invalid token.");
          },
          challenge: () => 'Bearer realm="api"',
        },
      ],
    });
    router.register(
      "posts",
      new BaseViewSet({
        serializer: () => modelSerializer(Post),
        queryset: new MemoryManager<PostRow>([]),
        model: Post,
      }),
    );
    const reply = await callCore(router, "OPTIONS", "/api/posts/");
    expect(reply.status).toBe(401);
    expect(reply.headers["WWW-Authenticate"]).toBe('Bearer realm="api"');
    expect(reply.body).not.toHaveProperty("actions");
  });

  it("describes a list's write only to who may POST to it, asked as a create", async () => {
    const { router, asked } = postsApp([isAuthenticatedOrReadOnly]);
    const anonymous = await callCore(router, "OPTIONS", "/api/posts/");
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({ name: "Post List", renders: ["application/json"] });
    expect(anonymous.body).not.toHaveProperty("actions");
    expect(asked).toEqual([{ method: "POST", action: "create" }]);
    const signedIn = await callCore(router, "OPTIONS", "/api/posts/", { user: "1" });
    expect(signedIn.body.actions.POST.title).toMatchObject({ type: "string", required: true, max_length: 100 });
  });

  it("describes an object's write only to who may PUT it, object permissions included", async () => {
    const { router, asked } = postsApp([isAuthenticatedOrReadOnly, authorOnly]);
    // Post 4's author is user 2.
    const author = await callCore(router, "OPTIONS", "/api/posts/4", { user: "2" });
    expect(author.status).toBe(200);
    expect(Object.keys(author.body.actions)).toEqual(["PUT"]);
    expect(asked).toEqual([{ method: "PUT", action: "update" }]);
    const other = await callCore(router, "OPTIONS", "/api/posts/4", { user: "3" });
    expect(other.status).toBe(200);
    expect(other.headers.Allow).toBe("GET, PUT, PATCH, DELETE, HEAD, OPTIONS");
    expect(other.body).toMatchObject({ name: "Post Instance" });
    expect(other.body).not.toHaveProperty("actions");
    // The PUT itself is refused to the same user: what OPTIONS said.
    const put = await callCore(router, "PUT", "/api/posts/4", {
      user: "3",
      body: { title: "x", body: "y", authorId: 3, editor: null },
    });
    expect(put.status).toBe(403);
  });

  it("answers an object that does not exist without its write, as DRF does, not 404", async () => {
    const { router } = postsApp([]);
    const missing = await callCore(router, "OPTIONS", "/api/posts/4242", { user: "1" });
    expect(missing.status).toBe(200);
    expect(missing.body).not.toHaveProperty("actions");
    const present = await callCore(router, "OPTIONS", "/api/posts/5", { user: "1" });
    expect(Object.keys(present.body.actions)).toEqual(["PUT"]);
  });

  it("answers an outage while loading the object with its 503, rather than hiding the write", async () => {
    const router = new Router("/api", { onError: () => {} });
    class Down extends MemoryManager<PostRow> {
      override get(): Promise<PostRow | null> {
        return Promise.reject(new ServiceUnavailable("The database is unreachable. Try again later.", 5));
      }
    }
    router.register(
      "posts",
      new BaseViewSet({ serializer: () => modelSerializer(Post), queryset: new Down(blogRows().posts), model: Post }),
    );
    const reply = await callCore(router, "OPTIONS", "/api/posts/4");
    expect(reply.status).toBe(503);
    expect(reply.body).not.toHaveProperty("actions");
  });

  it("answers 500 without a message when a permission fails, rather than hiding the write", async () => {
    const failing = definePermission({
      hasPermission: (request) => {
        if (request.method === "POST") throw new Error("secret connection string");
        return true;
      },
    });
    const { router } = postsApp([failing]);
    const reply = await callCore(router, "OPTIONS", "/api/posts/");
    expect(reply.status).toBe(500);
    expect(JSON.stringify(reply.body)).not.toContain("secret");
  });
});

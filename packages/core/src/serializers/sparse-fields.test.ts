import { describe, expect, it } from "vitest";
import { ValidationError } from "../http/errors.js";
import { parseQuery } from "../http/request.js";
import type { QuerySet } from "../query/manager.js";
import { memoryQuerySet } from "../query/memory-queryset.js";
import { Router } from "../router/router.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import { blogApp, blogRows, Post, type PostRow } from "../testing/blog-fixtures.js";
import { callCore } from "../testing/fake-request.js";
import { BaseSerializer } from "./base-serializer.js";
import { fieldPlan } from "./field-plan.js";
import { sparseFieldPlan } from "./sparse-fields.js";

const plan = fieldPlan(Post, new BaseSerializer(), {});

function rejected(query: string): Record<string, string[]> {
  try {
    sparseFieldPlan(plan, parseQuery(query));
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).errors as Record<string, string[]>;
  }
  throw new Error(`${query} was accepted`);
}

/** A query set that keeps `only` through the pipeline and reads only the fields it was given, as a database would. */
function narrowing(queryset: QuerySet<PostRow>, selections: string[][], fields?: readonly string[]): QuerySet<PostRow> {
  const wrap = (next: QuerySet<PostRow>) => narrowing(next, selections, fields);
  return {
    count: (ctx) => queryset.count(ctx),
    async all(ctx) {
      const rows = await queryset.all(ctx);
      if (!fields) return rows;
      return rows.map((row) => Object.fromEntries(fields.map((f) => [f, row[f as keyof PostRow]])) as PostRow);
    },
    filter: (expression) => wrap(queryset.filter(expression)),
    orderBy: (...terms) => wrap(queryset.orderBy(...terms)),
    offset: (n) => wrap(queryset.offset(n)),
    limit: (n) => wrap(queryset.limit(n)),
    only(only) {
      selections.push([...only]);
      return narrowing(queryset, selections, only);
    },
  };
}

class NarrowingManager extends MemoryManager<PostRow> {
  readonly selections: string[][] = [];
  querySet(): QuerySet<PostRow> {
    return narrowing(
      memoryQuerySet((ctx) => this.all(ctx)),
      this.selections,
    );
  }
}

describe("sparse fieldsets", () => {
  it("narrow the response to ?fields= and drop ?omit=, in the serializer's order", () => {
    expect(sparseFieldPlan(plan, parseQuery("fields=title,id")).response).toEqual(["id", "title"]);
    expect(sparseFieldPlan(plan, parseQuery("omit=body,editor")).response).toEqual(["id", "title", "authorId"]);
    expect(sparseFieldPlan(plan, parseQuery("fields=id&fields=body,title&omit=title")).response).toEqual([
      "id",
      "body",
    ]);
    // An empty value is an empty list (form style): the whole response.
    expect(sparseFieldPlan(plan, parseQuery("fields=&omit="))).toBe(plan);
    // Names are taken as written, as the document's enum of names lists them.
    expect(() => sparseFieldPlan(plan, parseQuery("omit=,"))).toThrow(ValidationError);
    expect(() => sparseFieldPlan(plan, parseQuery("fields=%20id"))).toThrow(ValidationError);
  });

  it("answer unknown and non-serializable names with a 400 naming each", () => {
    expect(rejected("fields=id,titel,nope")).toEqual({
      fields: [expect.stringContaining("titel"), expect.stringContaining("nope")],
    });
    expect(Object.keys(rejected("fields=id&omit=secret"))).toEqual(["omit"]);
    const hidden = fieldPlan(Post, new BaseSerializer(), { excludeResponseFields: ["body"] });
    expect(() => sparseFieldPlan(hidden, parseQuery("fields=body"))).toThrow(ValidationError);
  });

  it("apply to list and retrieve, with related and computed fields among the names", async () => {
    const { router } = blogApp();
    const list = await callCore(router, "GET", "/api/posts/", { query: "fields=id,author,words&page_size=2" });
    expect(list.status).toBe(200);
    expect(list.body.results).toEqual([
      { id: 1, author: { id: 2, name: "user 2" }, words: 1 },
      { id: 2, author: { id: 3, name: "user 3" }, words: 2 },
    ]);
    const one = await callCore(router, "GET", "/api/posts/2", { query: "omit=body,author,authorName,viewer" });
    expect(one.body).toEqual({ id: 2, title: "post 2", authorId: 3, editor: null, words: 2 });
    const bad = await callCore(router, "GET", "/api/posts/2", { query: "fields=secret" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["fields"]);
    const badList = await callCore(router, "GET", "/api/posts/", { query: "omit=nope" });
    expect(badList.status).toBe(400);
    expect(badList.body.errors.omit[0]).toContain("nope");
  });

  it("read only the fields the response needs: its own, the primary key, foreign keys, what computed fields use, the order", async () => {
    const { serializer } = blogApp();
    const posts = new NarrowingManager(blogRows().posts);
    const router = new Router("/api", { onError: () => {} });
    router.register(
      "posts",
      new BaseViewSet({ serializer: () => serializer, queryset: posts, model: Post, ordering: ["-title"] }),
    );
    const reply = await callCore(router, "GET", "/api/posts/", { query: "fields=authorName,words&page_size=1" });
    expect(reply.status).toBe(200);
    expect(reply.body.results).toEqual([{ authorName: "user 1", words: 9 }]);
    expect(posts.selections).toEqual([["id", "authorId", "body", "title"]]);
    // A computed field that does not say what it uses reads every field; a whole response narrows nothing.
    await callCore(router, "GET", "/api/posts/", { query: "fields=viewer" });
    await callCore(router, "GET", "/api/posts/");
    expect(posts.selections).toHaveLength(1);
  });
});

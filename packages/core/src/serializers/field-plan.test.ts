import { describe, expect, it } from "vitest";
import { Post } from "../testing/blog-fixtures.js";
import { BaseSerializer, type Serializer } from "./base-serializer.js";
import { cachedFieldPlan, type FieldPlanOptions } from "./field-plan.js";

describe("cachedFieldPlan", () => {
  it("serves the plan it made while nothing it reads changes", () => {
    const plans = cachedFieldPlan();
    const options = { excludeResponseFields: ["body"] };
    const first = plans(Post, new BaseSerializer(), options);
    expect(plans(Post, new BaseSerializer(), { excludeResponseFields: ["body"] })).toBe(first);
    expect(first.response).toEqual(["id", "title", "authorId", "editor"]);
  });

  it("makes a new plan when a list of the options or the serializer changes, also in place", () => {
    const plans = cachedFieldPlan();
    const options: { -readonly [K in keyof FieldPlanOptions]: string[] } = { excludeResponseFields: ["body"] };
    plans(Post, new BaseSerializer(), options);
    options.excludeResponseFields!.push("editor");
    expect(plans(Post, new BaseSerializer(), options).response).toEqual(["id", "title", "authorId"]);
    options.orderingFields = ["title"];
    expect([...plans(Post, new BaseSerializer(), options).orderable]).toEqual(["title"]);
    const only: Serializer = { fields: () => ["id", "title"] };
    expect(plans(Post, only, options).response).toEqual(["id", "title"]);
    expect(plans(Post, new BaseSerializer(), options).response).toEqual(["id", "title", "authorId"]);
  });
});

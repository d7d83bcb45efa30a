import * as v from "valibot";
import { describe, expectTypeOf, it } from "vitest";
import type { ApiResponse } from "../http/request.js";
import { sendJSON } from "../http/respond.js";
import { Router } from "../router/router.js";

describe("router.action", () => {
  it("types the handler's data as the output of its requestSchema", () => {
    const router = new Router();
    router.action(
      "posts",
      "publish",
      { methods: ["POST"], detail: true, requestSchema: v.object({ note: v.optional(v.string()), at: v.number() }) },
      async (_request, action) => {
        expectTypeOf(action.data).toEqualTypeOf<{ note?: string | undefined; at: number }>();
        expectTypeOf(action.id).toEqualTypeOf<number | bigint | undefined>();
        expectTypeOf(await action.getObject<{ id: number }>()).toEqualTypeOf<{ id: number }>();
        expectTypeOf(action.respond({})).toEqualTypeOf<Promise<ApiResponse>>();
        return sendJSON(200, action.data.at);
      },
    );
    // Without a schema there is no data; a plain one-argument handler still fits.
    router.action("posts", "stats", {}, (_request, action) => {
      expectTypeOf(action.data).toEqualTypeOf<undefined>();
      expectTypeOf(action.query).toEqualTypeOf<undefined>();
      return sendJSON(200, {});
    });
    router.action("posts", "plain", {}, async () => sendJSON(200, {}));
    // A querySchema types action.query.
    router.action("posts", "search", { querySchema: v.object({ q: v.optional(v.string()) }) }, (_request, action) => {
      expectTypeOf(action.query).toEqualTypeOf<{ q?: string | undefined }>();
      return sendJSON(200, {});
    });
  });
});

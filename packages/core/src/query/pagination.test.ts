import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import { NotFound } from "../http/errors.js";
import { type ApiRequest, contextOf, parseQuery } from "../http/request.js";
import { linkWith } from "./links.js";
import { memoryQuerySet } from "./memory-queryset.js";
import { pageNumberPagination, resolvePageSize } from "./pagination.js";

function request(rawQuery: string): ApiRequest {
  return fakeRequest("GET", "/api/items/", {
    query: rawQuery,
    origin: "https://example.test",
    remoteAddress: undefined,
  });
}

const rows = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));

async function page(rawQuery: string, pageSize = 3) {
  const req = request(rawQuery);
  const result = await pageNumberPagination().paginate({
    request: req,
    ctx: contextOf(req),
    params: parseQuery(rawQuery),
    queryset: memoryQuerySet(async () => rows),
    ordering: ["-id"],
    fields: { id: { type: "int", primaryKey: true } },
    primaryKey: "id",
    pageSize,
    maxPageSize: 5,
  });
  return result.envelope(result.rows);
}

describe("page-number pagination", () => {
  it("pages in the given order with links that keep other parameters", async () => {
    expect(await page("q=a&page=2")).toEqual({
      count: 7,
      next: "https://example.test/api/items/?q=a&page=3",
      previous: "https://example.test/api/items/?q=a",
      results: [{ id: 4 }, { id: 3 }, { id: 2 }],
    });
    expect(await page("page=last")).toMatchObject({ results: [{ id: 1 }], next: null });
  });

  it("404s pages that are not positive integers or past the last page", async () => {
    for (const bad of ["0", "4", "-1", "x", "1.0", "%20"])
      await expect(page(`page=${bad}`)).rejects.toBeInstanceOf(NotFound);
  });

  it("resolves page_size: default when invalid, capped at the maximum", () => {
    expect(resolvePageSize(undefined, 20, 100)).toBe(20);
    expect(resolvePageSize(["0"], 20, 100)).toBe(20);
    expect(resolvePageSize(["abc"], 20, 100)).toBe(20);
    expect(resolvePageSize(["50"], 20, 100)).toBe(50);
    expect(resolvePageSize(["5000"], 20, 100)).toBe(100);
  });

  it("serves at most the maximum page size however many rows a page_size asks for", async () => {
    // 7 rows, a maximum of 5: a page of 6 or 1000 is a page of 5, and its next link a second page.
    for (const asked of ["6", "1000", "999999999"]) {
      const capped = await page(`page_size=${asked}`);
      expect(capped.results).toEqual([{ id: 7 }, { id: 6 }, { id: 5 }, { id: 4 }, { id: 3 }]);
      expect(capped.next).toBe(`https://example.test/api/items/?page_size=${asked}&page=2`);
    }
    expect((await page("page_size=4")).results).toHaveLength(4);
  });

  it("describes its parameters for the viewset's page sizes, and its envelope", () => {
    const { openapi } = pageNumberPagination();
    const docs = typeof openapi === "function" ? openapi({ pageSize: 10, maxPageSize: 50 }) : openapi;
    expect(docs?.parameters?.map((parameter) => parameter.name)).toEqual(["page", "page_size"]);
    expect(docs?.parameters?.[1]).toMatchObject({
      in: "query",
      required: false,
      description:
        "Number of results per page (default 10, at most 50: a larger number is 50; a value that is not a whole number from 1 is the default).",
      // What a client should send, and nothing refused: the server takes any value (`resolvePageSize`).
      schema: {
        anyOf: [{ type: "integer", minimum: 1, maximum: 50 }, { type: "number" }, { type: "string" }],
        default: 10,
      },
    });
    const envelope = docs?.envelope?.({ type: "array", items: { $ref: "#/components/schemas/Item" } });
    expect(envelope?.required).toEqual(["count", "next", "previous", "results"]);
  });

  it("builds links that keep repeated parameters and encode values", () => {
    const req = request("");
    const params = parseQuery("id=1&id=2&name=a%20b&page=1");
    expect(linkWith(req, params, "page", "2")).toBe("https://example.test/api/items/?id=1&id=2&name=a+b&page=2");
    expect(linkWith(req, params, "page", null)).toBe("https://example.test/api/items/?id=1&id=2&name=a+b");
  });
});

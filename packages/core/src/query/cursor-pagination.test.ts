import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import { NotFound } from "../http/errors.js";
import type { ApiRequest, RequestContext } from "../http/request.js";
import { parseQuery } from "../http/request.js";
import type { FieldDef } from "../models/fields.js";
import { afterPosition, cursorPagination } from "./cursor-pagination.js";
import { compareRows, matches } from "./evaluate.js";
import type { Expression } from "./filter-expression.js";
import type { QuerySet } from "./manager.js";
import type { Paginator } from "./paginator.js";

interface Item {
  id: number;
  name: string;
  price: string;
  rating: number | null;
  createdAt: Date;
}

const fields: Record<string, FieldDef> = {
  id: { type: "int", primaryKey: true },
  name: { type: "string" },
  price: { type: "decimal" },
  rating: { type: "int", nullable: true },
  createdAt: { type: "time" },
};

/** An in-memory query set that records what the paginator asked of it. */
class ArrayQuerySet implements QuerySet<Item> {
  static calls: string[] = [];
  constructor(
    private readonly rows: () => Item[],
    private readonly filters: readonly Expression[] = [],
    private readonly ordering: readonly string[] = [],
    private readonly skip = 0,
    private readonly take: number | undefined = undefined,
  ) {}
  private matching(): Item[] {
    return this.rows().filter((row) => this.filters.every((filter) => matches(row, filter)));
  }
  async count(): Promise<number> {
    ArrayQuerySet.calls.push("count");
    return this.matching().length;
  }
  async all(): Promise<Item[]> {
    ArrayQuerySet.calls.push("all");
    const sorted = [...this.matching()].sort(compareRows(this.ordering));
    return sorted.slice(this.skip, this.take === undefined ? undefined : this.skip + this.take);
  }
  filter(expression: Expression): ArrayQuerySet {
    return new ArrayQuerySet(this.rows, [...this.filters, expression], this.ordering, this.skip, this.take);
  }
  orderBy(...terms: string[]): ArrayQuerySet {
    return new ArrayQuerySet(this.rows, this.filters, terms, this.skip, this.take);
  }
  offset(n: number): ArrayQuerySet {
    return new ArrayQuerySet(this.rows, this.filters, this.ordering, n, this.take);
  }
  limit(n: number): ArrayQuerySet {
    return new ArrayQuerySet(this.rows, this.filters, this.ordering, this.skip, n);
  }
}

function request(query: string): ApiRequest {
  return fakeRequest("GET", "/api/items/", { query });
}

function ctxOf(req: ApiRequest): RequestContext {
  return { signal: new AbortController().signal, request: req, user: undefined };
}

interface Envelope {
  next: string | null;
  previous: string | null;
  results: Item[];
}

async function page(
  paginator: Paginator,
  rows: Item[],
  query = "",
  ordering: string[] = ["-price", "id"],
  maxPageSize = 100,
): Promise<Envelope> {
  const req = request(query);
  const result = await paginator.paginate<Item>({
    request: req,
    ctx: ctxOf(req),
    params: parseQuery(query),
    queryset: new ArrayQuerySet(() => rows),
    ordering,
    fields,
    primaryKey: "id",
    pageSize: 3,
    maxPageSize,
  });
  return result.envelope(result.rows) as unknown as Envelope;
}

function queryOf(link: string): string {
  return new URL(link).search.slice(1);
}

function makeItems(count: number): Item[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `item ${index + 1}`,
    // Prices repeat, so the primary key has to break ties.
    price: `${10 + (index % 4)}.50`,
    rating: index % 3 === 0 ? null : index,
    createdAt: new Date(Date.UTC(2024, 0, 1 + index)),
  }));
}

function ids(envelope: Envelope): number[] {
  return envelope.results.map((row) => row.id);
}

function expectedOrder(rows: Item[], ordering: string[]): number[] {
  return [...rows].sort(compareRows(ordering)).map((row) => row.id);
}

async function walkForward(paginator: Paginator, rows: Item[], ordering: string[], query = ""): Promise<number[]> {
  const seen: number[] = [];
  let envelope = await page(paginator, rows, query, ordering);
  seen.push(...ids(envelope));
  for (let guard = 0; envelope.next && guard < 100; guard++) {
    envelope = await page(paginator, rows, queryOf(envelope.next), ordering);
    seen.push(...ids(envelope));
  }
  return seen;
}

describe("cursorPagination", () => {
  const paginator = cursorPagination();

  it("answers { next, previous, results } without counting", async () => {
    ArrayQuerySet.calls = [];
    const envelope = await page(paginator, makeItems(10));
    expect(Object.keys(envelope).sort()).toEqual(["next", "previous", "results"]);
    expect(envelope.results).toHaveLength(3);
    expect(envelope.previous).toBeNull();
    expect(envelope.next).toMatch(/^http:\/\/test\/api\/items\/\?cursor=[A-Za-z0-9_-]+$/);
    expect(ArrayQuerySet.calls).toEqual(["all"]);
  });

  it("walks every row exactly once, in order, with ties broken by the primary key", async () => {
    const rows = makeItems(11);
    for (const ordering of [
      ["-price", "id"],
      ["price", "id"],
      ["rating", "id"],
      ["-rating", "id"],
      ["-createdAt", "id"],
      ["id"],
    ]) {
      expect(await walkForward(paginator, rows, ordering)).toEqual(expectedOrder(rows, ordering));
    }
  });

  it("walks back with previous links to the same pages", async () => {
    const rows = makeItems(10);
    const forward: Envelope[] = [await page(paginator, rows)];
    while (forward.at(-1)!.next) forward.push(await page(paginator, rows, queryOf(forward.at(-1)!.next!)));
    expect(forward.map(ids)).toEqual([
      expectedOrder(rows, ["-price", "id"]).slice(0, 3),
      expectedOrder(rows, ["-price", "id"]).slice(3, 6),
      expectedOrder(rows, ["-price", "id"]).slice(6, 9),
      expectedOrder(rows, ["-price", "id"]).slice(9),
    ]);
    let envelope = forward.at(-1)!;
    for (let index = forward.length - 2; index >= 0; index--) {
      envelope = await page(paginator, rows, queryOf(envelope.previous!));
      expect(ids(envelope)).toEqual(ids(forward[index]!));
    }
    expect(envelope.previous).toBeNull();
    // And forward again from a page reached backwards.
    const again = await page(paginator, rows, queryOf(envelope.next!));
    expect(ids(again)).toEqual(ids(forward[1]!));
  });

  it("stays stable while rows are inserted before and between pages", async () => {
    const rows = makeItems(9);
    const first = await page(paginator, rows, "", ["id"]);
    expect(ids(first)).toEqual([1, 2, 3]);
    // Rows inserted before the cursor's position do not shift the next page.
    rows.unshift({ id: 0, name: "new first", price: "99.00", rating: 1, createdAt: new Date() });
    rows.push({ id: 100, name: "new last", price: "1.00", rating: 1, createdAt: new Date() });
    const second = await page(paginator, rows, queryOf(first.next!), ["id"]);
    expect(ids(second)).toEqual([4, 5, 6]);
  });

  it("caps page_size at the viewset's maximum, on the first page and on the next", async () => {
    const rows = makeItems(12);
    const first = await page(paginator, rows, "page_size=1000", ["id"], 5);
    expect(ids(first)).toEqual([1, 2, 3, 4, 5]);
    const second = await page(paginator, rows, queryOf(first.next!), ["id"], 5);
    expect(ids(second)).toEqual([6, 7, 8, 9, 10]);
    expect(ids(await page(paginator, rows, "page_size=4", ["id"], 5))).toEqual([1, 2, 3, 4]);
  });

  it("keeps every other query parameter in its links and replaces the cursor", async () => {
    const rows = makeItems(10);
    const first = await page(paginator, rows, "status=live&page_size=2&ordering=-price");
    const next = new URL(first.next!);
    expect(next.origin + next.pathname).toBe("http://test/api/items/");
    expect(next.searchParams.get("status")).toBe("live");
    expect(next.searchParams.get("page_size")).toBe("2");
    expect(next.searchParams.getAll("cursor")).toHaveLength(1);
    const second = await page(paginator, rows, next.search.slice(1));
    expect(second.results).toHaveLength(2);
    expect(new URL(second.next!).searchParams.getAll("cursor")).toHaveLength(1);
    expect(new URL(second.next!).searchParams.get("cursor")).not.toBe(next.searchParams.get("cursor"));
  });

  it("uses its own default ordering unless the request orders, always ending with the primary key", async () => {
    const rows = makeItems(7);
    const byName = cursorPagination({ ordering: ["-createdAt"], pageSize: 2 });
    expect(await walkForward(byName, rows, ["id"])).toEqual(expectedOrder(rows, ["-createdAt", "id"]));
    expect(await walkForward(byName, rows, ["price", "id"], "ordering=price")).toEqual(
      expectedOrder(rows, ["price", "id"]),
    );
  });

  it("answers 404 for a garbled cursor or one made for another order", async () => {
    const rows = makeItems(10);
    const first = await page(paginator, rows);
    const cursor = new URL(first.next!).searchParams.get("cursor")!;
    const invalid = [
      "nonsense!",
      "e30", // {}
      cursor.slice(0, -3),
      Buffer.from('{"o":["-price","id"],"v":["10.50","x"],"r":false}').toString("base64url"),
      Buffer.from('{"o":["-price","id"],"v":["10.50"],"r":false}').toString("base64url"),
      "A".repeat(5000),
    ];
    for (const text of invalid) {
      await expect(page(paginator, rows, `cursor=${text}`)).rejects.toThrow(NotFound);
      await expect(page(paginator, rows, `cursor=${text}`)).rejects.toThrow("Invalid cursor.");
    }
    await expect(page(paginator, rows, `cursor=${cursor}`, ["price", "id"])).rejects.toThrow("Invalid cursor.");
  });

  it("answers 404 for a well-formed cursor too long, or whose flags are not booleans", async () => {
    const rows = makeItems(10);
    const cursorOf = (position: object) => Buffer.from(JSON.stringify(position)).toString("base64url");
    const position = { o: ["-price", "id"], v: ["10.50", 3], r: false };
    // The same position decodes to a page: each refusal below is the check it names.
    expect(ids(await page(paginator, rows, `cursor=${cursorOf(position)}`)).length).toBeGreaterThan(0);
    const padded = cursorOf({ ...position, pad: "x".repeat(4096) });
    expect(ids(await page(paginator, rows, `cursor=${cursorOf({ ...position, pad: "x" })}`)).length).toBeGreaterThan(0);
    for (const text of [padded, cursorOf({ ...position, r: "yes" }), cursorOf({ ...position, i: "yes" })]) {
      await expect(page(paginator, rows, `cursor=${text}`)).rejects.toThrow("Invalid cursor.");
    }
  });

  it("revives cursor values by field type: dates, and 64-bit integers past 2^53", async () => {
    const big = 2n ** 60n;
    const rows = makeItems(4).map((row, index) => ({
      ...row,
      id: (index < 2 ? BigInt(index + 1) : big + BigInt(index)) as unknown as number,
    }));
    const onePerPage = cursorPagination({ pageSize: 1 });
    expect(await walkForward(onePerPage, rows, ["id"])).toEqual([1n, 2n, big + 2n, big + 3n]);
    expect(await walkForward(onePerPage, rows, ["-createdAt", "id"])).toEqual([big + 3n, big + 2n, 2n, 1n]);
    const first = await page(onePerPage, rows, "", ["id"]);
    const cursor = JSON.parse(Buffer.from(new URL(first.next!).searchParams.get("cursor")!, "base64url").toString());
    expect(cursor.v).toEqual(["1"]);
  });

  it("links back to an emptied page's boundary instead of losing the row", async () => {
    const rows = makeItems(6);
    const first = await page(paginator, rows, "", ["id"]);
    // Everything after the first page disappears.
    rows.splice(3);
    const second = await page(paginator, rows, queryOf(first.next!), ["id"]);
    expect(ids(second)).toEqual([]);
    expect(second.next).toBeNull();
    const back = await page(paginator, rows, queryOf(second.previous!), ["id"]);
    expect(ids(back)).toEqual([1, 2, 3]);
  });
});

describe("afterPosition", () => {
  it("builds a < x OR (a = x AND pk > y) for -a, pk", () => {
    expect(afterPosition(["-a", "id"], [5, 7])).toEqual({
      kind: "or",
      children: [
        {
          kind: "or",
          children: [
            { kind: "condition", field: "a", lookup: "lt", value: 5 },
            { kind: "condition", field: "a", lookup: "isnull", value: true },
          ],
        },
        {
          kind: "and",
          children: [
            { kind: "condition", field: "a", lookup: "exact", value: 5 },
            { kind: "condition", field: "id", lookup: "gt", value: 7 },
          ],
        },
      ],
    });
  });

  it("treats nulls as the smallest value", () => {
    const rows = [
      { a: null, id: 1 },
      { a: null, id: 2 },
      { a: 1, id: 3 },
      { a: 2, id: 4 },
    ];
    const rowsAfter = (ordering: string[], values: (number | null)[]) =>
      rows.filter((row) => matches(row, afterPosition(ordering, values))).map((row) => row.id);
    expect(rowsAfter(["a", "id"], [null, 1])).toEqual([2, 3, 4]);
    expect(rowsAfter(["a", "id"], [1, 3])).toEqual([4]);
    expect(rowsAfter(["-a", "id"], [2, 4])).toEqual([1, 2, 3]);
    expect(rowsAfter(["-a", "id"], [null, 1])).toEqual([2]);
  });

  it("bounds the first field for an index range when that is exact", () => {
    const notNull = { a: { type: "int" as const }, id: { type: "int" as const, primaryKey: true } };
    expect(afterPosition(["-a", "id"], [5, 7], notNull)).toEqual({
      kind: "and",
      children: [
        { kind: "condition", field: "a", lookup: "lte", value: 5 },
        {
          kind: "or",
          children: [
            { kind: "condition", field: "a", lookup: "lt", value: 5 },
            {
              kind: "and",
              children: [
                { kind: "condition", field: "a", lookup: "exact", value: 5 },
                { kind: "condition", field: "id", lookup: "gt", value: 7 },
              ],
            },
          ],
        },
      ],
    });
    // Ascending: a >= x holds for every later row, nullable or not (nulls come first).
    const ascending = afterPosition(["a", "id"], [5, 7]);
    expect(ascending.kind === "and" && ascending.children[0]).toEqual({
      kind: "condition",
      field: "a",
      lookup: "gte",
      value: 5,
    });
  });

  it("selects the same rows with and without the bound, over every position", () => {
    const fields = {
      a: { type: "int" as const },
      b: { type: "int" as const, nullable: true },
      id: { type: "int" as const, primaryKey: true },
    };
    const rows = Array.from({ length: 40 }, (_, i) => ({ a: i % 5, b: i % 3 === 0 ? null : i % 4, id: i + 1 }));
    for (const ordering of [
      ["-a", "id"],
      ["a", "-id"],
      ["-b", "a", "id"],
      ["b", "-a", "id"],
    ]) {
      for (const row of rows) {
        const values = ordering.map((term) => row[term.replace("-", "") as "a" | "b" | "id"]);
        const plain = rows.filter((r) => matches(r, afterPosition(ordering, values))).map((r) => r.id);
        const bounded = rows.filter((r) => matches(r, afterPosition(ordering, values, fields))).map((r) => r.id);
        expect(bounded, `${ordering.join(",")} after ${row.id}`).toEqual(plain);
      }
    }
  });
});

/** The adapter contract's reads: the list envelope, filters, ordering, retrieve and ids. */
import { describe, expect } from "vitest";
import type { ContractApp } from "./fixtures.js";
import type { Case } from "./skips.js";
import { expectProblem, type SuiteServer } from "./suite-server.js";
import { BIG_ID } from "./fixtures.js";

/** Lists, filters, ordering and retrieve: the same answers on every adapter. */
export function readCases(c: SuiteServer<ContractApp>, it: Case): void {
  describe("list", () => {
    it("answers the DRF envelope with absolute links, 20 per page by default", async () => {
      const reply = await c.get("/api/v1/products/");
      expect(reply.status).toBe(200);
      expect(reply.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(reply.json.count).toBe(46);
      expect(reply.json.results).toHaveLength(20);
      expect(reply.json.previous).toBeNull();
      expect(reply.json.next).toBe(`${c.base}/api/v1/products/?page=2`);
      expect(reply.json.results[0]).toEqual({
        id: 1,
        name: "Blue shoe 01",
        price: "2.50",
        inStock: true,
        status: "live",
        category: 2,
        createdAt: "2024-01-01T00:00:00.000Z",
        notes: "note 1",
      });
    });

    it("serves the list without the trailing slash too", async () => {
      const reply = await c.get("/api/v1/products?page_size=1");
      expect(reply.status).toBe(200);
      expect(reply.json.results).toHaveLength(1);
      expect(reply.json.next).toBe(`${c.base}/api/v1/products?page_size=1&page=2`);
    });

    it("keeps every other parameter in next and previous", async () => {
      const reply = await c.get("/api/v1/products/?status=draft&page=2&page_size=5&ordering=-price");
      expect(reply.status).toBe(200);
      expect(reply.json.next).toBe(`${c.base}/api/v1/products/?status=draft&page=3&page_size=5&ordering=-price`);
      expect(reply.json.previous).toBe(`${c.base}/api/v1/products/?status=draft&page_size=5&ordering=-price`);
    });

    it("answers 404 for a page past the last or not a positive integer", async () => {
      for (const page of ["4", "0", "-1", "abc", "1.5", "1e3", "99999999999999999999"]) {
        expectProblem(await c.get(`/api/v1/products/?page=${page}`), 404);
      }
      const last = await c.get("/api/v1/products/?page=3");
      expect(last.json.results).toHaveLength(6);
      expect(last.json.next).toBeNull();
    });

    it("answers page 1 of an empty list with no results", async () => {
      const reply = await c.get("/api/v1/products/?name=nothing-like-this");
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    it("falls back to the default page size for an invalid one and caps a large one", async () => {
      expect((await c.get("/api/v1/products/?page_size=abc")).json.results).toHaveLength(20);
      expect((await c.get("/api/v1/products/?page_size=-3")).json.results).toHaveLength(20);
      expect((await c.get("/api/v1/products/?page_size=1000")).json.results).toHaveLength(46);
      expect((await c.get("/api/v1/strict-products/")).json.results).toHaveLength(2);
      // strict-products caps pages at 3: with more rows than that, a page of 1000 is a page of 3.
      const extra = [101, 102, 103].map((id) => ({ ...c.app.strict.rows.get("1")!, id }));
      for (const row of extra) c.app.strict.rows.set(String(row.id), row);
      try {
        const capped = await c.get("/api/v1/strict-products/?page_size=1000");
        expect(capped.json.count).toBe(c.app.strict.rows.size);
        expect(capped.json.count).toBeGreaterThan(3);
        expect(capped.json.results).toHaveLength(3);
        expect(capped.json.next).toBe(`${c.base}/api/v1/strict-products/?page_size=1000&page=2`);
      } finally {
        for (const row of extra) c.app.strict.rows.delete(String(row.id));
      }
    });

    it("pages through querySet() when the manager cannot paginate itself", async () => {
      c.app.categories.calls.length = 0;
      const reply = await c.get("/api/v1/categories/?ordering=-title");
      expect(reply.json.results.map((c: { title: string }) => c.title)).toEqual(["Shoes", "Mugs"]);
      expect(reply.json.next).toBe(`${c.base}/api/v1/categories/?ordering=-title&page=2`);
      expect(c.app.categories.calls).toContain("querySet");
      // Count and page come from one load of the manager's rows, not two.
      expect(c.app.categories.calls.filter((call) => call === "all")).toHaveLength(1);
    });

    it("never serializes a non-serializable field", async () => {
      const reply = await c.get("/api/v1/products/1");
      expect(reply.json).not.toHaveProperty("secret");
      expect(reply.text).not.toContain("s3cret");
    });
  });

  describe("filters", () => {
    const ids = async (query: string) => {
      const reply = await c.get(`/api/v1/products/?page_size=100&${query}`);
      expect(reply.status, `${query}: ${reply.text}`).toBe(200);
      return reply.json.results.map((row: { id: number }) => row.id) as number[];
    };

    it("filters by equality on a serialized field, coerced by type", async () => {
      expect(await ids("status=archived")).toEqual([2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35, 38, 41, 44]);
      expect(await ids("inStock=false&status=draft")).toEqual([3, 9, 15, 21, 27, 33, 39, 45]);
      expect(await ids("inStock=0&status=draft")).toEqual(await ids("inStock=false&status=draft"));
      expect(await ids("id=7")).toEqual([7]);
    });

    it("supports every lookup", async () => {
      expect(await ids("price__gt=110")).toEqual([45]);
      expect(await ids("price__gte=110")).toEqual([44, 45]);
      expect(await ids("price__lt=5&id__lte=100")).toEqual([1]);
      expect(await ids("price__lte=5&id__lte=10")).toEqual([1, 2]);
      expect(await ids("id__in=3,1,2")).toEqual([1, 2, 3]);
      expect(await ids("id__range=4,6")).toEqual([4, 5, 6]);
      expect(await ids("category__isnull=true&id__lte=12")).toEqual([4, 8, 12]);
      expect(await ids("notes__isnull=false&id__lte=5")).toEqual([1, 2, 3, 4]);
      expect(await ids("name__contains=hat&id__lte=6")).toEqual([2, 3]);
      expect(await ids("name__contains=HAT&id__lte=6")).toEqual([]);
      expect(await ids("name__icontains=HAT&id__lte=6")).toEqual([2, 3]);
      expect(await ids("name__exact=Red hat 03")).toEqual([3]);
      expect(await ids("name__iexact=red HAT 03")).toEqual([3]);
      expect(await ids("name__startswith=Red&id__lte=7")).toEqual([3, 6]);
      expect(await ids("name__istartswith=red&id__lte=7")).toEqual([3, 6]);
      expect(await ids("name__startswith=red&id__lte=7")).toEqual([]);
      expect(await ids("name__endswith=07")).toEqual([7]);
      expect(await ids("name__iendswith=SHOE 07")).toEqual([7]);
      expect(await ids("createdAt__gte=2024-02-10")).toEqual([41, 42, 43, 44, 45]);
      expect(await ids("createdAt__lt=2024-01-03T00:00:00Z&id__lt=100")).toEqual([1, 2]);
    });

    it("matches % and _ literally in contains-style lookups", async () => {
      expect(await ids("name__contains=50%")).toEqual([4, 10, 16, 22, 28, 34, 40]);
      expect(await ids("name__contains=_")).toEqual([5, 11, 17, 23, 29, 35, 41]);
      expect(await ids("name__contains=%25%25")).toEqual([]);
    });

    it("treats a repeated key as any of its values", async () => {
      expect(await ids("id=1&id=3&id=99")).toEqual([1, 3]);
      expect(await ids("status=live&status=archived&id__lte=4")).toEqual([1, 2, 4]);
    });

    it("reads `in` and `range` sent as repeated keys, as generated clients send arrays", async () => {
      expect(await ids("id__in=3&id__in=1,2")).toEqual([1, 2, 3]);
      expect(await ids("id__range=4&id__range=6")).toEqual([4, 5, 6]);
    });

    it("answers 400 naming the parameter for a value that does not coerce or an unknown lookup", async () => {
      const cases: Record<string, string> = {
        "price__gte=abc": "price__gte",
        "id=1.5": "id",
        "inStock=maybe": "inStock",
        "createdAt__gt=yesterday": "createdAt__gt",
        "status=sold": "status",
        "name__regex=.*": "name__regex",
        "id__range=1": "id__range",
        "notes__isnull=perhaps": "notes__isnull",
        "inStock__contains=t": "inStock__contains",
        // Lookups that make no sense for the type: no order on an enum, a boolean, text or a foreign key.
        "status__gt=draft": "status__gt",
        "inStock__in=true": "inStock__in",
        "name__lt=m": "name__lt",
        "category__gte=2": "category__gte",
        "price__isnull=false": "price__isnull",
        "id=99999999999999999999": "id",
      };
      for (const [query, param] of Object.entries(cases)) {
        const reply = await c.get(`/api/v1/products/?${query}`);
        expectProblem(reply, 400);
        expect(Object.keys(reply.json.errors), query).toEqual([param]);
        expect(reply.json.detail).toContain(param);
      }
    });

    it("ignores parameters that name no filterable field", async () => {
      expect((await c.get("/api/v1/products/?colour=red&secret=s3cret-1&format=json")).json.count).toBe(46);
      // Only the listed filter fields filter on a viewset that narrows them.
      expect((await c.get("/api/v1/strict-products/?name=Blue shoe 01&page_size=3")).json.count).toBe(3);
      expect((await c.get("/api/v1/strict-products/?status=live")).json.count).toBe(1);
    });

    it("with strictFilters, answers a parameter that names no filter with a 400 naming each, and reads the rest", async () => {
      const reply = await c.get("/api/v1/strict-filters/?colour=red&status=live&stauts=draft&price__gte=1");
      expectProblem(reply, 400);
      expect(reply.json.errors).toEqual({ colour: ["Unknown query parameter."], stauts: ["Unknown query parameter."] });
      expect(reply.json.detail).toBe("Unknown query parameters: colour, stauts.");
      // The list's own parameters and every lookup of a filter field are no strangers.
      const known = "status=live&price__gte=1&ordering=-price&page=1&page_size=5&search=x&fields=id&format=json";
      expect((await c.get(`/api/v1/strict-filters/?${known}`)).status).toBe(200);
    });

    it("searches the search fields, every term in one of them", async () => {
      expect(await ids("search=red hat")).toEqual([3, 9, 15, 21, 27, 33, 39, 45]);
      expect(await ids("search=note 12")).toEqual([12]);
      expect(await ids("search=s3cret")).toEqual([]);
    });
  });

  describe("ordering", () => {
    it("orders by fields, descending with a minus, the primary key last", async () => {
      const reply = await c.get("/api/v1/products/?ordering=-inStock,-price&page_size=3&status=draft");
      expect(reply.json.results.map((r: { id: number }) => r.id)).toEqual([42, 36, 30]);
      const byStatus = await c.get("/api/v1/products/?ordering=status&page_size=3");
      expect(byStatus.json.results.map((r: { id: number }) => r.id)).toEqual([2, 5, 8]);
    });

    it("reads ordering sent as repeated keys like the comma-separated form", async () => {
      const repeated = await c.get("/api/v1/products/?ordering=-inStock&ordering=-price&page_size=3&status=draft");
      expect(repeated.json.results.map((r: { id: number }) => r.id)).toEqual([42, 36, 30]);
    });

    it("ignores unknown and non-orderable fields", async () => {
      const plain = await c.get("/api/v1/products/?page_size=5");
      const ignored = await c.get("/api/v1/products/?page_size=5&ordering=secret,-nope,__proto__,constructor");
      expect(ignored.json.results).toEqual(plain.json.results);
      const strict = await c.get("/api/v1/strict-products/?ordering=-price");
      expect(strict.json.results.map((r: { id: number }) => r.id)).toEqual([1, 2]);
    });
  });

  describe("retrieve and ids", () => {
    it("retrieves by id with or without the trailing slash", async () => {
      const a = await c.get("/api/v1/products/7");
      const b = await c.get("/api/v1/products/7/");
      expect(a.status).toBe(200);
      expect(a.text).toBe(b.text);
      expect(a.json.id).toBe(7);
    });

    it("passes an id past 2^53 to the manager as a bigint, never rounded", async () => {
      const reply = await c.get(`/api/v1/products/${BIG_ID}`);
      expect(reply.status).toBe(200);
      expect(reply.text).toContain(`"id":${BIG_ID}`);
      expectProblem(await c.get(`/api/v1/products/${BIG_ID - 1n}`), 404);
    });

    it("answers 404 for ids that are not int64 integers", async () => {
      for (const id of ["abc", "1.5", "1e3", "9223372036854775808", "-9223372036854775809", "0x10", "%20"]) {
        expectProblem(await c.get(`/api/v1/products/${id}`), 404);
      }
      // Only the canonical spelling names an object: no aliases of /products/7.
      for (const id of ["+7", "%2B7", "007", "7.0", "07%20"]) {
        expectProblem(await c.get(`/api/v1/products/${id}`), 404);
        expectProblem(await c.send("POST", `/api/v1/products/${id}/publish-now`, {}), 404);
      }
      expectProblem(await c.get("/api/v1/products/9999"), 404);
      expectProblem(await c.get("/api/v1/products/9223372036854775807"), 404);
    });
  });
}

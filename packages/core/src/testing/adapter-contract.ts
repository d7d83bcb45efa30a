import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiRequest, ApiResponse, Handler, Mountable } from "../http/request.js";
import { sendError, sendJSON } from "../http/respond.js";
import { headResponse } from "../router/answers.js";
import type { Router } from "../router/router.js";
import { BIG_ID, type ContractApp, contractApp } from "./fixtures.js";
import { runHttpContract } from "./http-contract.js";
import { runProxyContract } from "./proxy-contract.js";
import { runSerializerContract } from "./serializer-contract.js";
import { runWritesContract } from "./writes-contract.js";

export interface ContractServer {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  close(): Promise<void>;
}

export interface ServeOptions {
  /** Put the framework's own JSON body parser in front (express.json, @koa/bodyparser, c.req.json; Fastify's is built in). */
  readonly parseBody?: boolean;
  /** A user the app's own middleware signs in (req.user, ctx.state.user, c.set("user"), request.user). */
  readonly appUser?: unknown;
  /**
   * Core handlers mounted natively with the adapter's to<Framework>, by GET path: HEAD on the path
   * reaches them too (Express's and Hono's `get` route it; a Koa app routes it itself).
   */
  readonly handlers?: Readonly<Record<string, Handler>>;
  /** More core handlers mounted with `registerRoutes` after the router (the admin is one). */
  readonly mounts?: readonly Mountable[];
  /**
   * Turn on the framework's own reading of X-Forwarded-* (Express's `trust proxy`, Koa's
   * `app.proxy`, Fastify's `trustProxy`; Hono has none): the router's answers must not change with it.
   */
  readonly frameworkTrustsProxy?: boolean;
  /** Mount the framework's own CORS middleware (cors, @koa/cors, hono/cors, @fastify/cors) before the router. */
  readonly cors?: { readonly origin: string; readonly credentials: boolean };
}

/** Bytes that are not valid UTF-8, so any text round trip would change them. */
const BYTES = new Uint8Array([0, 1, 2, 0xff, 0xfe, 0x80, 0x7f, 10]);
const HTML = "<!doctype html><title>Héllo</title><p>ünïcode</p>";

/** A page of the mountable below, or null. */
function page(path: string): ApiResponse | null {
  if (path === "/pages/home.html") {
    return {
      status: 200,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
      body: HTML,
    };
  }
  if (path === "/pages/bytes.bin") {
    return { status: 200, headers: { "Content-Type": "application/octet-stream" }, body: BYTES };
  }
  return null;
}

/**
 * A mountable that is not a router, answering HTML and bytes under /pages/, as the admin serves
 * its UI; HEAD with `headResponse` (no body, the length of GET's).
 */
const pages: Mountable = {
  assertReady() {},
  async handle(request: ApiRequest): Promise<ApiResponse | null> {
    const answer = page(request.path);
    return answer && request.method === "HEAD" ? headResponse(answer) : answer;
  },
};

/** An API root beside the router, as DRF's: GET only, as strict handlers are. */
const apiRoot: Handler = async (request) =>
  request.method === "GET"
    ? sendJSON(200, { products: `${request.origin}/api/v1/products/` })
    : sendError(405, "GET only.", { Allow: "GET" });

/** HEAD on `path` answers GET's status, type and length, and no body. */
async function expectHeadLikeGet(base: string, path: string): Promise<void> {
  const get = await fetch(base + path);
  const length = (await get.arrayBuffer()).byteLength;
  expect(get.status, path).toBe(200);
  const head = await fetch(base + path, { method: "HEAD" });
  expect(head.status, path).toBe(200);
  expect(head.headers.get("content-length"), path).toBe(String(length));
  expect(head.headers.get("content-type"), path).toBe(get.headers.get("content-type"));
  expect((await head.arrayBuffer()).byteLength, path).toBe(0);
}

export interface AdapterContractOptions {
  readonly name: string;
  /**
   * A new app of the framework with `registerRoutes(router, app)`, listening on 127.0.0.1 port 0.
   * Requests no route matches must fall through to the app, which answers 404 with the text
   * `fallthrough`.
   */
  serve(router: Router, options: ServeOptions): Promise<ContractServer>;
}

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

async function call(
  base: string,
  method: string,
  path: string,
  init: { body?: string | Uint8Array; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const response = await fetch(base + path, { method, body: init.body, headers: init.headers });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

const JSON_HEADERS = { "content-type": "application/json" };

function expectProblem(reply: Reply, status: number): void {
  expect(reply.status).toBe(status);
  expect(reply.headers.get("content-type")).toBe("application/problem+json");
  expect(reply.json).toMatchObject({ type: "about:blank", status });
  expect(typeof reply.json.title).toBe("string");
  expect(typeof reply.json.detail).toBe("string");
}

const validProduct = { name: "New lamp", price: "19.90", inStock: true, status: "draft", category: 2, notes: null };

/**
 * The behaviour every adapter must share, byte for byte. Each adapter's test file calls this
 * with a function that serves a router on its framework.
 */
export function runAdapterContract(options: AdapterContractOptions): void {
  runSerializerContract(options);
  runWritesContract(options);
  describe(`adapter contract: ${options.name}`, () => {
    let app: ContractApp;
    let server: ContractServer;
    let base: string;
    const get = (path: string, headers?: Record<string, string>) => call(base, "GET", path, headers ? { headers } : {});
    const send = (method: string, path: string, body: unknown, headers: Record<string, string> = JSON_HEADERS) =>
      call(base, method, path, { body: typeof body === "string" ? body : JSON.stringify(body), headers });

    beforeAll(async () => {
      app = contractApp();
      server = await options.serve(app.router, {
        handlers: { "/plain-handler": async () => sendJSON(200, { plain: true }) },
        mounts: [pages],
      });
      base = server.url;
    });
    afterAll(() => server.close());

    describe("list", () => {
      it("answers the DRF envelope with absolute links, 20 per page by default", async () => {
        const reply = await get("/api/v1/products/");
        expect(reply.status).toBe(200);
        expect(reply.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(reply.json.count).toBe(46);
        expect(reply.json.results).toHaveLength(20);
        expect(reply.json.previous).toBeNull();
        expect(reply.json.next).toBe(`${base}/api/v1/products/?page=2`);
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
        const reply = await get("/api/v1/products?page_size=1");
        expect(reply.status).toBe(200);
        expect(reply.json.results).toHaveLength(1);
        expect(reply.json.next).toBe(`${base}/api/v1/products?page_size=1&page=2`);
      });

      it("keeps every other parameter in next and previous", async () => {
        const reply = await get("/api/v1/products/?status=draft&page=2&page_size=5&ordering=-price");
        expect(reply.status).toBe(200);
        expect(reply.json.next).toBe(`${base}/api/v1/products/?status=draft&page=3&page_size=5&ordering=-price`);
        expect(reply.json.previous).toBe(`${base}/api/v1/products/?status=draft&page_size=5&ordering=-price`);
      });

      it("answers 404 for a page past the last or not a positive integer", async () => {
        for (const page of ["4", "0", "-1", "abc", "1.5", "1e3", "99999999999999999999"]) {
          expectProblem(await get(`/api/v1/products/?page=${page}`), 404);
        }
        const last = await get("/api/v1/products/?page=3");
        expect(last.json.results).toHaveLength(6);
        expect(last.json.next).toBeNull();
      });

      it("answers page 1 of an empty list with no results", async () => {
        const reply = await get("/api/v1/products/?name=nothing-like-this");
        expect(reply.status).toBe(200);
        expect(reply.json).toEqual({ count: 0, next: null, previous: null, results: [] });
      });

      it("falls back to the default page size for an invalid one and caps a large one", async () => {
        expect((await get("/api/v1/products/?page_size=abc")).json.results).toHaveLength(20);
        expect((await get("/api/v1/products/?page_size=-3")).json.results).toHaveLength(20);
        expect((await get("/api/v1/products/?page_size=1000")).json.results).toHaveLength(46);
        expect((await get("/api/v1/strict-products/?page_size=1000")).json.results).toHaveLength(3);
        expect((await get("/api/v1/strict-products/")).json.results).toHaveLength(2);
      });

      it("pages through querySet() when the manager cannot paginate itself", async () => {
        app.categories.calls.length = 0;
        const reply = await get("/api/v1/categories/?ordering=-title");
        expect(reply.json.results.map((c: { title: string }) => c.title)).toEqual(["Shoes", "Mugs"]);
        expect(reply.json.next).toBe(`${base}/api/v1/categories/?ordering=-title&page=2`);
        expect(app.categories.calls).toContain("querySet");
        // Count and page come from one load of the manager's rows, not two.
        expect(app.categories.calls.filter((call) => call === "all")).toHaveLength(1);
      });

      it("never serializes a non-serializable field", async () => {
        const reply = await get("/api/v1/products/1");
        expect(reply.json).not.toHaveProperty("secret");
        expect(reply.text).not.toContain("s3cret");
      });
    });

    describe("filters", () => {
      const ids = async (query: string) => {
        const reply = await get(`/api/v1/products/?page_size=100&${query}`);
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
          const reply = await get(`/api/v1/products/?${query}`);
          expectProblem(reply, 400);
          expect(Object.keys(reply.json.errors), query).toEqual([param]);
          expect(reply.json.detail).toContain(param);
        }
      });

      it("ignores parameters that name no filterable field", async () => {
        expect((await get("/api/v1/products/?colour=red&secret=s3cret-1&format=json")).json.count).toBe(46);
        // Only the listed filter fields filter on a viewset that narrows them.
        expect((await get("/api/v1/strict-products/?name=Blue shoe 01&page_size=3")).json.count).toBe(3);
        expect((await get("/api/v1/strict-products/?status=live")).json.count).toBe(1);
      });

      it("searches the search fields, every term in one of them", async () => {
        expect(await ids("search=red hat")).toEqual([3, 9, 15, 21, 27, 33, 39, 45]);
        expect(await ids("search=note 12")).toEqual([12]);
        expect(await ids("search=s3cret")).toEqual([]);
      });
    });

    describe("ordering", () => {
      it("orders by fields, descending with a minus, the primary key last", async () => {
        const reply = await get("/api/v1/products/?ordering=-inStock,-price&page_size=3&status=draft");
        expect(reply.json.results.map((r: { id: number }) => r.id)).toEqual([42, 36, 30]);
        const byStatus = await get("/api/v1/products/?ordering=status&page_size=3");
        expect(byStatus.json.results.map((r: { id: number }) => r.id)).toEqual([2, 5, 8]);
      });

      it("reads ordering sent as repeated keys like the comma-separated form", async () => {
        const repeated = await get("/api/v1/products/?ordering=-inStock&ordering=-price&page_size=3&status=draft");
        expect(repeated.json.results.map((r: { id: number }) => r.id)).toEqual([42, 36, 30]);
      });

      it("ignores unknown and non-orderable fields", async () => {
        const plain = await get("/api/v1/products/?page_size=5");
        const ignored = await get("/api/v1/products/?page_size=5&ordering=secret,-nope,__proto__,constructor");
        expect(ignored.json.results).toEqual(plain.json.results);
        const strict = await get("/api/v1/strict-products/?ordering=-price");
        expect(strict.json.results.map((r: { id: number }) => r.id)).toEqual([1, 2]);
      });
    });

    describe("retrieve and ids", () => {
      it("retrieves by id with or without the trailing slash", async () => {
        const a = await get("/api/v1/products/7");
        const b = await get("/api/v1/products/7/");
        expect(a.status).toBe(200);
        expect(a.text).toBe(b.text);
        expect(a.json.id).toBe(7);
      });

      it("passes an id past 2^53 to the manager as a bigint, never rounded", async () => {
        const reply = await get(`/api/v1/products/${BIG_ID}`);
        expect(reply.status).toBe(200);
        expect(reply.text).toContain(`"id":${BIG_ID}`);
        expectProblem(await get(`/api/v1/products/${BIG_ID - 1n}`), 404);
      });

      it("answers 404 for ids that are not int64 integers", async () => {
        for (const id of ["abc", "1.5", "1e3", "9223372036854775808", "-9223372036854775809", "0x10", "%20"]) {
          expectProblem(await get(`/api/v1/products/${id}`), 404);
        }
        // Only the canonical spelling names an object: no aliases of /products/7.
        for (const id of ["+7", "%2B7", "007", "7.0", "07%20"]) {
          expectProblem(await get(`/api/v1/products/${id}`), 404);
          expectProblem(await send("POST", `/api/v1/products/${id}/publish-now`, {}), 404);
        }
        expectProblem(await get("/api/v1/products/9999"), 404);
        expectProblem(await get("/api/v1/products/9223372036854775807"), 404);
      });
    });

    describe("create", () => {
      it("creates, answering 201 with the object and a Location", async () => {
        const reply = await send("POST", "/api/v1/products/", validProduct);
        expect(reply.status).toBe(201);
        expect(reply.json).toMatchObject({ ...validProduct });
        const id = reply.json.id as number;
        expect(reply.headers.get("location")).toBe(`${base}/api/v1/products/${id}`);
        expect((await get(`/api/v1/products/${id}`)).json.name).toBe("New lamp");
        await send("DELETE", `/api/v1/products/${id}`, "");
      });

      it("answers 400 with errors per field and writes nothing", async () => {
        const before = app.products.rows.size;
        const reply = await send("POST", "/api/v1/products", {
          name: 5,
          price: "cheap",
          inStock: "yes",
          status: "sold",
        });
        expectProblem(reply, 400);
        expect(Object.keys(reply.json.errors).sort()).toEqual(["inStock", "name", "price", "status"]);
        for (const messages of Object.values(reply.json.errors))
          expect((messages as string[]).length).toBeGreaterThan(0);
        expect(app.products.rows.size).toBe(before);
      });

      it("names a missing required field", async () => {
        const { name: _name, ...withoutName } = validProduct;
        const reply = await send("POST", "/api/v1/products/", withoutName);
        expectProblem(reply, 400);
        expect(reply.json.errors).toEqual({ name: ["This field is required."] });
      });

      it("reports clean() errors as non_field_errors", async () => {
        const reply = await send("POST", "/api/v1/products/", { ...validProduct, status: "live", inStock: false });
        expectProblem(reply, 400);
        expect(reply.json.errors).toEqual({ non_field_errors: ["A live product must be in stock."] });
      });

      it("ignores read-only and unknown keys a client sends, unless unknown keys are rejected", async () => {
        const reply = await send("POST", "/api/v1/products/", {
          ...validProduct,
          id: 777,
          createdAt: "2000-01-01T00:00:00Z",
          colour: "red",
        });
        expect(reply.status).toBe(201);
        expect(reply.json.id).not.toBe(777);
        expect(reply.json).not.toHaveProperty("colour");
        await send("DELETE", `/api/v1/products/${reply.json.id}`, "");

        const strict = await send("POST", "/api/v1/strict-products/", {
          name: "x",
          inStock: true,
          status: "draft",
          price: "1",
          colour: "red",
          size: 3,
        });
        expectProblem(strict, 400);
        expect(strict.json.errors).toEqual({ colour: ["Unknown field."], size: ["Unknown field."] });
      });

      it("accepts write-only fields and never shows them; ignores serializer read-only ones", async () => {
        const reply = await send("POST", "/api/v1/strict-products/", {
          name: "Hidden",
          inStock: true,
          status: "draft",
          price: "9.99",
          secret: "pw",
        });
        expect(reply.status, reply.text).toBe(201);
        expect(Object.keys(reply.json).sort()).toEqual(["id", "inStock", "name", "price", "status"]);
        expect(reply.json.price).toBeNull();
        const stored = app.strict.rows.get(String(reply.json.id));
        expect(stored).toMatchObject({ secret: "pw", name: "Hidden" });
        expect(stored).not.toHaveProperty("price");
      });
    });

    describe("update, partial update, destroy", () => {
      it("PUT requires every required writable field; PATCH is partial", async () => {
        const put = await send("PUT", "/api/v1/products/10", { name: "Only a name" });
        expectProblem(put, 400);
        expect(Object.keys(put.json.errors).sort()).toEqual(["inStock", "price", "status"]);
        const patch = await send("PATCH", "/api/v1/products/10/", { name: "Renamed" });
        expect(patch.status).toBe(200);
        expect(patch.json).toMatchObject({ id: 10, name: "Renamed", price: "25.00" });
        const full = await send("PUT", "/api/v1/products/10", { ...validProduct, name: "Replaced" });
        expect(full.status).toBe(200);
        expect(full.json).toMatchObject({ id: 10, name: "Replaced", price: "19.90" });
      });

      it("runs clean() on the object as it would be saved, and changes nothing on failure", async () => {
        const before = (await get("/api/v1/products/12")).text;
        const reply = await send("PATCH", "/api/v1/products/12", { status: "live", inStock: false });
        expectProblem(reply, 400);
        expect(reply.json.errors).toHaveProperty("non_field_errors");
        expect((await get("/api/v1/products/12")).text).toBe(before);
      });

      it("answers 404 for a missing object and validates before loading it", async () => {
        expectProblem(await send("PATCH", "/api/v1/products/4242", { name: "x" }), 404);
        expectProblem(await send("PUT", "/api/v1/products/4242", validProduct), 404);
        expectProblem(await send("DELETE", "/api/v1/products/4242", ""), 404);
      });

      it("destroys with 204 and no body", async () => {
        const created = await send("POST", "/api/v1/products/", validProduct);
        const reply = await send("DELETE", `/api/v1/products/${created.json.id}/`, "");
        expect(reply.status).toBe(204);
        expect(reply.text).toBe("");
        expectProblem(await get(`/api/v1/products/${created.json.id}`), 404);
      });

      it("answers 405 with Allow for a method the route does not serve", async () => {
        const reply = await send("DELETE", "/api/v1/products/", "");
        expectProblem(reply, 405);
        expect(reply.headers.get("allow")).toBe("GET, POST");
        const detail = await send("POST", "/api/v1/products/3", validProduct);
        expect(detail.headers.get("allow")).toBe("GET, PUT, PATCH, DELETE");
      });
    });

    describe("bad input", () => {
      it("answers 400 for malformed JSON and changes nothing", async () => {
        const before = app.products.rows.size;
        for (const body of ["{", '{"name": }', "nul", "[1,2"]) {
          const reply = await send("POST", "/api/v1/products/", body);
          expectProblem(reply, 400);
          expect(reply.json.detail).toBe("Malformed JSON in request body.");
        }
        expect(app.products.rows.size).toBe(before);
      });

      it("answers 400 for a body that is not UTF-8 and changes nothing", async () => {
        const before = app.products.rows.size;
        // "Café lamp" with its é in Latin-1 (one byte, 0xE9): not UTF-8.
        const [head, tail] = ['{"name":"Caf', ' lamp","price":"1.00","inStock":true,"status":"draft"}'].map((text) =>
          new TextEncoder().encode(text),
        );
        const latin1 = new Uint8Array([...head!, 0xe9, ...tail!]);
        const json = await call(base, "POST", "/api/v1/products/", { body: latin1, headers: JSON_HEADERS });
        expectProblem(json, 400);
        expect(json.json.detail).toBe("The request body is not valid UTF-8.");
        const form = await send("POST", "/api/v1/products/", "name=Caf%E9+lamp&price=1.00&inStock=true&status=draft", {
          "content-type": "application/x-www-form-urlencoded",
        });
        expectProblem(form, 400);
        expect(form.json.detail).toBe("The request body is not valid UTF-8.");
        expect(app.products.rows.size).toBe(before);
        // A lone "%" stays a literal percent sign, as browsers' forms and URLSearchParams read it.
        const percent = await send(
          "POST",
          "/api/v1/products/",
          "name=100%+wool+%E2%82%AC&price=1.00&inStock=true&status=draft",
          {
            "content-type": "application/x-www-form-urlencoded",
          },
        );
        expect(percent.status).toBe(201);
        expect(percent.json.name).toBe("100% wool €");
      });

      it("answers 400 for a body that is not a JSON object", async () => {
        for (const body of ["[]", "42", "null", '"text"']) {
          const reply = await send("POST", "/api/v1/products/", body);
          expectProblem(reply, 400);
          expect(reply.json.errors).toHaveProperty("non_field_errors");
        }
      });

      it("answers 413 for a body over the limit", async () => {
        const big = JSON.stringify({ ...validProduct, notes: "x".repeat(1024 * 1024 + 10) });
        const before = app.products.rows.size;
        const reply = await send("POST", "/api/v1/products/", big);
        expectProblem(reply, 413);
        expect(app.products.rows.size).toBe(before);
      });

      it("answers 415 for a content type that is neither JSON nor a form", async () => {
        const before = app.products.rows.size;
        const multipart = await send("POST", "/api/v1/products/", "--x\r\n\r\nname=x\r\n--x--", {
          "content-type": "multipart/form-data; boundary=x",
        });
        expectProblem(multipart, 415);
        const text = await send("PATCH", "/api/v1/products/1", "{}", { "content-type": "text/plain" });
        expectProblem(text, 415);
        expect(app.products.rows.size).toBe(before);
      });

      it("accepts +json content types and charset parameters", async () => {
        const reply = await send(
          "PATCH",
          "/api/v1/products/1",
          { notes: "charset" },
          { "content-type": "application/merge-patch+json; charset=utf-8" },
        );
        expect(reply.status).toBe(200);
        expect(reply.json.notes).toBe("charset");
      });

      it("never lets __proto__ keys in a body reach anything", async () => {
        const body =
          '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "name": "Proto", "price": "1", "inStock": true, "status": "draft"}';
        const reply = await send("POST", "/api/v1/products/", body);
        expect(reply.status).toBe(201);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(reply.json).not.toHaveProperty("polluted");
        await send("DELETE", `/api/v1/products/${reply.json.id}`, "");
        const strict = await send(
          "POST",
          "/api/v1/strict-products/",
          '{"__proto__": {"x": 1}, "name": "P", "price": "1", "inStock": true, "status": "draft"}',
        );
        expectProblem(strict, 400);
        expect(strict.json.errors).toHaveProperty("__proto__");
      });

      it("survives hostile query strings", async () => {
        for (const query of [
          "__proto__=1",
          "constructor=1&prototype=2",
          `ordering=${"-".repeat(2000)}`,
          "page_size=1e999",
          `search=${"a ".repeat(500)}`,
          `id__in=${Array.from({ length: 500 }, (_, i) => i).join(",")}`,
          "%ZZ=%ZZ",
          "colour=%00",
          Array.from({ length: 999 }, () => "status=live").join("&"),
        ]) {
          const reply = await get(`/api/v1/products/?${query}`);
          expect(reply.status, query.slice(0, 50)).toBe(200);
        }
      });

      it("answers 400 naming the parameter for a NUL in a filter or search, and for too many parameters", async () => {
        const cases: Record<string, string> = {
          "name=%00": "name",
          "name__contains=a%00": "name__contains",
          "search=%00": "search",
          [Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join("&")]: "p1000",
        };
        for (const [query, param] of Object.entries(cases)) {
          const reply = await get(`/api/v1/products/?${query}`);
          expectProblem(reply, 400);
          expect(Object.keys(reply.json.errors), query.slice(0, 50)).toEqual([param]);
        }
      });
    });

    describe("errors never leak", () => {
      it("answers 500 with nothing of the error's message or stack", async () => {
        const reply = await get("/api/v1/failing/");
        expectProblem(reply, 500);
        expect(reply.json.detail).toBe("A server error occurred.");
        expect(reply.text).not.toMatch(/SELECT|hunter2|\bat\s|SecretManagerError|stack/);
        const action = await get("/api/v1/products/boom");
        expectProblem(action, 500);
        expect(action.text).not.toMatch(/postgres|admin|pw@/);
      });
    });

    describe("read-only viewsets", () => {
      it("serves list and retrieve; answers writes with 405 and Allow: GET without calling the queryset", async () => {
        expect((await get("/api/v1/reports/")).status).toBe(200);
        expect((await get("/api/v1/reports/2")).status).toBe(200);
        app.reports.calls.length = 0;
        // The reports throttle allows 3 requests per client: two were spent above.
        const post = await send("POST", "/api/v1/reports/", validProduct);
        expectProblem(post, 405);
        expect(post.headers.get("allow")).toBe("GET");
        expect(app.reports.calls).toEqual([]);
      });

      it("runs the throttle before the 405: 405, then 429 with Retry-After", async () => {
        const throttled = await send("DELETE", "/api/v1/reports/1", "");
        expectProblem(throttled, 429);
        expect(throttled.headers.get("retry-after")).toBe("60");
        expect(throttled.headers.get("ratelimit-limit")).toBe("3");
        expect(throttled.headers.get("ratelimit-remaining")).toBe("0");
        expect(app.reports.calls).toEqual([]);
      });
    });

    describe("actions", () => {
      it("serves a collection action with its default GET", async () => {
        const reply = await get("/api/v1/products/stats/");
        expect(reply.status).toBe(200);
        expect(reply.json.count).toBe(app.products.rows.size);
        expectProblem(await send("POST", "/api/v1/products/stats", {}), 405);
      });

      it("serves a detail action under /{id}/ with its URL path and methods", async () => {
        const reply = await send("POST", "/api/v1/products/12/publish-now", { note: "hi" });
        expect(reply.status).toBe(200);
        expect(reply.json).toEqual({ id: "12", note: "hi", user: null });
        const slash = await send("POST", "/api/v1/products/12/publish-now/", "");
        expect(slash.json).toEqual({ id: "12", note: null, user: null });
        const wrong = await get("/api/v1/products/12/publish-now");
        expectProblem(wrong, 405);
        expect(wrong.headers.get("allow")).toBe("POST");
        expectProblem(await send("POST", "/api/v1/products/abc/publish-now", {}), 404);
        expectProblem(await get("/api/v1/products/12/unknown"), 404);
      });
    });

    describe("bodies other than JSON", () => {
      it("mounts a core handler that is not a router, and hands on what it does not answer", async () => {
        expect((await get("/pages/other")).text).toBe("fallthrough");
      });

      it("sends text with the content type it was given, byte for byte", async () => {
        const response = await fetch(`${base}/pages/home.html`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
        expect(response.headers.get("cache-control")).toBe("no-store");
        const bytes = new Uint8Array(await response.arrayBuffer());
        const expected = new TextEncoder().encode(HTML);
        expect(bytes).toEqual(expected);
        expect(response.headers.get("content-length")).toBe(String(expected.byteLength));
      });

      it("sends bytes unchanged, with their length", async () => {
        const response = await fetch(`${base}/pages/bytes.bin`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("application/octet-stream");
        expect(new Uint8Array(await response.arrayBuffer())).toEqual(BYTES);
        expect(response.headers.get("content-length")).toBe(String(BYTES.byteLength));
      });

      it("answers HEAD on a mountable's pages with GET's length and no body", async () => {
        await expectHeadLikeGet(base, "/pages/home.html");
        await expectHeadLikeGet(base, "/pages/bytes.bin");
      });
    });

    describe("mounting", () => {
      it("hands requests outside the prefix, and the API root, on to the app", async () => {
        for (const path of ["/elsewhere", "/api/v1", "/api/v1/", "/api/v1x/products/", "/"]) {
          const reply = await get(path);
          expect(reply.status, path).toBe(404);
          expect(reply.text, path).toBe("fallthrough");
        }
      });

      it("answers an unknown route under the prefix with a problem+json 404", async () => {
        for (const path of [
          "/api/v1/unknown/",
          "/api/v1/products/1/2/3",
          "/api/v1//products",
          "/api/v1/products/1/nope",
        ]) {
          expectProblem(await get(path), 404);
        }
        expectProblem(await send("POST", "/api/v1/unknown", validProduct), 404);
      });

      it("mounts one core handler natively", async () => {
        const reply = await get("/plain-handler");
        expect(reply.status).toBe(200);
        expect(reply.json).toEqual({ plain: true });
      });

      it("answers HEAD like GET without a body", async () => {
        const reply = await call(base, "HEAD", "/api/v1/products/1");
        expect(reply.status).toBe(200);
        expect(reply.text).toBe("");
      });

      it("answers HEAD on a handler the app mounts at the router's root (an API root) as GET", async () => {
        const rooted = await options.serve(contractApp().router, {
          handlers: { "/api/v1": apiRoot, "/api/v1/": apiRoot },
        });
        try {
          for (const path of ["/api/v1", "/api/v1/"]) await expectHeadLikeGet(rooted.url, path);
        } finally {
          await rooted.close();
        }
      });

      it("applies a ViewSetConfig field set after registration", async () => {
        expect((await get("/api/v1/categories/")).json.results).toHaveLength(2);
        app.configured.pageSize = 3;
        try {
          expect((await get("/api/v1/categories/")).json.results).toHaveLength(3);
        } finally {
          app.configured.pageSize = 2;
        }
      });
    });

    describe("a body the app already parsed", () => {
      let parsedServer: ContractServer;
      let parsedApp: ContractApp;
      beforeAll(async () => {
        parsedApp = contractApp();
        parsedServer = await options.serve(parsedApp.router, { parseBody: true });
      });
      afterAll(() => parsedServer.close());

      it("is used as is, with the same answers", async () => {
        const created = await call(parsedServer.url, "POST", "/api/v1/products/", {
          body: JSON.stringify(validProduct),
          headers: JSON_HEADERS,
        });
        expect(created.status).toBe(201);
        expect(created.json.name).toBe("New lamp");
        const invalid = await call(parsedServer.url, "POST", "/api/v1/products/", {
          body: JSON.stringify({ name: 1 }),
          headers: JSON_HEADERS,
        });
        expectProblem(invalid, 400);
        const action = await call(parsedServer.url, "POST", "/api/v1/products/3/publish-now", {
          body: '{"note":"parsed"}',
          headers: JSON_HEADERS,
        });
        expect(action.json.note).toBe("parsed");
      });
    });
  });
  runHttpContract(options);
  runProxyContract(options);
}

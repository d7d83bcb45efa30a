import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../http/errors.js";
import { memoryQuerySet } from "../query/memory-queryset.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { Product, type ProductRow } from "../testing/fixtures.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import { ViewSetConfig } from "../viewsets/viewset-config.js";
import type { ViewSet } from "../viewsets/viewset.js";

const serializer = () => new BaseSerializer();

/** A manager that holds a secret, as a real one holds a connection string. */
class ProductManager {
  readonly url = "postgres://admin:hunter2@db.internal/prod";
  async count() {
    return 0;
  }
  async all() {
    return [];
  }
  async get() {
    return null;
  }
}

function viewset(options: Record<string, unknown>): BaseViewSet<ProductRow> {
  return new BaseViewSet({
    serializer,
    queryset: new MemoryManager<ProductRow>(),
    model: Product,
    ...options,
  } as never);
}

describe("checkConfiguration", () => {
  it("passes a complete viewset", () => {
    expect(viewset({}).checkConfiguration("products")).toBeNull();
  });

  it("asks for the queryset's atomic(ctx, run) when a viewset wants transactions or bulk create", () => {
    expect(viewset({ atomic: true, bulkCreate: true }).checkConfiguration("products")!.message).toBe(
      "viewsets: resource products: queryset MemoryManager: missing atomic(ctx, run), needed by atomic and bulk create",
    );
    const atomic = async (_ctx: unknown, run: () => Promise<unknown>) => run();
    const transactional = Object.assign(new MemoryManager<ProductRow>(), { atomic });
    expect(viewset({ queryset: transactional, atomic: true, bulkCreate: true }).checkConfiguration()).toBeNull();
    expect(
      viewset({ queryset: transactional, bulkCreate: { maxItems: 0 } }).checkConfiguration("products")!.message,
    ).toContain("bulkCreate.maxItems is not a positive integer");
  });

  it("reports every missing operation at once, with the readOnly hint and no configured value", () => {
    const error = viewset({ queryset: new ProductManager() }).checkConfiguration("products");
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error!.message).toBe(
      "viewsets: resource products: queryset ProductManager: missing create(ctx, obj), needed by create; " +
        "missing update(ctx, obj), needed by update and partial_update; missing delete(ctx, obj), needed by destroy; " +
        "set readOnly to serve only list and retrieve",
    );
    expect(error!.message).not.toContain("hunter2");
  });

  it("needs only count, all and get for a read-only viewset", () => {
    expect(viewset({ queryset: new ProductManager(), readOnly: true }).checkConfiguration("products")).toBeNull();
    const partial = { count: async () => 0 };
    expect(viewset({ queryset: partial, readOnly: true }).checkConfiguration("reports")!.message).toBe(
      "viewsets: resource reports: queryset object: missing all(ctx), needed by list; missing get(ctx, id), needed by retrieve",
    );
  });

  it("rejects a missing or broken serializer factory, model and queryset", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ serializer: undefined }, "serializer factory is missing"],
      [{ serializer: new BaseSerializer() }, "serializer factory is a BaseSerializer, expected a function"],
      [{ serializer: () => null }, "serializer factory returns no serializer"],
      [
        {
          serializer: () => {
            throw new Error("secret");
          },
        },
        "serializer factory throws",
      ],
      [{ model: undefined }, "model is missing"],
      [{ model: { name: "X" } }, "model is a object, expected a model from defineModel or tableModel"],
      [{ model: 42 }, "model is a number, expected a model from defineModel or tableModel"],
      [{ queryset: null }, "queryset is missing"],
      [{ queryset: "postgres://secret" }, "queryset is a string, expected a manager"],
    ];
    for (const [options, problem] of cases) {
      const message = viewset(options).checkConfiguration("products")?.message;
      expect(message).toBe(`viewsets: resource products: ${problem}`);
      expect(message).not.toContain("secret");
    }
  });

  it("reports several kinds of problem in one message", () => {
    const message = viewset({ serializer: undefined, model: undefined, queryset: undefined }).checkConfiguration(
      "x",
    )!.message;
    expect(message).toBe("viewsets: resource x: serializer factory is missing; model is missing; queryset is missing");
  });

  it("reports a list-pipeline method with the wrong shape", () => {
    const manager = Object.assign(new MemoryManager<ProductRow>(), {
      filter: "not a function",
      orderBy: (_a: string, _b: string) => null,
    });
    const message = viewset({ queryset: manager }).checkConfiguration("products")!.message;
    expect(message).toContain("filter is not a function, expected filter(expr)");
    expect(message).toContain("orderBy takes 2 parameters, expected orderBy(...fields)");
  });

  it("checks the query set of querySet() when the manager cannot paginate itself", () => {
    const good = Object.assign(new MemoryManager<ProductRow>(), { querySet: () => memoryQuerySet(async () => []) });
    expect(viewset({ queryset: good }).checkConfiguration("products")).toBeNull();
    const bad = Object.assign(new MemoryManager<ProductRow>(), { querySet: () => ({ count: async () => 0 }) });
    const message = viewset({ queryset: bad }).checkConfiguration("products")!.message;
    expect(message).toContain("querySet() object: missing all(ctx), needed by list");
    expect(message).toContain("missing offset(n), needed by list");
    const throwing = Object.assign(new MemoryManager<ProductRow>(), {
      querySet: () => {
        throw new Error("db down");
      },
    });
    expect(viewset({ queryset: throwing }).checkConfiguration("products")!.message).toContain("querySet() throws");
  });

  it("rejects field lists that name fields the model lacks, and bad page sizes", () => {
    const message = viewset({ filterFields: ["nope"], ordering: ["-price", "-nope"], pageSize: 0 }).checkConfiguration(
      "p",
    )!.message;
    expect(message).toBe(
      'viewsets: resource p: filterFields names "nope", a field the model lacks; ordering names "nope", a field the model lacks; pageSize is not a positive integer',
    );
  });
});

describe("checkConfiguration, one rule at a time", () => {
  const problemOf = (options: Record<string, unknown>) => viewset(options).checkConfiguration("p")?.message;

  it.each([
    "excludeResponseFields",
    "readOnlyRequestFields",
    "filterFields",
    "orderingFields",
    "searchFields",
    "ordering",
  ])("rejects %s naming a field the model lacks, or not a list", (key) => {
    // The lists that may name a path through relations name the one that resolves to nothing.
    const named = key !== "excludeResponseFields" && key !== "readOnlyRequestFields";
    const lacks = (name: string) =>
      `viewsets: resource p: ${key} names ${named ? `${JSON.stringify(name)}, ` : ""}a field the model lacks`;
    expect(problemOf({ [key]: ["name"] })).toBeUndefined();
    expect(problemOf({ [key]: ["name", "nope"] })).toBe(lacks("nope"));
    expect(problemOf({ [key]: ["__proto__"] })).toBe(lacks("__proto__"));
    expect(problemOf({ [key]: "name" })).toBe(`viewsets: resource p: ${key} is not a list`);
    expect(problemOf({ [key]: [5] })).toBe(`viewsets: resource p: ${key} names a field the model lacks`);
    // Only ordering reads a leading "-" (descending); in any other list "-name" names no field.
    const minus = problemOf({ [key]: ["-name"] });
    if (key === "ordering") expect(minus).toBeUndefined();
    else expect(minus).toBe(lacks("-name"));
  });

  it.each(["pageSize", "maxPageSize", "bodyLimit"])("rejects a %s that is not a positive integer", (key) => {
    expect(problemOf({ [key]: 1 })).toBeUndefined();
    expect(problemOf({ [key]: 500 })).toBeUndefined();
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, "10", null]) {
      expect(problemOf({ [key]: bad }), String(bad)).toBe(`viewsets: resource p: ${key} is not a positive integer`);
    }
  });
});

describe("register and registerRoutes", () => {
  it("register throws ConfigurationError for a viewset that cannot serve", () => {
    const router = new Router("/api");
    expect(() => router.register("products", viewset({ queryset: new ProductManager() }))).toThrow(ConfigurationError);
    expect(() => router.register("products", null as unknown as ViewSet)).toThrow(
      "viewsets: resource products: viewset is missing",
    );
  });

  it("the mount check catches a field changed after register, for every viewset in one error", () => {
    const router = new Router("/api");
    const products = viewset({});
    const config = new ViewSetConfig({ serializer, queryset: new MemoryManager<ProductRow>(), model: Product });
    router.register("products", products).register("config", config);
    expect(router.checkConfiguration()).toBeNull();
    products.options.queryset = new ProductManager() as never;
    config.serializer = undefined as never;
    const error = router.checkConfiguration()!;
    expect(error.message).toContain("viewsets: resource products: queryset ProductManager: missing create(ctx, obj)");
    expect(error.message).toContain("viewsets: resource config: serializer factory is missing");
    expect(() => router.assertReady()).toThrow(ConfigurationError);
  });

  it("checks a custom ViewSet that is not a BaseViewSet only for presence", () => {
    const router = new Router("/api");
    const custom: ViewSet = { handle: async () => ({ status: 204, headers: {}, body: null }) };
    expect(() => router.register("custom", custom)).not.toThrow();
  });

  it("throws for an action with an unknown HTTP method", () => {
    const router = new Router("/api");
    expect(() =>
      router.action("products", "x", { methods: ["FETCH" as "GET"] }, async () => ({
        status: 200,
        headers: {},
        body: null,
      })),
    ).toThrow('viewsets: action products.x: unknown HTTP method "FETCH"');
  });
});

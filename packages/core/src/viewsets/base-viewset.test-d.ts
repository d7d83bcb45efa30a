import { describe, expectTypeOf, it } from "vitest";
import { defineModel, type Model } from "../models/define-model.js";
import type { ReadManager } from "../query/manager.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { Router } from "../router/router.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "./base-viewset.js";
import { ViewSetConfig } from "./viewset-config.js";

const Book = defineModel({
  name: "Book",
  fields: {
    id: { type: "int", primaryKey: true },
    title: { type: "string", maxLength: 100 },
    price: { type: "decimal" },
    published: { type: "time", nullable: true },
    status: { type: "string", choices: ["draft", "out"] },
  },
});
type Book = typeof Book extends Model<infer Row> ? Row : never;

const books = new MemoryManager<Book>();
const serializer = () => new BaseSerializer();

describe("model row types", () => {
  it("flow from the field types", () => {
    expectTypeOf<Book>().toEqualTypeOf<{
      id: number;
      title: string;
      price: string;
      published: Date | null;
      status: "draft" | "out";
    }>();
  });
});

describe("BaseViewSet options", () => {
  it("accept field names of the row and reject typos", () => {
    new BaseViewSet({
      serializer,
      queryset: books,
      model: Book,
      excludeResponseFields: ["price"],
      ordering: ["-price", "title"],
    });
    // @ts-expect-error "prices" is not a field of Book
    new BaseViewSet({ serializer, queryset: books, model: Book, excludeResponseFields: ["prices"] });
    // @ts-expect-error "-titel" is not an ordering of Book
    new BaseViewSet({ serializer, queryset: books, model: Book, ordering: ["-titel"] });
    // @ts-expect-error searchFields must name fields
    new BaseViewSet({ serializer, queryset: books, model: Book, searchFields: ["author"] });
  });

  it("require a writable manager unless readOnly is true", () => {
    const readOnly: ReadManager<Book> = { count: async () => 0, all: async () => [], get: async () => null };
    new BaseViewSet({ serializer, queryset: readOnly, model: Book, readOnly: true });
    // @ts-expect-error a writable viewset needs create, update and delete
    new BaseViewSet({ serializer, queryset: readOnly, model: Book });
  });

  it("keep the manager's type: its operations are there, or absent, as it has them", () => {
    const writable = new BaseViewSet({ serializer, queryset: books, model: Book });
    expectTypeOf(writable.options.queryset).toEqualTypeOf<MemoryManager<Book>>();
    expectTypeOf(writable.options.queryset.update).returns.resolves.toEqualTypeOf<Book>();
    const readOnly: ReadManager<Book> = { count: async () => 0, all: async () => [], get: async () => null };
    const reads = new BaseViewSet({ serializer, queryset: readOnly, model: Book, readOnly: true });
    // @ts-expect-error a read-only manager has no update
    reads.options.queryset.update;
    expectTypeOf(reads.options.queryset.get).returns.resolves.toEqualTypeOf<Book | null>();
  });

  it("require a manager of the model's rows", () => {
    const others = new MemoryManager<{ id: number; name: string }>();
    // @ts-expect-error rows of another shape
    new BaseViewSet({ serializer, queryset: others, model: Book });
  });

  it("require a serializer factory", () => {
    // @ts-expect-error serializer is required
    new BaseViewSet({ queryset: books, model: Book });
    // @ts-expect-error a factory, not an instance
    new BaseViewSet({ serializer: new BaseSerializer(), queryset: books, model: Book });
  });

  it("type ViewSetConfig fields", () => {
    const config = new ViewSetConfig({ serializer, queryset: books, model: Book });
    config.readOnly = true;
    config.pageSize = 5;
    // @ts-expect-error pageSize is a number
    config.pageSize = "5";
    expectTypeOf(config.build()).toEqualTypeOf<BaseViewSet<Book>>();
  });
});

describe("Router", () => {
  it("takes viewsets and action configs with known methods only", () => {
    const router = new Router("/api");
    router.register("books", new BaseViewSet({ serializer, queryset: books, model: Book }));
    router.action("books", "recent", { methods: ["GET", "post"], detail: true }, async () => ({
      status: 200,
      headers: {},
      body: null,
    }));
    // @ts-expect-error FETCH is not an HTTP method
    router.action("books", "bad", { methods: ["FETCH"] }, async () => ({ status: 200, headers: {}, body: null }));
    // @ts-expect-error not a viewset
    router.register("books2", { list() {} });
  });
});

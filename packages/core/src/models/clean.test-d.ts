import { describe, expectTypeOf, it } from "vitest";
import type { CleanInfo } from "./clean.js";
import { defineModel } from "./define-model.js";

type Row = {
  id: number;
  title: string;
  price: string;
  notes: string | null;
  status: "draft" | "out";
  createdAt: Date;
  secret: string;
};

describe("clean(obj, info)", () => {
  it("is typed as the validated body: server-filled fields and optional ones may be absent", () => {
    defineModel({
      name: "Book",
      fields: {
        id: { type: "int", primaryKey: true },
        title: { type: "string", maxLength: 100 },
        price: { type: "decimal" },
        notes: { type: "text", nullable: true },
        status: { type: "string", choices: ["draft", "out"] },
        createdAt: { type: "time", editable: false },
        secret: { type: "string", required: false },
      },
      clean(obj, info) {
        expectTypeOf(obj).toEqualTypeOf<
          {
            title: string;
            price: string;
            status: "draft" | "out";
          } & {
            id?: number;
            notes?: string | null;
            createdAt?: Date;
            secret?: string;
          }
        >();
        expectTypeOf(info).toEqualTypeOf<CleanInfo<Row>>();
        // The stored object is there on updates only.
        expectTypeOf(info.instance).toEqualTypeOf<Readonly<Row> | undefined>();
        if (info.action === "update" || info.action === "partial_update") {
          expectTypeOf(info.instance).toEqualTypeOf<Readonly<Row>>();
        }
        // @ts-expect-error the primary key is absent on create: it may be undefined
        const id: number = obj.id;
        void id;
      },
    });
  });
});

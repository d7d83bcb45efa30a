import { describe, expect, it } from "vitest";
import { OpenAPIGenerator } from "../docs/openapi.js";
import { defineModel } from "../models/define-model.js";
import { choiceLabel } from "../models/fields.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { callCore } from "../testing/fake-request.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "./base-viewset.js";

const Loan = defineModel({
  name: "Loan",
  fields: {
    id: { type: "int", primaryKey: true },
    status: {
      type: "string",
      choices: ["on_shelf", "on_loan", "lost"],
      choiceLabels: { on_shelf: "On shelf", on_loan: "On loan" },
    },
    shelf: { type: "int", choices: [1, 2], nullable: true, choiceLabels: { 1: "Ground floor", 2: "Upstairs" } },
    kind: { type: "string", choices: ["book", "film"] },
  },
});

function loansRouter(): Router {
  const router = new Router("/api", { onError: () => {} });
  const loans = new MemoryManager<{ id: number; status: string; shelf: number | null; kind: string }>([]);
  router.register("loans", new BaseViewSet({ serializer: () => new BaseSerializer(), queryset: loans, model: Loan }));
  return router;
}

describe("choice labels (DRF's ChoiceField choices)", () => {
  it("are each choice's display_name in OPTIONS, the value itself where none is given", async () => {
    const options = await callCore(loansRouter(), "OPTIONS", "/api/loans/");
    const post = (options.body as { actions: { POST: Record<string, { choices?: unknown }> } }).actions.POST;
    expect(post.status!.choices).toEqual([
      { value: "on_shelf", display_name: "On shelf" },
      { value: "on_loan", display_name: "On loan" },
      { value: "lost", display_name: "lost" },
    ]);
    expect(post.shelf!.choices).toEqual([
      { value: 1, display_name: "Ground floor" },
      { value: 2, display_name: "Upstairs" },
    ]);
    expect(post.kind!.choices).toEqual([
      { value: "book", display_name: "book" },
      { value: "film", display_name: "film" },
    ]);
  });

  it("are in the OpenAPI document as x-enumNames beside the enum, and in the description", () => {
    const document = new OpenAPIGenerator("t", "1").include(loansRouter()).generate();
    const properties = document.components!.schemas!.Loan!.properties as Record<string, Record<string, unknown>>;
    expect(properties.status).toMatchObject({
      enum: ["on_shelf", "on_loan", "lost"],
      "x-enumNames": ["On shelf", "On loan", "lost"],
      description: "One of `on_shelf` (On shelf), `on_loan` (On loan), `lost` (lost).",
    });
    // A nullable field's null has its name too, at the same place.
    expect(properties.shelf).toMatchObject({ enum: [1, 2, null], "x-enumNames": ["Ground floor", "Upstairs", "None"] });
    // Without labels, nothing more than the enum.
    expect(properties.kind!["x-enumNames"]).toBeUndefined();
  });

  it("read as Django's get_FOO_display reads them", () => {
    expect(choiceLabel(Loan.fields.status!, "on_loan")).toBe("On loan");
    expect(choiceLabel(Loan.fields.status!, "lost")).toBe("lost");
    expect(choiceLabel(Loan.fields.shelf!, 2)).toBe("Upstairs");
  });
});

import { describe, expect, it } from "vitest";
import { ValidationError } from "../http/errors.js";
import { defineModel } from "../models/define-model.js";
import { BaseSerializer } from "./base-serializer.js";
import { fieldPlan } from "./field-plan.js";
import { type WriteMode, validateBody } from "./validate.js";

/** Text fields of every kind: required, nullable, filled in by the database, and with each option set. */
const Book = defineModel({
  name: "Book",
  fields: {
    id: { type: "int", primaryKey: true },
    title: { type: "string", maxLength: 5 },
    summary: { type: "text", nullable: true },
    subtitle: { type: "string", required: false },
    note: { type: "text", allowBlank: true },
    code: { type: "string", trimWhitespace: false, required: false },
    tag: { type: "string", nullable: true, allowBlank: false },
  },
});

async function validated(body: object, mode: WriteMode = "create"): Promise<Record<string, unknown>> {
  return validateBody({ note: "n", ...body }, Book, fieldPlan(Book, new BaseSerializer(), {}), mode, true);
}

async function errorsOf(body: object, mode: WriteMode = "create"): Promise<Record<string, string[]>> {
  const error = await validated(body, mode).catch((e: unknown) => e);
  if (!(error instanceof ValidationError)) throw new Error("the body was valid");
  return error.errors;
}

describe("blank text, as DRF's CharField", () => {
  it("refuses an empty or white-space value of a required text field, on create and on update", async () => {
    for (const title of ["", "   ", "\t\n "]) {
      expect(await errorsOf({ title })).toEqual({ title: ["This field may not be blank."] });
      expect(await errorsOf({ title }, "partial")).toEqual({ title: ["This field may not be blank."] });
    }
  });

  it("takes blanks where the field is nullable, filled in by the database, or says allowBlank", async () => {
    const out = await validated({ title: "Dune", summary: "", subtitle: " ", note: "" });
    expect(out).toMatchObject({ summary: "", subtitle: "", note: "" });
  });

  it("refuses blanks in a nullable field declared allowBlank: false, null still taken", async () => {
    expect(await errorsOf({ title: "Dune", tag: " " })).toEqual({ tag: ["This field may not be blank."] });
    expect((await validated({ title: "Dune", tag: null })).tag).toBeNull();
  });

  it("trims the white space around a text before its rules run, unless trimWhitespace: false", async () => {
    // Five characters once trimmed: within maxLength 5.
    const out = await validated({ title: "  Dune!  ", code: "  A-1 " });
    expect(out).toMatchObject({ title: "Dune!", code: "  A-1 " });
    expect(await errorsOf({ title: " Dune!! " })).toEqual({ title: ["Ensure this value has at most 5 characters."] });
  });
});

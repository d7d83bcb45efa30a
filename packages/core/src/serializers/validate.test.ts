import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../http/errors.js";
import { defineModel } from "../models/define-model.js";
import { BaseSerializer } from "./base-serializer.js";
import { fieldPlan } from "./field-plan.js";
import { DEFAULT_MESSAGES, resolveMessages, type ValidationMessages } from "./messages.js";
import { validateBody, validateBodyNow } from "./validate.js";

const Item = defineModel({
  name: "Item",
  fields: {
    id: { type: "int", primaryKey: true },
    name: { type: "string", maxLength: 5 },
    count: { type: "int" },
    price: { type: "decimal" },
    active: { type: "bool" },
    status: { type: "string", choices: ["draft", "live"] },
    at: { type: "time" },
    day: { type: "date" },
    notes: { type: "text", nullable: true },
  },
});

const valid = {
  name: "Lamp",
  count: 1,
  price: "1.50",
  active: true,
  status: "draft",
  at: "2024-05-01T10:00:00Z",
  day: "2024-05-01",
  notes: null,
};

async function errorsOf(
  body: unknown,
  model: Parameters<typeof validateBody>[1] = Item,
  messages: ValidationMessages = DEFAULT_MESSAGES,
): Promise<Record<string, string[]>> {
  const plan = fieldPlan(model, new BaseSerializer(), {});
  try {
    await validateBody(body, model, plan, "create", true, messages);
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  throw new Error("the body was valid");
}

describe("validation messages", () => {
  it("words every failure of a field type in DRF's voice", async () => {
    const errors = await errorsOf({
      name: "Too long a name",
      count: 1.5,
      price: "cheap",
      active: "yes",
      status: "sold",
      at: "yesterday",
      day: "2024-02-31",
      notes: 7,
    });
    expect(errors).toEqual({
      name: ["Ensure this value has at most 5 characters."],
      count: ["A valid integer is required."],
      price: ["A valid number is required."],
      active: ["Must be a valid boolean."],
      status: ['"sold" is not a valid choice.'],
      at: ["Enter a valid date/time."],
      day: ["Enter a valid date."],
      notes: ["Not a valid string."],
    });
  });

  it("counts a length limit in characters (code points), not UTF-16 units", async () => {
    const plan = fieldPlan(Item, new BaseSerializer(), {});
    const five = "🦊🦊🦊🦊🦊";
    expect(five.length).toBe(10);
    await expect(
      validateBody({ ...valid, name: five }, Item, plan, "create", true, DEFAULT_MESSAGES),
    ).resolves.toMatchObject({
      name: five,
    });
    expect(await errorsOf({ ...valid, name: `${five}🦊` })).toEqual({
      name: ["Ensure this value has at most 5 characters."],
    });
  });

  it("refuses an impossible calendar day in a date/time instead of rolling it over", async () => {
    for (const at of ["2024-02-30T10:00:00Z", "2023-02-29T00:00:00Z", "2024-04-31T12:00:00+02:00"]) {
      expect(await errorsOf({ ...valid, at }), at).toEqual({ at: ["Enter a valid date/time."] });
    }
  });

  it("says which fields are required, which may not be null, and which are unknown", async () => {
    const { name: _name, ...withoutName } = valid;
    expect(await errorsOf({ ...withoutName, count: null, colour: "red" })).toEqual({
      colour: ["Unknown field."],
    });
    expect(await errorsOf({ ...withoutName, count: null })).toEqual({
      name: ["This field is required."],
      count: ["This field may not be null."],
    });
    expect(await errorsOf({ ...valid, count: "3" })).toEqual({ count: ["A valid integer is required."] });
    expect(await errorsOf({ ...valid, price: true })).toEqual({ price: ["A valid number is required."] });
  });

  it("names the type of a body that is not an object", async () => {
    expect(await errorsOf([1, 2])).toEqual({
      non_field_errors: ["Invalid data. Expected a dictionary, but got list."],
    });
  });

  it("keeps a message the schema's author wrote, and words valibot's own", async () => {
    const Custom = defineModel({
      name: "Custom",
      fields: { id: { type: "int", primaryKey: true }, code: { type: "string" }, email: { type: "string" } },
      schema: v.object({
        code: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, "Three capital letters, please.")),
        email: v.pipe(v.string(), v.email()),
      }),
    });
    expect(await errorsOf({ code: "ab", email: "nope" }, Custom)).toEqual({
      code: ["Three capital letters, please."],
      email: ["Enter a valid email address."],
    });
  });

  it("uses the messages it is given, filling their placeholders", async () => {
    const messages = resolveMessages({ required: "Required.", maxLength: "At most {max_length}!" });
    const { count: _count, ...withoutCount } = valid;
    expect(await errorsOf({ ...withoutCount, name: "Far too long" }, Item, messages)).toEqual({
      name: ["At most 5!"],
      count: ["Required."],
    });
    expect(messages.invalidNumber).toBe("A valid number is required.");
  });
});

describe("validateBodyNow, the viewsets' form of validateBody", () => {
  const plan = fieldPlan(Item, new BaseSerializer(), {});

  it("answers a synchronous schema at once, and throws its errors at once", () => {
    const out = validateBodyNow(valid, Item, plan, "create", true);
    expect(out).not.toBeInstanceOf(Promise);
    expect(out).toMatchObject({ name: "Lamp", count: 1 });
    expect(() => validateBodyNow({ ...valid, count: "x" }, Item, plan, "create", true)).toThrow(ValidationError);
  });

  it("waits for an asynchronous schema: its output, or its issues as field errors", async () => {
    const schema = v.pipeAsync(
      v.object({ name: v.string() }),
      v.checkAsync(async (input) => input.name !== "taken", "That name is taken."),
    );
    const Async = { ...Item, schema } as unknown as typeof Item;
    const asyncPlan = fieldPlan(Async, new BaseSerializer(), {});
    const ok = validateBodyNow({ name: "free" }, Async, asyncPlan, "create", false);
    expect(ok).toBeInstanceOf(Promise);
    await expect(ok).resolves.toEqual({ name: "free" });
    const refused = validateBodyNow({ name: "taken" }, Async, asyncPlan, "create", false);
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(validateBody({ name: "taken" }, Async, asyncPlan, "create", false)).rejects.toBeInstanceOf(
      ValidationError,
    );
  });
});

describe("validateBodyNow: the body parsed as it is or through a copy", () => {
  const Note = defineModel({
    name: "Note",
    fields: {
      id: { type: "int", primaryKey: true },
      title: { type: "string", maxLength: 20 },
      body: { type: "text", nullable: true },
      stamp: { type: "string", maxLength: 20, required: false },
    },
  });
  class NoteSerializer extends BaseSerializer {
    readonlyFields() {
      return ["stamp"];
    }
  }
  const plan = fieldPlan(Note, new NoteSerializer(), {});
  const validate = (body: Record<string, unknown>) =>
    validateBodyNow(body, Note, plan, "create", false) as Record<string, unknown>;

  it("keeps only the writable fields, leaves the body as it was and answers an object of its own", () => {
    for (const title of ["Plain", "  Spaced  "]) {
      const body = { id: 9, title, body: "x", stamp: "client's", other: 1 };
      const before = structuredClone(body);
      const out = validate(body);
      expect(out).toEqual({ title: title.trim(), body: "x" });
      expect(out).not.toBe(body);
      expect(body).toEqual(before);
    }
  });
});

/**
 * fast-check arbitraries drawn from the document's schemas: values meant to fit a schema, and
 * values meant not to (wrong types, boundaries, odd strings and dates). Whether a value fits is
 * not decided here but by the document's validator (`DocumentCheck`): a generator only has to be
 * plausible, and a wrong guess is judged like any other request.
 */
import fc from "fast-check";
import type { SchemaObject } from "@viewsets/core/docs";

/** A schema with its reference followed. */
export type Resolve = (schema: SchemaObject) => SchemaObject;

const ODD_TEXT = [
  "",
  " ",
  "   ",
  "\t\n",
  "Nul\u0000byte",
  "lone \ud800 high",
  "lone \udc00 low",
  "emoji 😀🪑",
  "ZWJ 👩‍👩‍👧",
  "RTL \u202eabc",
  "combining e\u0301",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "%00%2e%2e",
  "\\u0000",
  "100%_like",
];

const ODD_DATES = [
  "2024-01-01",
  "2024-01-01T00:00:00Z",
  "2024-06-30T23:59:60Z",
  "2024-01-01T24:00:00Z",
  "2024-01-01T10:00:00",
  "2024-01-01T10:00",
  "2024-01-01 10:00:00Z",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "10000-01-01T00:00:00Z",
  "2024-13-01T00:00:00Z",
  "yesterday",
  "2024-01-01T10:00:00+25:00",
];

/** Text of any code points, lone surrogates included, and the odd strings above. */
export const oddText = fc.oneof(
  fc.constantFrom(...ODD_TEXT),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
);

const plainText = fc.oneof(
  fc.constantFrom("Oak", "Teak Bench", "chair", "a", "Lamp 2", "Ünïcödé"),
  fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 40 }),
);

function decimalText(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom("0", "1", "1.5", "149.90", "0.01", "99999999.99", "-3.00"),
    fc.tuple(fc.nat(99_999), fc.nat(99)).map(([whole, cents]) => `${whole}.${String(cents).padStart(2, "0")}`),
  );
}

/** Boundaries of a string schema: its maxLength and one past it (in code points of the BMP). */
function lengthBoundaries(schema: SchemaObject): fc.Arbitrary<string>[] {
  const max = schema.maxLength as number | undefined;
  if (max === undefined) return [];
  return [fc.constant("x".repeat(max)), fc.constant("é".repeat(max)), fc.constant("x".repeat(max + 1))];
}

function stringValue(schema: SchemaObject): fc.Arbitrary<string> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as string[]).filter((v) => v !== null));
  if (schema.format === "decimal") return decimalText();
  if (schema.format === "date-time" || schema.format === "date" || schema.anyOf) {
    return fc.oneof(
      fc
        .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2040-01-01T00:00:00Z"), noInvalidDate: true })
        .map((date) => date.toISOString()),
      fc.constantFrom("2024-01-01", "2024-02-29T12:30:00+02:00"),
    );
  }
  return fc.oneof(
    { weight: 5, arbitrary: plainText },
    ...lengthBoundaries(schema).map((a) => ({ weight: 1, arbitrary: a })),
  );
}

function integerValue(schema: SchemaObject, ids: readonly number[]): fc.Arbitrary<number> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as number[]));
  const min = (schema.minimum as number | undefined) ?? -1_000;
  const max = (schema.maximum as number | undefined) ?? 1_000_000;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.integer({ min: Math.max(min, -1_000), max: Math.min(max, 1_000_000) }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

/** A value meant to fit `schema`; `ids` are the primary keys that exist (for integers). */
export function validValue(
  schema: SchemaObject,
  resolve: Resolve,
  ids: readonly number[],
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const branches = (s.oneOf ?? (s.type === undefined ? s.anyOf : undefined)) as SchemaObject[] | undefined;
  if (branches) return fc.oneof(...branches.map((branch) => validValue(branch, resolve, ids, depth)));
  let value: fc.Arbitrary<unknown>;
  switch (s.type) {
    case "string":
      value = stringValue(s);
      break;
    case "integer":
      value = integerValue(s, ids);
      break;
    case "number":
      value = fc.double({
        min: (s.minimum as number | undefined) ?? -1e6,
        max: (s.maximum as number | undefined) ?? 1e6,
        noNaN: true,
      });
      break;
    case "boolean":
      value = fc.boolean();
      break;
    case "array": {
      const maxLength = Math.min((s.maxItems as number | undefined) ?? 4, 4);
      const minLength = (s.minItems as number | undefined) ?? 0;
      value = fc.array(validValue(s.items as SchemaObject, resolve, ids, depth + 1), { minLength, maxLength });
      break;
    }
    case "object":
      value = depth > 3 ? fc.constant({}) : objectValue(s, resolve, ids, depth);
      break;
    default:
      value = fc.jsonValue({ maxDepth: 2 });
  }
  return s.nullable ? fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) }) : value;
}

/** An object with its required properties and some of the others, none of them read-only. */
function objectValue(s: SchemaObject, resolve: Resolve, ids: readonly number[], depth: number): fc.Arbitrary<unknown> {
  const properties = (s.properties ?? {}) as Record<string, SchemaObject>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const entries: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (resolve(property).readOnly) continue;
    entries[name] = validValue(property, resolve, ids, depth + 1);
  }
  const requiredKeys = Object.keys(entries).filter((name) => required.has(name));
  return fc.record(entries, { requiredKeys });
}

/** A value meant not to fit: another type, an odd string or date, a boundary, null. */
export function oddValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    oddText,
    fc.constantFrom(...ODD_DATES),
    fc.constantFrom(null, true, 0, -1, 1.5, 2 ** 53 + 1, 1e308, [], {}, "1e3", "0x10", " 7 ", "NaN"),
    fc.integer(),
    fc.string({ unit: "grapheme-ascii", minLength: 201, maxLength: 260 }),
  );
}

/** Text meant not to fit a query parameter: an odd string, date or number spelled oddly. */
export const oddQueryText: fc.Arbitrary<string> = fc.oneof(
  oddText.filter((text) => !/[\ud800-\udfff]/.test(text)),
  fc.constantFrom(...ODD_DATES),
  fc.constantFrom("true", "True", "1", "0", "yes", "-1", "1.5", "1e3", "99999999999999999999", "a,b", ",", "1,2,3"),
);

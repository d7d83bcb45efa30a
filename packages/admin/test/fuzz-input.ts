/**
 * What the admin's fuzz suite sends: hostile text, odd dates, query strings of its grammar and
 * bytes no encoder sends, and write bodies (a plausible one with one hostile or unknown field,
 * deep and huge ones, any JSON), plus the cases that once broke the admin.
 */
import fc from "fast-check";
import { percentEncode } from "@viewsets/core/testing";

const FIELDS = ["id", "name", "categoryId", "inStock", "price", "status", "createdAt", "secret", "__proto__"];
const LOOKUPS = ["", "exact", "iexact", "icontains", "gte", "lt", "in", "range", "isnull", "preset", "regex"];
const ODD_DATES = [
  "2024-02-30",
  "2023-02-29",
  "0000-01-01",
  "10000-01-01",
  "-0001-01-01",
  "2024-13-01",
  "2024-01-01T24:00:00Z",
  "2024-01-01T10:00:00+25:00",
  "9999-12-31T23:59:59-05:00",
  "0001-01-01T00:00:00+01:00",
  "1970-01-01",
  "2024-05-01T10:00:00.123456789Z",
];

/** Text that has broken a database or a parser somewhere (most often), and anything else. */
export const hostileText = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u0000",
      "a\u0000b",
      "\ud800",
      "x\udc00",
      "😀".repeat(51),
      "😀".repeat(101),
      "1".repeat(400),
      "1e999",
      "NaN",
      "-0",
      "9223372036854775808",
      "%",
      "_",
      "\\",
      "'",
      '"',
      "1,2",
      "today",
      "last_7_days",
      "Europe/Berlin",
      "Mars/Olympus",
      "__proto__",
      "constructor",
      ...ODD_DATES,
    ),
  },
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.double().map(String),
);

const filterKey = fc.oneof(
  fc
    .tuple(fc.constantFrom(...FIELDS), fc.constantFrom(...LOOKUPS))
    .map(([field, lookup]) => (lookup === "" ? field : `${field}__${lookup}`)),
  fc.constantFrom("ordering", "search", "page", "page_size", "tz", "view", "q", "ids", "limit"),
  fc.string({ maxLength: 12 }),
);

/** Query strings of the admin's grammar, percent-encoded, mixed with bytes no encoder sends. */
export const query = fc
  .array(
    fc.oneof(
      fc.tuple(filterKey, hostileText).map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`),
      // The parameters that reach SQL as text, often.
      fc
        .tuple(fc.constantFrom("q", "search", "name__icontains", "name", "createdAt__gte", "tz"), hostileText)
        .map(([key, value]) => `${key}=${percentEncode(value)}`),
      fc.constantFrom("&", "=", "%", "%ZZ", "%00", "%ED%A0%80", "%FF", "+", ";"),
      fc.string({ maxLength: 20 }),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join("&"));

const deepArray = (depth: number): unknown => {
  let value: unknown = 0;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

const bodyValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(...ODD_DATES),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.integer({ min: 100, max: 300 }).map(deepArray),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
  // Past the body limit (1 MB): a 413, read no further.
  fc.integer({ min: 1, max: 3 }).map((megabytes) => "x".repeat(megabytes * 1024 * 1024)),
);

/** A body: a plausible one with one field hostile (most often), or unknown, or any JSON at all. */
const body = (plausible: Record<string, unknown>, fields: readonly string[]) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...fields), hostileText)
        .map(([field, value]) => ({ ...plausible, [field]: value })),
    },
    fc
      .tuple(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 })), bodyValue)
      .map(([field, value]) => ({ ...plausible, [field]: value })),
    fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 })), bodyValue, { maxKeys: 6 }),
    bodyValue,
  );

export const rowBody = body({ name: "Fuzzed", price: "1.00", status: "draft" }, FIELDS);
export const viewBody = fc.oneof(
  body({ name: "Fuzzed view" }, ["name", "search", "filters", "ordering", "isDefault"]),
  // A plausible view whose filters, ordering and flag are generated: past the name's checks.
  fc.record(
    {
      name: fc.oneof(fc.constant("Fuzzed view"), hostileText),
      search: hostileText,
      filters: fc.dictionary(filterKey, fc.oneof(fc.array(hostileText, { maxLength: 3 }), bodyValue), { maxKeys: 4 }),
      ordering: fc.array(fc.oneof(fc.constantFrom(...FIELDS, ...FIELDS.map((f) => `-${f}`)), hostileText), {
        maxLength: 4,
      }),
      isDefault: fc.oneof(fc.boolean(), bodyValue),
    },
    { requiredKeys: ["name"] },
  ),
);
export const signInBody = body({ username: "admin", password: "wrong" }, ["username", "password"]);

/** Cases that once broke the admin (issue 40): each runs every time, before the generated ones. */
export const KNOWN = {
  queries: [
    ["lookup/categoryId", "q=a%00b"],
    ["rows/", "search=%00"],
    ["facets", "name=%00&createdAt__preset=today&tz=%00"],
  ] as [string, string][],
  rows: [
    ["POST", { name: "a\u0000b", price: "1.00" }],
    ["PATCH", { name: "\ud800" }],
  ] as [string, unknown][],
  views: [
    ["POST", { name: "a\u0000b" }],
    ["POST", { name: "Fuzzed view", search: "\u0000" }],
    ["POST", { name: "x\udc00" }],
    ["PATCH", { search: "\ud800" }],
    ["POST", { name: "😀".repeat(51) }],
  ] as [string, unknown][],
  signIns: [
    { username: "a\u0000b", password: "x" },
    { username: "admin", password: "\ud800" },
  ] as unknown[],
};

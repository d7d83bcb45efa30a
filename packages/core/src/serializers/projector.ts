/**
 * A row's projection as a function made once per set of fields. The generic projection reads and
 * writes each field by a name it holds in a variable: V8 answers each such access through its
 * megamorphic stub cache, the largest share of the JavaScript a request runs beyond a hand-written
 * handler's (BENCHMARKS.md, "The create on SQLite"). A function whose source names each field
 * reads the row's properties where the row's shape is known and builds its object from one
 * literal, as a hand-written `{ id: row.id, ... }` does.
 *
 * Where the runtime refuses to make functions from text (`--disallow-code-generation-from-strings`,
 * an edge runtime's policy), `makeProjector` returns undefined and the caller projects generically.
 */
import { quantizedDecimal } from "../models/decimal.js";
import { representedValue } from "./represented.js";

/** A projection of one row: its named fields, as a response holds them. */
export type Projector = (row: object) => Record<string, unknown>;

/** A field's value as a response holds it: undefined as null, a Date as its text, others as they are. */
function shown(value: unknown): unknown {
  if (value === undefined) return null;
  return typeof value === "object" && value !== null ? representedValue(value) : value;
}

/** Whether this runtime makes functions from text (checked once, on the first projection). */
let codeGeneration: boolean | undefined;

function makesFunctions(): boolean {
  if (codeGeneration === undefined) {
    try {
      codeGeneration = new Function("return true")() === true;
    } catch {
      codeGeneration = false;
    }
  }
  return codeGeneration;
}

/** A key of an object literal in generated source (see `property`). */
function literalKey(field: string): string {
  const key = JSON.stringify(field);
  return field === "__proto__" ? `[${key}]` : key;
}

/**
 * A function that makes an object of `names` from a list of their values, in that order:
 * `(values) => ({ [names[0]]: values[0], ... })` as one literal, so that each value is stored by a
 * name known in the source rather than through V8's megamorphic keyed stores. Undefined where
 * functions cannot be made from text.
 */
export function makeRecordOf(
  names: readonly string[],
): ((values: readonly unknown[]) => Record<string, unknown>) | undefined {
  if (!makesFunctions()) return undefined;
  const properties = names.map((name, index) => `${literalKey(name)}: values[${index}]`);
  return new Function(
    `"use strict";\nreturn function record(values) {\n  return { ${properties.join(", ")} };\n};`,
  )() as (values: readonly unknown[]) => Record<string, unknown>;
}

/**
 * The source of one property of the literal. Each key is written as JSON text, which is a valid
 * JavaScript string literal for any name; `__proto__` is computed, so that it names an own
 * property as the generic projection makes it, not the object's prototype.
 */
function property(field: string, index: number, places: number | undefined): string {
  const key = JSON.stringify(field);
  const read = places === undefined ? `shown(row[${key}])` : `quantized(shown(row[${key}]), p${index})`;
  return `${literalKey(field)}: ${read}`;
}

/**
 * The projection of `fields`, in their order, with each decimal of `places` (by field) written
 * with its places. Undefined where functions cannot be made from text.
 */
export function makeProjector(fields: readonly string[], places: ReadonlyMap<string, number>): Projector | undefined {
  if (!makesFunctions()) return undefined;
  const parameters: string[] = [];
  const values: number[] = [];
  const properties = fields.map((field, index) => {
    const declared = places.get(field);
    if (declared !== undefined) {
      parameters.push(`p${index}`);
      values.push(declared);
    }
    return property(field, index, declared);
  });
  // The places are parameters, not text: nothing but the quoted names enters the source.
  const make = new Function(
    "shown",
    "quantized",
    ...parameters,
    `"use strict";\nreturn function project(row) {\n  return {\n    ${properties.join(",\n    ")}\n  };\n};`,
  ) as (...args: unknown[]) => Projector;
  return make(shown, quantizedDecimal, ...values);
}

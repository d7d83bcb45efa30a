/** Rows as response objects: model fields projected, dates as ISO text, decimals with their places. */
import { quantizedDecimal } from "../models/decimal.js";
import type { Model, ModelShape } from "../models/define-model.js";
import { type FieldDef, isSerializable } from "../models/fields.js";
import { makeProjector, type Projector } from "./projector.js";
import { representedValue } from "./represented.js";

/** A decimal field shown with a fixed number of places: its key and its `decimalPlaces`. */
export type PlacedDecimal = readonly [key: string, places: number];

const NO_DECIMALS: readonly PlacedDecimal[] = [];

/** The places a field's values are shown with: a decimal's declared `decimalPlaces`, else undefined. */
export function placesOf(field: FieldDef | undefined): number | undefined {
  return field?.type === "decimal" ? field.decimalPlaces : undefined;
}

/** Of `keys`, the model's decimal fields that declare their places, with them. */
export function placedDecimals(fields: Readonly<Record<string, FieldDef>>, keys: readonly string[]): PlacedDecimal[] {
  const placed: PlacedDecimal[] = [];
  for (const key of keys) {
    const places = Object.hasOwn(fields, key) ? placesOf(fields[key]) : undefined;
    if (places !== undefined) placed.push([key, places]);
  }
  return placed;
}

/** A field's value as a response holds it: `representedValue`, a decimal with its declared places. */
export function representedField(field: FieldDef | undefined, value: unknown): unknown {
  const places = placesOf(field);
  return places === undefined ? representedValue(value) : quantizedDecimal(value, places);
}

/**
 * Whether a row is a plain object whose keys are `fields`, in that order, none of them undefined
 * (a spread copies own properties only: a row with a prototype of its own may inherit some).
 */
function isExactly(row: Record<string, unknown>, fields: readonly string[]): boolean {
  const prototype = Object.getPrototypeOf(row);
  if (prototype !== Object.prototype && prototype !== null) return false;
  let index = 0;
  for (const key in row) {
    if (key !== fields[index] || row[key] === undefined) return false;
    index++;
  }
  return index === fields.length;
}

/**
 * Copies the named fields of a row into a new plain object, in field order, as a response holds
 * them: undefined as null, a Date as its ISO text (see `representedValue`), and each of `decimals`
 * with its places (see `quantizedDecimal`).
 */
export function projectRow(
  row: object,
  fields: readonly string[],
  decimals: readonly PlacedDecimal[] = NO_DECIMALS,
): Record<string, unknown> {
  const project = projectorOf(fields, decimals);
  if (project) return project(row);
  const out = projectFields(row, fields);
  // Each decimal is one of `fields`, an own property of `out` by now: reading it reaches no prototype.
  for (const [key, places] of decimals) setOwn(out, key, quantizedDecimal(out[key], places));
  return out;
}

/** `out[key] = value`, but as an own property even where the key is `__proto__`. */
function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/** A projector made for one array of fields (a serializer's plan holds its arrays for its life). */
interface Made {
  readonly decimals: readonly PlacedDecimal[];
  readonly project: Projector | undefined;
}

const madeFor = new WeakMap<readonly string[], Made>();

/**
 * Sets of fields by their text: how often each was asked for, and its projector once made. A set
 * is made into a function on its second use, so a one-off `?fields=` costs no compilation; the
 * map is emptied when it grows past `MADE_BY_TEXT_LIMIT`, so hostile query strings cannot grow it.
 */
const madeByText = new Map<string, { uses: number; project?: Projector | undefined }>();
const MADE_BY_TEXT_LIMIT = 512;

function projectorOf(fields: readonly string[], decimals: readonly PlacedDecimal[]): Projector | undefined {
  const made = madeFor.get(fields);
  if (made !== undefined && made.decimals === decimals) return made.project;
  const text = JSON.stringify([fields, decimals]);
  let known = madeByText.get(text);
  if (known === undefined) {
    if (madeByText.size >= MADE_BY_TEXT_LIMIT) madeByText.clear();
    known = { uses: 0 };
    madeByText.set(text, known);
  }
  if (++known.uses < 2) return undefined;
  if (!("project" in known)) known.project = makeProjector(fields, new Map(decimals));
  madeFor.set(fields, { decimals, project: known.project });
  return known.project;
}

function projectFields(row: object, fields: readonly string[]): Record<string, unknown> {
  const source = row as Record<string, unknown>;
  // A row as a manager reads it has exactly the fields shown: a spread copies it in one step, where
  // adding its keys one by one costs ~5 µs on a page of 20 rows.
  if (isExactly(source, fields)) {
    const out = { ...source };
    for (const field of fields) {
      const value = out[field];
      if (typeof value === "object" && value !== null) setOwn(out, field, representedValue(value));
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = source[field];
    setOwn(out, field, value === undefined ? null : representedValue(value));
  }
  return out;
}

function serializableFields(model: ModelShape): string[] {
  return Object.keys(model.fields).filter((key) => isSerializable(model.fields[key]!));
}

/** Every serializable field of one row (no serializer applied), as a response holds it. */
export function serializeModel<Row extends object>(model: Model<Row>, row: Row): Record<string, unknown> {
  const fields = serializableFields(model);
  return projectRow(row, fields, placedDecimals(model.fields, fields));
}

/** Every serializable field of each row (no serializer applied), as a response holds it. */
export function serializeMany<Row extends object>(model: Model<Row>, rows: readonly Row[]): Record<string, unknown>[] {
  const fields = serializableFields(model);
  const decimals = placedDecimals(model.fields, fields);
  return rows.map((row) => projectRow(row, fields, decimals));
}

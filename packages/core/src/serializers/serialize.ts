import type { Model, ModelShape } from "../models/define-model.js";
import { isSerializable } from "../models/fields.js";

/** Copies the named fields of a row into a new plain object, in field order. */
export function projectRow(row: object, fields: readonly string[]): Record<string, unknown> {
  const source = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = source[field];
    out[field] = value === undefined ? null : value;
  }
  return out;
}

function serializableFields(model: ModelShape): string[] {
  return Object.keys(model.fields).filter((key) => isSerializable(model.fields[key]!));
}

/** Every serializable field of one row (no serializer applied). */
export function serializeModel<Row extends object>(model: Model<Row>, row: Row): Record<string, unknown> {
  return projectRow(row, serializableFields(model));
}

/** Every serializable field of each row (no serializer applied). */
export function serializeMany<Row extends object>(model: Model<Row>, rows: readonly Row[]): Record<string, unknown>[] {
  const fields = serializableFields(model);
  return rows.map((row) => projectRow(row, fields));
}

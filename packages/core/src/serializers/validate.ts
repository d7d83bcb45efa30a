import * as v from "valibot";
import { type FieldErrors, ValidationError } from "../http/errors.js";
import type { ModelShape } from "../models/define-model.js";
import { valueProblem } from "../models/storable.js";
import type { FieldPlan } from "./field-plan.js";

export type WriteMode = "create" | "update" | "partial";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "list";
  return typeof value;
}

// Schemas without the fields a viewset makes read-only, cached per model schema and field set.
const narrowed = new WeakMap<object, Map<string, v.GenericSchema<unknown, Record<string, unknown>>>>();

function schemaFor(model: ModelShape, mode: WriteMode, writable: ReadonlySet<string>) {
  const base = mode === "partial" ? model.partialSchema : model.schema;
  const entries = (base as { entries?: Record<string, unknown> }).entries;
  if (!entries) return base;
  const dropped = Object.keys(entries).filter((key) => !writable.has(key));
  if (dropped.length === 0) return base;
  let cache = narrowed.get(base);
  if (!cache) narrowed.set(base, (cache = new Map()));
  const key = dropped.sort().join("\u0000");
  let schema = cache.get(key);
  if (!schema) {
    schema = v.omit(
      base as v.ObjectSchema<v.ObjectEntries, undefined>,
      dropped as [string, ...string[]],
    ) as v.GenericSchema<unknown, Record<string, unknown>>;
    cache.set(key, schema);
  }
  return schema;
}

function issueMessage(issue: v.BaseIssue<unknown>): string {
  if (issue.input === undefined && issue.type === "object") return "This field is required.";
  if (issue.input === undefined && (issue.path?.length ?? 0) === 1) return "This field is required.";
  return issue.message;
}

/**
 * `price`, or the path inside a JSON field's value (`attributes.size`, `tags.0`); a foreign key set
 * through a related field is reported under that field's key.
 */
function errorKey(issue: v.BaseIssue<unknown>, requestKeys: ReadonlyMap<string, string>): string {
  const path = issue.path;
  if (!path || typeof path[0]?.key !== "string") return "non_field_errors";
  const [first, ...rest] = path.map((item) => String(item.key));
  return [requestKeys.get(first!) ?? first, ...rest].join(".");
}

function issuesToErrors(
  issues: readonly v.BaseIssue<unknown>[],
  requestKeys: ReadonlyMap<string, string>,
): FieldErrors {
  const errors: FieldErrors = Object.create(null) as FieldErrors;
  for (const issue of issues) {
    const field = errorKey(issue, requestKeys);
    (errors[field] ??= []).push(issueMessage(issue));
  }
  return errors;
}

const NO_KEYS: ReadonlyMap<string, string> = new Map();

/** The model fields a write may set: the plan's writable keys, with related keys turned into their foreign keys. */
function writableModelFields(plan: FieldPlan): ReadonlySet<string> {
  if (plan.writeSources.size === 0) return plan.writable;
  const fields = new Set(plan.writable);
  for (const [key, source] of plan.writeSources) {
    fields.delete(key);
    fields.add(source);
  }
  return fields;
}

function requestKeysOf(plan: FieldPlan): ReadonlyMap<string, string> {
  if (plan.writeSources.size === 0) return NO_KEYS;
  return new Map([...plan.writeSources].map(([key, source]) => [source, key]));
}

/**
 * Validates a request body against the model for one write. Read-only and non-editable keys a
 * client echoes back are ignored; unknown keys are ignored or, when rejected, each named.
 * Returns only the writable fields that were sent, validated and transformed, by model field (a
 * writable related field's value under its foreign key).
 */
export async function validateBody(
  body: unknown,
  model: ModelShape,
  plan: FieldPlan,
  mode: WriteMode,
  rejectUnknown: boolean,
): Promise<Record<string, unknown>> {
  const data = body === undefined ? {} : body;
  if (!isPlainObject(data)) {
    throw new ValidationError(`Invalid data. Expected a JSON object, but got ${describe(data)}.`);
  }
  const input: Record<string, unknown> = {};
  // Null-prototype: a client's "__proto__" key is reported as an own key, never a prototype.
  const unknown: FieldErrors = Object.create(null) as FieldErrors;
  // Values no database stores as sent (a NUL, an unpaired surrogate, JSON nested too deep).
  const unstorable: FieldErrors = Object.create(null) as FieldErrors;
  for (const key of Object.keys(data)) {
    if (plan.writable.has(key)) {
      input[plan.writeSources.get(key) ?? key] = data[key];
      const problem = valueProblem(data[key]);
      if (problem) unstorable[key] = [problem];
    } else if (rejectUnknown && !Object.hasOwn(model.fields, key) && !plan.declared.has(key)) {
      unknown[key.slice(0, 100)] = ["Unknown field."];
    }
  }
  if (Object.keys(unknown).length > 0) throw new ValidationError(unknown);
  if (Object.keys(unstorable).length > 0) throw new ValidationError(unstorable);
  const schema = schemaFor(model, mode, writableModelFields(plan));
  // Most schemas are synchronous: parsing them without the async machinery is measurably cheaper.
  const result = schema.async ? await v.safeParseAsync(schema, input) : v.safeParse(schema, input);
  if (!result.success) throw new ValidationError(issuesToErrors(result.issues, requestKeysOf(plan)));
  return result.output;
}

/** Runs the model's `clean` on the object as it would be saved. */
export async function cleanObject(model: ModelShape, obj: object): Promise<void> {
  if (!model.clean) return;
  await model.clean(obj as never);
}

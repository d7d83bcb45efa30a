/** A request body validated against a model and field plan, then the model's `clean`. */
import * as v from "valibot";
import { type FieldErrors, ValidationError } from "../http/errors.js";
import { isThenable } from "../http/thenable.js";
import type { CleanInfo } from "../models/clean.js";
import type { ModelShape } from "../models/define-model.js";
import { allowsBlank, isTextField, trimsWhitespace } from "../models/fields.js";
import { BLANK_MESSAGE, valueProblem } from "../models/storable.js";
import type { FieldPlan } from "./field-plan.js";
import { issuesToErrors } from "./issues.js";
import { DEFAULT_MESSAGES, formatMessage, jsonTypeName, type ValidationMessages } from "./messages.js";

export type WriteMode = "create" | "update" | "partial";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
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

/** What a plan's write does with one key of a body: the model field it sets, and whether its text is trimmed. */
interface WriteKey {
  readonly source: string;
  readonly trims: boolean;
}

/** A plan's writes, made once per plan and model rather than looked up key by key on each write. */
interface PlanWrites {
  readonly model: ModelShape;
  readonly keys: ReadonlyMap<string, WriteKey>;
  /** Whether a key is written to a model field of another name (a related field's foreign key). */
  readonly renames: boolean;
  readonly schemas: Partial<Record<WriteMode, v.GenericSchema<unknown, Record<string, unknown>>>>;
}

const planWrites = new WeakMap<FieldPlan, PlanWrites>();

function writesOf(model: ModelShape, plan: FieldPlan): PlanWrites {
  const known = planWrites.get(plan);
  if (known !== undefined && known.model === model) return known;
  const keys = new Map<string, WriteKey>();
  for (const key of plan.writable) {
    const source = plan.writeSources.get(key) ?? key;
    const field = model.fields[source];
    keys.set(key, { source, trims: field !== undefined && trimsWhitespace(field) });
  }
  const renames = [...keys].some(([key, write]) => write.source !== key);
  const writes: PlanWrites = { model, keys, renames, schemas: {} };
  planWrites.set(plan, writes);
  return writes;
}

/** The schema of one kind of write under a plan, made once (see `schemaFor`). */
function planSchema(writes: PlanWrites, plan: FieldPlan, mode: WriteMode) {
  const schema = writes.schemas[mode];
  if (schema !== undefined) return schema;
  const made = schemaFor(writes.model, mode, writableModelFields(plan)) as v.GenericSchema<
    unknown,
    Record<string, unknown>
  >;
  writes.schemas[mode] = made;
  return made;
}

function requestKeysOf(plan: FieldPlan): ReadonlyMap<string, string> | undefined {
  if (plan.writeSources.size === 0) return undefined;
  return new Map([...plan.writeSources].map(([key, source]) => [source, key]));
}

/**
 * Validates a request body against the model for one write. Read-only and non-editable keys a
 * client echoes back are ignored; unknown keys are ignored or, when rejected, each named.
 * Returns only the writable fields that were sent, validated and transformed, by model field (a
 * writable related field's value under its foreign key).
 */
export async function validateBody(...args: Parameters<typeof validateBodyNow>): Promise<Record<string, unknown>> {
  return validateBodyNow(...args);
}

/**
 * `validateBody` without a promise for a synchronous schema (most are): the fields, or a
 * `ValidationError` thrown at once. The viewsets' writes use it so that each step they have
 * nothing to wait for costs no turn of the microtask queue.
 */
export function validateBodyNow(
  body: unknown,
  model: ModelShape,
  plan: FieldPlan,
  mode: WriteMode,
  rejectUnknown: boolean,
  messages: ValidationMessages = DEFAULT_MESSAGES,
): Record<string, unknown> | Promise<Record<string, unknown>> {
  const data = body === undefined ? {} : body;
  if (!isPlainObject(data)) {
    throw new ValidationError(formatMessage(messages.notAnObject, { datatype: jsonTypeName(data) }));
  }
  // Made on the first error only. Null-prototype: a client's "__proto__" key is reported as an
  // own key, never a prototype.
  let unknown: FieldErrors | undefined;
  // Values no database stores as sent (a NUL, an unpaired surrogate, JSON nested too deep).
  let unstorable: FieldErrors | undefined;
  const writes = writesOf(model, plan);
  const schema = planSchema(writes, plan, mode);
  // The body goes to the schema as it is unless a key is renamed, a text trimmed, or the schema
  // or the body's prototype could make its other keys matter (see `parsesBodyAsIs`).
  let copy = !parsesBodyAsIs(writes, schema, data);
  for (const key of Object.keys(data)) {
    const write = writes.keys.get(key);
    if (write !== undefined) {
      const value = data[key];
      if (!copy && write.trims && typeof value === "string" && value.trim().length !== value.length) copy = true;
      const problem = valueProblem(value);
      if (problem) (unstorable ??= Object.create(null) as FieldErrors)[key] = [problem];
    } else if (rejectUnknown && !Object.hasOwn(model.fields, key) && !plan.declared.has(key)) {
      (unknown ??= Object.create(null) as FieldErrors)[key.slice(0, 100)] = [messages.unknownField];
    }
  }
  if (unknown) throw new ValidationError(unknown);
  if (unstorable) throw new ValidationError(unstorable);
  const input = copy ? writtenInput(writes, data) : data;
  // Most schemas are synchronous: parsing them without the async machinery is measurably cheaper.
  if (schema.async) return v.safeParseAsync(schema, input).then((result) => parsed(result, model, plan, messages));
  return parsed(v.safeParse(schema, input), model, plan, messages);
}

/**
 * Whether the schema reads from the body itself what it would read from a copy of its writable
 * keys: a plain object schema (it reads its own entries, each a writable field, and leaves every
 * other key out of its output), no key renamed to its model field, and a body whose prototype is
 * the one the copy has (valibot asks `key in input`, inherited keys included). A trimmed text
 * still needs the copy: the caller checks that per value.
 */
function parsesBodyAsIs(writes: PlanWrites, schema: { readonly type: string }, data: object): boolean {
  return !writes.renames && schema.type === "object" && Object.getPrototypeOf(data) === Object.prototype;
}

/** The body's writable keys under their model fields, texts trimmed where the field trims. */
function writtenInput(writes: PlanWrites, data: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(data)) {
    const write = writes.keys.get(key);
    if (write === undefined) continue;
    const value = data[key];
    input[write.source] = write.trims && typeof value === "string" ? value.trim() : value;
  }
  return input;
}

function parsed(
  result: v.SafeParseResult<v.GenericSchema<unknown, Record<string, unknown>>>,
  model: ModelShape,
  plan: FieldPlan,
  messages: ValidationMessages,
): Record<string, unknown> {
  if (!result.success) {
    throw new ValidationError(issuesToErrors(result.issues, model.fields, messages, "", requestKeysOf(plan)));
  }
  checkBlanks(result.output, model, plan);
  return result.output;
}

/** Text fields that may not be blank (see `allowsBlank`) sent empty, white space trimmed first: 400 on each. */
function checkBlanks(output: Record<string, unknown>, model: ModelShape, plan: FieldPlan): void {
  let errors: FieldErrors | undefined;
  const keys = requestKeysOf(plan);
  // Only an empty text can be blank: its field is looked up for that value alone.
  for (const name of Object.keys(output)) {
    if (output[name] !== "") continue;
    const field = model.fields[name];
    if (!field || !isTextField(field) || allowsBlank(field)) continue;
    errors ??= Object.create(null) as FieldErrors;
    errors[keys?.get(name) ?? name] = [BLANK_MESSAGE];
  }
  if (errors) throw new ValidationError(errors);
}

/**
 * Runs the model's `clean` on the object as it would be saved: on create the validated body, on
 * update the stored object with the changes merged in. Changes `clean` makes to `obj` are kept.
 */
export async function cleanObject(
  model: ModelShape,
  obj: object,
  info: CleanInfo<object> = { action: "create" },
): Promise<void> {
  await cleaning(model, obj, info);
}

/**
 * `cleanObject` without a promise when there is no `clean` or it returned at once: undefined
 * then (a `ValidationError` it throws is thrown at once), its promise otherwise.
 */
export function cleaning(model: ModelShape, obj: object, info: CleanInfo<object>): PromiseLike<void> | undefined {
  if (!model.clean) return undefined;
  const result = model.clean(obj as never, info as never);
  return isThenable(result) ? result : undefined;
}

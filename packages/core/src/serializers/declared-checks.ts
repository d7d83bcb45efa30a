/** The startup check of a serializer's declared fields: related targets and computed types. */
import type { ModelShape } from "../models/define-model.js";
import { isSerializable } from "../models/fields.js";
import type { DeclaredField } from "./base-serializer.js";
import { sourceOf } from "./related.js";

function isObjectLike(value: unknown): value is Record<string, unknown> {
  return (typeof value === "object" && value !== null) || typeof value === "function";
}

/** What is wrong with one related field: the names it reads must be fields (serializable ones of the target). */
function relatedProblems(
  model: ModelShape,
  name: string,
  field: Extract<DeclaredField, { kind: "related" }>,
): string[] {
  const target = field.target as { model?: unknown; queryset?: unknown } | undefined;
  const targetModel = target?.model as ModelShape | undefined;
  if (!isObjectLike(targetModel) || !isObjectLike(targetModel.fields) || !isObjectLike(target?.queryset)) {
    return [`related field ${name} has no target model and queryset`];
  }
  const problems: string[] = [];
  if (!Object.hasOwn(model.fields, sourceOf(name, field))) {
    problems.push(`related field ${name} follows a field the model lacks (set source to its foreign key)`);
  }
  const shown = field.fields ?? (field.field === undefined ? [] : [field.field]);
  if (shown.length === 0) problems.push(`related field ${name} names no field of its target`);
  for (const key of shown) {
    const targetField = Object.hasOwn(targetModel.fields, key) ? targetModel.fields[key] : undefined;
    if (!targetField || !isSerializable(targetField)) {
      problems.push(`related field ${name} shows a field ${targetModel.name} does not serialize`);
    }
  }
  return problems;
}

/**
 * The startup check of a serializer's declared fields: related fields follow a field of the
 * model and show serializable fields of their target; computed fields have a function and use
 * only fields of the model.
 */
export function declaredFieldProblems(model: ModelShape, declared: Readonly<Record<string, DeclaredField>>): string[] {
  const problems: string[] = [];
  for (const [name, field] of Object.entries(declared)) {
    if (field?.kind === "related") problems.push(...relatedProblems(model, name, field));
    else if (field?.kind === "computed") {
      if (typeof field.get !== "function") problems.push(`computed field ${name} has no function`);
      if (field.uses?.some((used) => !Object.hasOwn(model.fields, used))) {
        problems.push(`computed field ${name} uses a field the model lacks`);
      }
    } else problems.push(`declared field ${name} is neither related nor computed`);
  }
  return problems;
}

/** The declared-field problems of the serializer a viewset's factory makes (its other problems are checked apart). */
export function serializerFieldProblems(factory: unknown, model: ModelShape): string[] {
  let declared: Readonly<Record<string, DeclaredField>> | undefined;
  try {
    const serializer = (factory as () => { declaredFields?: () => Readonly<Record<string, DeclaredField>> })();
    declared = serializer.declaredFields?.();
  } catch {
    return ["serializer declaredFields() throws"];
  }
  return isObjectLike(declared) ? declaredFieldProblems(model, declared) : [];
}

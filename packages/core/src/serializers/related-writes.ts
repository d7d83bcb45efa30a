/** The check of a write's related fields: each target row must exist. */
import { type FieldErrors, ValidationError } from "../http/errors.js";
import type { RequestContext } from "../http/request.js";
import type { ModelShape } from "../models/define-model.js";
import type { Fields } from "../models/fields.js";
import { missingRowMessage, rowVisible } from "./foreign-keys.js";
import type { FieldPlan } from "./field-plan.js";
import { sourceOf } from "./related.js";

/**
 * DRF's `PrimaryKeyRelatedField` check: each writable related field a validated body sets must
 * name a row its target's manager shows this request (a scoped manager hides some: a hidden row
 * is a missing one, as for plain foreign keys), or the write is a 400 naming the field (before
 * the manager writes).
 * Undefined, not a promise, when the body sets no such field: a write with nothing to look up
 * waits no turn for it.
 */
export function checkRelatedExist(
  ctx: RequestContext,
  data: Readonly<Record<string, unknown>>,
  plan: FieldPlan,
): Promise<void> | undefined {
  if (plan.declared.size === 0) return undefined;
  const errors: FieldErrors = {};
  const checks: Promise<void>[] = [];
  for (const [key, field] of plan.declared) {
    if (field.kind !== "related" || !plan.writable.has(key)) continue;
    const value = data[sourceOf(key, field)];
    if (value === undefined || value === null) continue;
    checks.push(
      rowVisible(ctx, field.target.model, field.target.queryset, value).then((found) => {
        if (!found) errors[key] = [missingRowMessage(value)];
      }),
    );
  }
  if (checks.length === 0) return undefined;
  return Promise.all(checks).then(() => {
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  });
}

/** The fields request keys are typed by (form bodies): a writable related field's key takes its foreign key's. */
export function requestFields(model: ModelShape, plan: FieldPlan): Fields {
  if (plan.writeSources.size === 0) return model.fields;
  const fields: Record<string, Fields[string]> = { ...model.fields };
  for (const [key, source] of plan.writeSources) fields[key] = model.fields[source]!;
  return fields;
}

/** Foreign keys a write sets, checked through the target's manager where it hides rows: a hidden row is a missing one. */
import { type FieldErrors, ValidationError } from "../http/errors.js";
import type { ApiRequest, RequestContext } from "../http/request.js";
import type { ModelShape } from "../models/define-model.js";
import type { FilterValue } from "../query/filter-expression.js";
import { querySetOf } from "../query/list-query.js";
import type { ReadManager, PipelineManager } from "../query/manager.js";

/** Where a foreign key's rows are found: the target's model and the manager a request sees it through. */
export interface ForeignKeyTarget {
  readonly model: ModelShape;
  /** Whether some rows of the table are hidden from requests (a scoped manager, a narrowed `getQueryset`). */
  hidesRows(request: ApiRequest): boolean;
  queryset(request: ApiRequest): ReadManager<object> & PipelineManager<object>;
}

/**
 * Whether a manager shows the row with this primary key to this request: the one check of a
 * foreign key's target, for plain foreign keys and writable related fields alike (a row its
 * scope hides is a missing one).
 */
export async function rowVisible(
  ctx: RequestContext,
  model: ModelShape,
  manager: ReadManager<object> & PipelineManager<object>,
  value: unknown,
): Promise<boolean> {
  const rows = await querySetOf(manager)
    .filter({ kind: "condition", field: model.primaryKey, lookup: "exact", value: value as FilterValue })
    .limit(1)
    .all(ctx);
  return rows.length > 0;
}

/** The message of a key whose row is missing or hidden, as DRF's `PrimaryKeyRelatedField` words it. */
export function missingRowMessage(value: unknown): string {
  return `Invalid pk "${String(value).slice(0, 50)}" - object does not exist.`;
}

/** A model's plain foreign keys with the model each references, listed once per model rather than on each write. */
const foreignKeyLists = new WeakMap<ModelShape, readonly (readonly [key: string, references: string])[]>();

function foreignKeysOf(model: ModelShape): readonly (readonly [key: string, references: string])[] {
  let keys = foreignKeyLists.get(model);
  if (!keys) {
    keys = Object.entries(model.fields).flatMap(([key, field]) =>
      field.type === "foreignKey" && field.references !== undefined ? [[key, field.references] as const] : [],
    );
    foreignKeyLists.set(model, keys);
  }
  return keys;
}

/**
 * DRF's `PrimaryKeyRelatedField(queryset=...)` for plain foreign keys: each one `data` sets whose
 * target hides rows must name a row the target's manager shows this request, or the write is a
 * 400 naming the field, worded as for a missing row, before anything is written. A target that
 * hides nothing is left to the database's constraint (the same answer, one query fewer).
 * Undefined, not a promise, when there is nothing to look up.
 */
export function checkForeignKeysVisible(
  ctx: RequestContext,
  data: Readonly<Record<string, unknown>>,
  model: ModelShape,
  targetOf: ((reference: string) => ForeignKeyTarget | undefined) | undefined,
): Promise<void> | undefined {
  if (!targetOf) return undefined;
  const errors: FieldErrors = {};
  const checks: Promise<void>[] = [];
  for (const [key, references] of foreignKeysOf(model)) {
    const value = data[key];
    if (value === undefined || value === null) continue;
    const target = targetOf(references);
    if (!target?.hidesRows(ctx.request)) continue;
    checks.push(
      rowVisible(ctx, target.model, target.queryset(ctx.request), value).then((found) => {
        if (!found) errors[key] = [missingRowMessage(value)];
      }),
    );
  }
  if (checks.length === 0) return undefined;
  return Promise.all(checks).then(() => {
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  });
}

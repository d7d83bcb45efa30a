/** The values of declared fields for a page of rows: one query per related target, then computed ones. */
import type { RequestContext } from "../http/request.js";
import type { FilterValue } from "../query/filter-expression.js";
import { querySetOf } from "../query/list-query.js";
import { selectOnly } from "../query/manager.js";
import type { ComputedField } from "./computed.js";
import type { FieldPlan } from "./field-plan.js";
import { type RelatedField, type RelatedTarget, sourceOf, targetFieldsOf } from "./related.js";
import { representedField } from "./serialize.js";

/** The related fields of a response that follow one foreign key to one target: one query serves them all. */
interface RelatedGroup {
  readonly target: RelatedTarget<object>;
  readonly source: string;
  readonly members: [key: string, field: RelatedField][];
  readonly fields: Set<string>;
}

function groupRelated(plan: FieldPlan): RelatedGroup[] {
  const groups: RelatedGroup[] = [];
  for (const key of plan.response) {
    const field = plan.declared.get(key);
    if (field?.kind !== "related") continue;
    const source = sourceOf(key, field);
    let group = groups.find((g) => g.target === field.target && g.source === source);
    if (!group) groups.push((group = { target: field.target, source, members: [], fields: new Set() }));
    group.members.push([key, field]);
    for (const name of targetFieldsOf(field)) group.fields.add(name);
  }
  return groups;
}

/** The distinct non-null foreign keys of the rows. */
function keysOf(rows: readonly object[], source: string): FilterValue[] {
  const keys = new Map<string, FilterValue>();
  for (const row of rows) {
    const value = (row as Record<string, unknown>)[source];
    if (value !== null && value !== undefined) keys.set(String(value), value as FilterValue);
  }
  return [...keys.values()];
}

/** The target rows the foreign keys point at, by the text of their primary key: one query, `pk IN (...)`. */
async function loadTargets(
  ctx: RequestContext,
  group: RelatedGroup,
  keys: FilterValue[],
): Promise<Map<string, object>> {
  const { model, queryset } = group.target;
  const primaryKey = model.primaryKey;
  const matching = querySetOf(queryset).filter({ kind: "condition", field: primaryKey, lookup: "in", value: keys });
  const rows = await selectOnly(matching, [...group.fields]).all(ctx);
  return new Map(rows.map((row) => [String((row as Record<string, unknown>)[primaryKey]), row]));
}

function represent(target: object | undefined, field: RelatedField): unknown {
  if (target === undefined) return null;
  const values = target as Record<string, unknown>;
  const fields = field.target.model.fields;
  if (field.field !== undefined) return representedField(fields[field.field], values[field.field] ?? null);
  const nested: Record<string, unknown> = {};
  for (const name of field.fields ?? []) nested[name] = representedField(fields[name], values[name] ?? null);
  return nested;
}

async function addRelated(
  ctx: RequestContext,
  rows: readonly object[],
  out: Record<string, unknown>[],
  group: RelatedGroup,
) {
  const keys = keysOf(rows, group.source);
  const targets = keys.length === 0 ? new Map<string, object>() : await loadTargets(ctx, group, keys);
  rows.forEach((row, index) => {
    const value = (row as Record<string, unknown>)[group.source];
    const target = value === null || value === undefined ? undefined : targets.get(String(value));
    for (const [key, field] of group.members) out[index]![key] = represent(target, field);
  });
}

/**
 * Sets the related and computed fields of a response's objects (`out[i]` is the object of
 * `rows[i]`): each related target is loaded for all the rows in one query, however many rows,
 * with the request's context (so a scoped target manager applies its scope).
 */
export async function addDeclaredValues(
  ctx: RequestContext,
  rows: readonly object[],
  out: Record<string, unknown>[],
  plan: FieldPlan,
): Promise<void> {
  if (rows.length === 0) return;
  await Promise.all(groupRelated(plan).map((group) => addRelated(ctx, rows, out, group)));
  const pending: Promise<void>[] = [];
  for (const key of plan.response) {
    const field = plan.declared.get(key);
    if (field?.kind !== "computed") continue;
    const get = (field as ComputedField<object, unknown>).get;
    rows.forEach((row, index) => {
      const value = get(row, ctx.request);
      // An async computed field: every row's value is awaited together, not one after another.
      if (value instanceof Promise) {
        pending.push(
          value.then((settled) => {
            out[index]![key] = settled;
          }),
        );
      } else out[index]![key] = value;
    });
  }
  if (pending.length > 0) await Promise.all(pending);
}

/** The labels that name a model's records, read by id for foreign keys and lookups. */
import type { FilterValue, RequestContext } from "@viewsets/core";
import { querySetOf } from "@viewsets/core/internals";
import { labelFieldOf } from "./models.js";
import type { AdminViewSet } from "./rows.js";

/** The labels of a model's records by id, in one query; unknown ids are left out. */
export async function labelsOf(
  target: AdminViewSet<object>,
  ctx: RequestContext,
  ids: readonly FilterValue[],
): Promise<Map<string, { id: unknown; label: string }>> {
  const found = new Map<string, { id: unknown; label: string }>();
  if (ids.length === 0) return found;
  const { primaryKey } = target.config.model;
  const labelField = labelFieldOf(target);
  const rows = await querySetOf(target.getQueryset(ctx.request))
    .filter({ kind: "condition", field: primaryKey, lookup: "in", value: ids })
    .limit(ids.length)
    .all(ctx);
  for (const row of rows as Record<string, unknown>[]) {
    const id = row[primaryKey];
    found.set(String(id), { id, label: String(row[labelField] ?? id) });
  }
  return found;
}

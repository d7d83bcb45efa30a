/** The foreign-key lookup (`lookup/{field}`): target records found by label, or named by id. */
import { type FieldDef, NotFound, type RequestContext, ValidationError } from "@viewsets/core";
import { isSerializable, parseInt64, type QueryParams, querySetOf, textProblem } from "@viewsets/core/internals";
import type { LookupAnswer } from "../shared/wire.js";
import { labelsOf } from "./labels.js";
import { labelFieldOf } from "./models.js";
import type { AdminViewSet } from "./rows.js";

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 50;
const MAX_IDS = 100;
const MAX_QUERY = 200;

/** The first `max` UTF-16 units of a text, never half a character. */
function truncated(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

function limitOf(params: QueryParams): number {
  const text = params.get("limit")?.[0];
  if (text === undefined) return DEFAULT_LIMIT;
  const limit = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  if (!(limit >= 1)) throw new ValidationError({ limit: ["Enter a whole number from 1 to 50."] });
  return Math.min(limit, MAX_LIMIT);
}

function idsOf(text: string): (number | bigint)[] {
  const parts = text.split(",").filter((part) => part.trim() !== "");
  if (parts.length > MAX_IDS) throw new ValidationError({ ids: [`Ask for at most ${MAX_IDS} ids at once.`] });
  return parts.map((part) => {
    const id = parseInt64(part.trim());
    if (id === null) throw new ValidationError({ ids: ["Enter ids as whole numbers separated by commas."] });
    return id;
  });
}

/**
 * The foreign-key filter's options: target records whose label contains `q` (case-insensitive,
 * `%` and `_` literal), ordered by label; or, with `ids`, the labels of those ids, so a shared
 * URL shows names. Any serializable foreign key answers (the filter's combobox, the change form's
 * field); any other field is 404.
 */
export async function lookupOf(
  viewset: AdminViewSet<object>,
  fieldName: string,
  params: QueryParams,
  ctx: RequestContext,
  targetOf: (field: FieldDef) => AdminViewSet<object> | undefined,
): Promise<LookupAnswer> {
  const field = (viewset.config.model.fields as Record<string, FieldDef>)[fieldName];
  const target = field?.type === "foreignKey" && isSerializable(field) ? targetOf(field) : undefined;
  if (!target) throw new NotFound();
  const idsText = params.get("ids")?.[0];
  if (idsText !== undefined) {
    const ids = idsOf(idsText);
    const labels = await labelsOf(target, ctx, ids);
    const results = ids.flatMap((id) => labels.get(String(id)) ?? []);
    return { results: results.filter((r, i) => results.indexOf(r) === i), more: false };
  }
  const limit = limitOf(params);
  const sent = (params.get("q")?.[0] ?? "").trim();
  // The REST API's rule for search text: a NUL or an unpaired surrogate is a 400, before any SQL.
  const problem = textProblem(sent);
  if (problem) throw new ValidationError({ q: [problem] });
  const q = truncated(sent, MAX_QUERY);
  const labelField = labelFieldOf(target);
  const { primaryKey } = target.config.model;
  const labelDef = (target.config.model.fields as Record<string, FieldDef>)[labelField];
  let queryset = querySetOf(target.getQueryset(ctx.request));
  if (q !== "" && (labelDef?.type === "string" || labelDef?.type === "text")) {
    queryset = queryset.filter({ kind: "condition", field: labelField, lookup: "icontains", value: q });
  }
  const rows = (await queryset
    .orderBy(labelField, primaryKey)
    .limit(limit + 1)
    .all(ctx)) as Record<string, unknown>[];
  return {
    results: rows.slice(0, limit).map((row) => ({ id: row[primaryKey], label: String(row[labelField] ?? "") })),
    more: rows.length > limit,
  };
}

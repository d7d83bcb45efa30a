/** A selection of a model's rows (by ids, or by the list's query) checked and read through the model's manager. */
import { type ApiRequest, type QuerySet, type RequestContext, ValidationError } from "@viewsets/core";
import { parseInt64, parseQuery, querySetOf } from "@viewsets/core/internals";
import type { Selection } from "../shared/actions.js";
import { filterAdminQuerySet } from "./grammar.js";
import type { AdminViewSet } from "./rows.js";

/** The most rows one action or delete takes: more is a 400 asking to narrow the filters. */
export const MAX_SELECTION = 10_000;
const MAX_QUERY_LENGTH = 8000;
/** Parameters of the list's URL that choose how rows show, not which rows: left out of a query selection. */
const PRESENTATION = ["page", "page_size", "ordering", "cursor", "format", "view", "fields"];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The `selection` of a body: `{ ids: [...] }` or `{ query: "..." }`; anything else is a 400 naming `selection`. */
export function parseSelection(value: unknown): Selection {
  const refuse = (message: string): never => {
    throw new ValidationError({ selection: [message] });
  };
  if (!isPlainObject(value)) return refuse('Send { "ids": [...] } or { "query": "..." }.');
  const keys = Object.keys(value);
  if (keys.length !== 1 || (keys[0] !== "ids" && keys[0] !== "query")) {
    return refuse('Send either "ids" or "query", and nothing else.');
  }
  if (keys[0] === "query") {
    if (typeof value.query !== "string" || value.query.length > MAX_QUERY_LENGTH) {
      return refuse(`"query" is the list's query string, of at most ${MAX_QUERY_LENGTH} characters.`);
    }
    return { query: value.query.startsWith("?") ? value.query.slice(1) : value.query };
  }
  const ids = value.ids;
  if (!Array.isArray(ids) || ids.length === 0) return refuse("Select at least one row.");
  if (ids.length > MAX_SELECTION) return refuse(`Select at most ${MAX_SELECTION.toLocaleString("en")} rows.`);
  const bad = ids.filter((id) => (typeof id !== "number" && typeof id !== "string") || parseInt64(String(id)) === null);
  if (bad.length > 0) return refuse("Each id is a whole number.");
  return { ids: [...new Set(ids.map((id) => String(id)))] };
}

/** The rows a selection names, filtered through the user's view of the model (its manager's scope). */
export function selectedQuerySet(
  viewset: AdminViewSet<object>,
  selection: Selection,
  request: ApiRequest,
  now: Date,
): QuerySet<object> {
  const base = querySetOf(viewset.getQueryset(request));
  if ("ids" in selection) {
    const ids = selection.ids.map((id) => parseInt64(String(id))!);
    return base.filter({ kind: "condition", field: viewset.config.model.primaryKey, lookup: "in", value: ids });
  }
  const params = new Map(parseQuery(selection.query));
  for (const key of PRESENTATION) params.delete(key);
  try {
    return filterAdminQuerySet(base, params, viewset.grammar, now);
  } catch (error) {
    // A filter of the query that does not parse: the 400 names the selection, with the filter's own words.
    if (error instanceof ValidationError) {
      const words = Object.entries(error.errors).map(([key, messages]) => `${key}: ${[messages].flat().join(" ")}`);
      throw new ValidationError({ selection: words.length > 0 ? words : [error.message] });
    }
    throw error;
  }
}

/**
 * The selected rows, read in the model's order: a 400 when ids name rows the user cannot see
 * (deleted meanwhile, or outside their scope), or when more than `MAX_SELECTION` match.
 */
export async function selectedRows(
  viewset: AdminViewSet<object>,
  selection: Selection,
  ctx: RequestContext,
  now: Date,
): Promise<Record<string, unknown>[]> {
  const { primaryKey } = viewset.config.model;
  const queryset = selectedQuerySet(viewset, selection, ctx.request, now);
  const rows = (await queryset
    .orderBy(primaryKey)
    .limit(MAX_SELECTION + 1)
    .all(ctx)) as Record<string, unknown>[];
  if (rows.length > MAX_SELECTION) {
    throw new ValidationError({
      selection: [`More than ${MAX_SELECTION.toLocaleString("en")} rows match: narrow the filters and try again.`],
    });
  }
  if ("ids" in selection) {
    const found = new Set(rows.map((row) => String(row[primaryKey])));
    const missing = selection.ids.filter((id) => !found.has(String(parseInt64(String(id)))));
    if (missing.length > 0) {
      throw new ValidationError({ selection: [`No such rows: ${missing.slice(0, 20).join(", ")}.`] });
    }
  }
  if (rows.length === 0) throw new ValidationError({ selection: ["No rows match this selection."] });
  return rows;
}

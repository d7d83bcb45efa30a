/** The list's state as its URL query, and saved views as queries. */
import { computed } from "@preact/signals";
import { location, navigate } from "./router.js";
import { isOwnParam } from "../shared/params.js";
import type { FieldMeta, ModelMeta, SavedView } from "../shared/wire.js";

/**
 * The list's state is its URL query: the rows grammar (filters, `search`, `ordering`, `page`,
 * `page_size`) plus `view=<id>` while a saved view is selected and `columns=` naming the shown
 * columns when some are hidden. Everything else derives from it.
 */
export const listParams = computed(() => new URLSearchParams(location.value.search));

/** Query parameters that are not filters. */
export const NOT_FILTERS = new Set(["search", "ordering", "page", "page_size", "view", "tz", "columns"]);
/** Parameters that say how to show the list, not which rows: ignored when comparing with a view. */
const PRESENTATION = new Set(["view", "page", "page_size", "tz"]);

/** `view=all` keeps the default view from opening: the way back to every record. */
export const ALL_RECORDS = "all";

/** The browser's IANA time zone: date presets resolve in it. */
export const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** The fields a list filters by: the model's own, and those `listFilter` reaches through relations. */
export function filterFieldsOf(model: ModelMeta): readonly FieldMeta[] {
  return model.relatedFields?.length ? [...model.fields, ...model.relatedFields] : model.fields;
}

/**
 * The field a filter parameter belongs to: the longest field name it is or starts with
 * (`category__name__in` is `category__name`'s, `price__gte` is `price`'s).
 */
export function filterFieldOf(model: ModelMeta, key: string): FieldMeta | undefined {
  let found: FieldMeta | undefined;
  for (const field of filterFieldsOf(model)) {
    if (isOwnParam(key, field.name) && (!found || field.name.length > found.name.length)) found = field;
  }
  return found;
}

export function queryString(params: URLSearchParams): string {
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

/** The filter entries of a query, in order. */
export function filterEntries(params: URLSearchParams): [string, string][] {
  return [...params].filter(([key]) => !NOT_FILTERS.has(key));
}

/**
 * A new list URL from the current one: `mutate` changes its parameters; the page goes back to
 * the first unless asked otherwise.
 */
export function updateList(
  mutate: (params: URLSearchParams) => void,
  options: { keepPage?: boolean; replace?: boolean } = {},
) {
  const params = new URLSearchParams(location.value.search);
  mutate(params);
  if (!options.keepPage) params.delete("page");
  // An empty query would open the default view again: say "all records" instead.
  if (params.get("view") === ALL_RECORDS && [...params].length > 1) params.delete("view");
  else if ([...params].length === 0) params.set("view", ALL_RECORDS);
  navigate(`${location.value.path}${queryString(params)}`, { replace: options.replace ?? false });
}

/** The query the API is asked: the URL's, without `view` and `columns`, with the browser's time zone. */
export function apiQuery(params: URLSearchParams): string {
  const query = new URLSearchParams(params);
  query.delete("view");
  // Which columns show changes no row: hiding one asks the server nothing.
  query.delete("columns");
  query.set("tz", timeZone);
  return `?${query.toString()}`;
}

function normalized(entries: Iterable<[string, string]>): string {
  return JSON.stringify(
    [...entries].filter(([key, value]) => !PRESENTATION.has(key) && !(key === "search" && value === "")).sort(),
  );
}

/** Whether two queries choose the same rows in the same order (page and view aside). */
export function sameRows(a: URLSearchParams, b: URLSearchParams): boolean {
  return normalized(a) === normalized(b);
}

/** Filter keys of a view that name no field of the model any more. */
export function unknownFilters(view: SavedView, model: ModelMeta): string[] {
  return Object.keys(view.filters).filter((key) => filterFieldOf(model, key) === undefined);
}

/** The list query of a saved view: its search, filters, order and columns (filters the model lost are left out). */
export function viewParams(view: SavedView, model: ModelMeta): URLSearchParams {
  const params = new URLSearchParams();
  params.set("view", String(view.id));
  if (view.search !== "") params.set("search", view.search);
  const lost = new Set(unknownFilters(view, model));
  for (const [key, values] of Object.entries(view.filters)) {
    if (!lost.has(key)) for (const value of values) params.append(key, value);
  }
  if (view.ordering.length > 0) params.set("ordering", view.ordering.join(","));
  if (view.columns) params.set("columns", view.columns.join(","));
  return params;
}

/** What a saved view keeps of the current list: search, filters, order and the shown columns (null: all). */
export function viewBody(params: URLSearchParams) {
  const filters: Record<string, string[]> = {};
  for (const [key, value] of filterEntries(params)) (filters[key] ??= []).push(value);
  const ordering = (params.get("ordering") ?? "").split(",").filter((term) => term !== "");
  const columns = (params.get("columns") ?? "").split(",").filter((name) => name !== "");
  return { search: params.get("search") ?? "", filters, ordering, columns: columns.length > 0 ? columns : null };
}

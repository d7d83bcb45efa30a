/** The admin's list grammar: the REST API's filters and search plus date presets resolved in `?tz=`. */
import { type FieldDef, type QuerySet, ValidationError } from "@viewsets/core";
import {
  buildFilters,
  filterAndSearch,
  type ListGrammar,
  managerExpression,
  type QueryParams,
} from "@viewsets/core/internals";
import { PresetError, resolveDatePreset } from "./date-presets.js";

/** Parameters of the admin's list that are not filters of the REST grammar. */
const ADMIN_PARAMS = new Set(["tz", "view"]);
const PRESET_SUFFIX = "__preset";

function isDateField(field: FieldDef | undefined): field is FieldDef & { type: "time" | "date" } {
  return field?.type === "time" || field?.type === "date";
}

/** The time zone of `?tz=` (UTC by default); an unknown zone is a 400 naming `tz`. */
export function timeZoneOf(params: QueryParams): string {
  const zone = params.get("tz")?.[0] ?? "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    throw new ValidationError({ tz: ["Unknown time zone: use an IANA name such as Europe/Berlin."] });
  }
}

/**
 * The REST grammar's filters and search, plus the admin's date presets (`createdAt__preset=today`
 * resolved in `?tz=` when the query runs, as a half-open range).
 */
export function filterAdminQuerySet<Row>(
  queryset: QuerySet<Row>,
  params: QueryParams,
  grammar: ListGrammar,
  now: Date = new Date(),
): QuerySet<Row> {
  const rest = new Map<string, readonly string[]>();
  const presets: [string, string][] = [];
  for (const [key, values] of params) {
    if (ADMIN_PARAMS.has(key)) continue;
    if (key.endsWith(PRESET_SUFFIX)) presets.push([key, values[0] ?? ""]);
    else rest.set(key, values);
  }
  let filtered = filterAndSearch(queryset, rest, grammar);
  if (presets.length === 0) return filtered;
  const zone = timeZoneOf(params);
  for (const [key, token] of presets) {
    const name = key.slice(0, -PRESET_SUFFIX.length);
    const field = grammar.fields[name];
    if (!isDateField(field) || !grammar.filterable.has(name)) {
      throw new ValidationError({ [key]: ["Date presets apply to date and time fields only."] });
    }
    let range: { gte: string; lt: string };
    try {
      range = resolveDatePreset(token, zone, now, field.type);
    } catch (error) {
      if (error instanceof PresetError) throw new ValidationError({ [key]: [error.message] });
      throw error;
    }
    const bounds = new Map([
      [`${name}__gte`, [range.gte]],
      [`${name}__lt`, [range.lt]],
    ]);
    const expression = buildFilters(bounds, grammar.fields, grammar.filterable);
    if (expression) filtered = filtered.filter(managerExpression(expression, grammar.paths));
  }
  return filtered;
}

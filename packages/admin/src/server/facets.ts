/** The list's facets: each listed filter's counts or range over the rows the other filters keep. */
import { type FieldDef, type FilterValue, NotFound, type QuerySet, type RequestContext } from "@viewsets/core";
import {
  countRowsBy,
  parseInt64,
  type QueryParams,
  querySetOf,
  rangeOfRows,
  representedField,
  type ValueCount,
} from "@viewsets/core/internals";
import { isOwnParam } from "../shared/params.js";
import type { Facet } from "../shared/wire.js";
import { filterAdminQuerySet } from "./grammar.js";
import { labelsOf } from "./labels.js";
import { listFilterOf } from "./models.js";
import type { AdminViewSet } from "./rows.js";

/** The most frequent values listed for string chips and foreign keys (selected ones are added). */
export const TOP_VALUES = 20;

/** Where a facet's query runs, and what the rest of the request chose. */
interface FacetInput {
  readonly viewset: AdminViewSet<object>;
  readonly params: QueryParams;
  readonly ctx: RequestContext;
  readonly now: Date;
  /** The registered model a foreign key points at. */
  readonly target: (field: FieldDef) => AdminViewSet<object> | undefined;
  /** Told about a field whose counts failed (its answer says only that they did). */
  readonly onError: (error: unknown) => void;
}

function countBy(
  queryset: QuerySet<object>,
  ctx: RequestContext,
  field: string,
  limit?: number,
): Promise<ValueCount[]> {
  if (queryset.countBy) return queryset.countBy(ctx, field, limit);
  return queryset.all(ctx).then((rows) => countRowsBy(rows, field, limit));
}

function rangeOf(queryset: QuerySet<object>, ctx: RequestContext, field: string) {
  if (queryset.aggregate) return queryset.aggregate(ctx, field);
  return queryset.all(ctx).then((rows) => rangeOfRows(rows, field));
}

/** JSON of a facet value: dates as ISO text, bigints as digits. */
function wireValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  return value;
}

/** Every listed value with its count, zeros included (choices, booleans, null when nullable). */
function allValues(values: readonly unknown[], counts: readonly ValueCount[], nullable: boolean) {
  const byKey = new Map(counts.map((c) => [String(c.value), c.count]));
  const listed = nullable ? [...values, null] : values;
  return listed.map((value) => ({ value, count: byKey.get(String(value)) ?? 0 }));
}

/** The top values plus the selected ones the top left out, counted in one more query. */
async function topAndSelected(
  queryset: QuerySet<object>,
  ctx: RequestContext,
  name: string,
  selected: readonly FilterValue[],
): Promise<ValueCount[]> {
  const top = await countBy(queryset, ctx, name, TOP_VALUES);
  const listed = new Set(top.map((c) => String(c.value)));
  const missing = selected.filter((value) => !listed.has(String(value)));
  if (missing.length === 0) return top;
  const more = await countBy(
    queryset.filter({ kind: "condition", field: name, lookup: "in", value: missing }),
    ctx,
    name,
  );
  const found = new Set(more.map((c) => String(c.value)));
  return [...top, ...more, ...missing.filter((v) => !found.has(String(v))).map((value) => ({ value, count: 0 }))];
}

/** Django's facet rule: a field is counted under every parameter of the request but its own (value, lookups, range). */
function withoutOwn(params: QueryParams, name: string): QueryParams {
  return new Map([...params].filter(([key]) => !isOwnParam(key, name)));
}

function selectedValues(params: QueryParams, name: string, field: FieldDef): FilterValue[] {
  const texts = params.get(name) ?? [];
  if (field.type === "foreignKey") {
    return texts.map((text) => parseInt64(text)).filter((id): id is number | bigint => id !== null);
  }
  return [...texts];
}

async function facetOf(input: FacetInput, listed: string, queryset: QuerySet<object>): Promise<Facet> {
  const { ctx } = input;
  const field = input.viewset.listField(listed)!;
  // A path through relations (`category__name`) is counted by the related value (`categoryId.name`).
  const name = input.viewset.managerField(listed);
  const nullable = field.nullable === true;
  if (field.choices && field.choices.length > 0) {
    return { counts: allValues(field.choices, await countBy(queryset, ctx, name), nullable) };
  }
  switch (field.type) {
    case "bool":
      return { counts: allValues([true, false], await countBy(queryset, ctx, name), nullable) };
    case "int":
    case "decimal":
    case "time":
    case "date": {
      const { min, max } = await rangeOf(queryset, ctx, name);
      return { min: wireValue(representedField(field, min)), max: wireValue(representedField(field, max)) };
    }
    case "foreignKey": {
      const counts = await topAndSelected(queryset, ctx, name, selectedValues(input.params, listed, field));
      const target = input.target(field);
      const ids = counts.map((c) => c.value).filter((v): v is number | bigint => v !== null && v !== undefined);
      const labels = target ? await labelsOf(target, ctx, ids as FilterValue[]) : new Map();
      return {
        counts: counts.map((c) => ({
          value: wireValue(c.value),
          label: c.value === null ? null : (labels.get(String(c.value))?.label ?? String(c.value)),
          count: c.count,
        })),
      };
    }
    default: {
      const counts = await topAndSelected(queryset, ctx, name, selectedValues(input.params, listed, field));
      return { counts: counts.map((c) => ({ value: wireValue(c.value), count: c.count })) };
    }
  }
}

/**
 * One listed field's facet (`facets/{field}`), by the same rule; its own values in the query name
 * the values to count beyond the top 20 (the combobox asks for the options it shows). A field
 * that is not in `listFilter` is 404.
 */
export async function facetOfField(input: FacetInput, name: string): Promise<Facet> {
  const { viewset, params, ctx, now } = input;
  if (!listFilterOf(viewset).some((entry) => entry.field === name)) throw new NotFound();
  const base = querySetOf(viewset.getQueryset(ctx.request));
  filterAdminQuerySet(base, params, viewset.grammar, now);
  return facetOf(input, name, filterAdminQuerySet(base, withoutOwn(params, name), viewset.grammar, now));
}

/**
 * Django's facet rule: each listed field counts the rows that match the search and every other
 * field's filters, leaving its own parameters out, so choosing a second value never hides the
 * first. One query per field, all at once; a field whose query fails answers its own error.
 */
export async function facetsOf(input: FacetInput): Promise<Record<string, Facet>> {
  const { viewset, params, ctx, now } = input;
  const base = querySetOf(viewset.getQueryset(ctx.request));
  // The whole request's grammar first: a bad value is the request's 400, not one field's error.
  filterAdminQuerySet(base, params, viewset.grammar, now);
  const entries = await Promise.all(
    listFilterOf(viewset).map(async ({ field: name }) => {
      try {
        const queryset = filterAdminQuerySet(base, withoutOwn(params, name), viewset.grammar, now);
        return [name, await facetOf(input, name, queryset)] as const;
      } catch (error) {
        input.onError(error);
        return [name, { error: "This filter's counts could not be computed." }] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

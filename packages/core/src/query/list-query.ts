/** The list pipeline: a queryset filtered, searched and ordered by one model's list grammar. */
import type { FieldDef } from "../models/fields.js";
import { buildFilters } from "./filters.js";
import type { PipelineManager, QuerySet, ReadManager } from "./manager.js";
import { memoryQuerySet } from "./memory-queryset.js";
import { resolveOrdering } from "./ordering.js";
import { managerExpression, managerOrdering, type ResolvedPath } from "./relations.js";
import { buildSearch } from "./search.js";

/**
 * What the list grammar of one model allows: which fields filter, order and search, and the
 * default order. A viewset derives it from its serializer and options; the admin from its
 * registration. Both then run the same pipeline below.
 */
export interface ListGrammar {
  readonly fields: Readonly<Record<string, FieldDef>>;
  readonly primaryKey: string;
  readonly filterable: ReadonlySet<string>;
  readonly orderable: ReadonlySet<string>;
  readonly searchable: readonly string[];
  /** The order when `?ordering=` names none (the primary key always ends it). */
  readonly ordering: readonly string[];
  /** Paths through relations (`category__name`) the lists name: `fields` holds their fields under the same keys. */
  readonly paths?: ReadonlyMap<string, ResolvedPath> | undefined;
  /** `strictFilters`: a query parameter that is no filter, nor one the list reads, is a 400 naming it. */
  readonly strict?: boolean | undefined;
}

/** Query parameters by key (repeated keys keep every value). */
export type QueryParams = ReadonlyMap<string, readonly string[]>;

/** A filtered, searched query set and the order its pages take. */
export interface ListQuery<Row> {
  readonly queryset: QuerySet<Row>;
  /** Ordering terms (`"-price"`), always ending with the primary key. */
  readonly ordering: readonly string[];
}

function hasPipeline<Row>(manager: object): manager is QuerySet<Row> {
  const m = manager as Record<string, unknown>;
  return (
    typeof m.filter === "function" &&
    typeof m.orderBy === "function" &&
    typeof m.offset === "function" &&
    typeof m.limit === "function"
  );
}

/**
 * The query set of a manager: the manager itself when it filters and pages, its `querySet()`,
 * or an in-memory query set over `all()` with the same semantics.
 */
export function querySetOf<Row extends object>(manager: ReadManager<Row> & PipelineManager<Row>): QuerySet<Row> {
  if (hasPipeline<Row>(manager)) return manager;
  if (typeof manager.querySet === "function") return manager.querySet();
  return memoryQuerySet((ctx) => manager.all(ctx));
}

/** DRF's filter backends: the filters of `params` (keys ANDed, repeated keys ORed), then `search`. */
export function filterAndSearch<Row>(
  queryset: QuerySet<Row>,
  params: QueryParams,
  grammar: ListGrammar,
): QuerySet<Row> {
  let filtered = queryset;
  const filter = buildFilters(params, grammar.fields, grammar.filterable, grammar.strict === true);
  if (filter) filtered = filtered.filter(managerExpression(filter, grammar.paths));
  const search = buildSearch(params.get("search"), grammar.searchable);
  if (search) filtered = filtered.filter(managerExpression(search, grammar.paths));
  return filtered;
}

/**
 * The order of `?ordering=`, or the grammar's default, always ending with the primary key; a path
 * through relations as its manager reads it (`categoryId.name`).
 */
export function orderingOf(params: QueryParams, grammar: ListGrammar): string[] {
  const terms = resolveOrdering(params.get("ordering"), grammar.orderable, grammar.ordering, grammar.primaryKey);
  return managerOrdering(terms, grammar.paths);
}

/**
 * The list of a request without its pagination: the manager's rows filtered, searched and with
 * their order. A value that does not coerce is a `ValidationError` naming the parameter.
 */
export function buildListQuery<Row extends object>(
  manager: ReadManager<Row> & PipelineManager<Row>,
  params: QueryParams,
  grammar: ListGrammar,
): ListQuery<Row> {
  return { queryset: filterAndSearch(querySetOf(manager), params, grammar), ordering: orderingOf(params, grammar) };
}

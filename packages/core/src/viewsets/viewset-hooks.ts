/** The hooks of a viewset that DRF lets a subclass override: its queryset, fields, list, page, object and rows. */
import { NotFound } from "../http/errors.js";
import type { FieldDef } from "../models/fields.js";
import { type ApiRequest, queryParamsOf } from "../http/request.js";
import { objectSlot } from "../http/slot.js";
import { filterAndSearch, type ListGrammar, orderingOf, querySetOf } from "../query/list-query.js";
import type { Manager, QuerySet } from "../query/manager.js";
import { fieldsOfPaths, type NoRelations } from "../query/relations.js";
import { pageNumberPagination } from "../query/pagination.js";
import type { Page } from "../query/paginator.js";
import { addDeclaredValues } from "../serializers/declared-values.js";
import { cachedFieldPlan, type FieldPlan } from "../serializers/field-plan.js";
import type { ForeignKeyTarget } from "../serializers/foreign-keys.js";
import { projectRow } from "../serializers/serialize.js";
import { checkObjectPermissions } from "./guard.js";
import { ViewContext } from "./view-context.js";
import type { AnyOptions, ReadQueryset, ViewSetOptions } from "./viewset-options.js";

const defaultPaginator = pageNumberPagination();

/** The model's fields and those its plan's paths end on (`category__name`), made once per plan, not per request. */
const listFields = new WeakMap<FieldPlan, Readonly<Record<string, FieldDef>>>();
function listFieldsOf(plan: FieldPlan, fields: Readonly<Record<string, FieldDef>>): Readonly<Record<string, FieldDef>> {
  let all = listFields.get(plan);
  if (!all) listFields.set(plan, (all = { ...fields, ...fieldsOfPaths(plan.paths) }));
  return all;
}

/**
 * What every viewset route is built from, each a method a subclass may override as in DRF:
 * `getQueryset` scopes every route, `filterQueryset` and `paginateQueryset` shape the list,
 * `getObject` loads one object, `serialize` and `serializeRows` show rows.
 */
export class ViewSetHooks<Row extends object, Rel = NoRelations> {
  /** Mutable: a change made after `register` is checked again when the router is mounted. */
  options: AnyOptions<Row, Rel>;
  private readonly grammars = objectSlot<ApiRequest, ListGrammar>("viewsets.grammar");
  private readonly plans = cachedFieldPlan();

  constructor(options: ViewSetOptions<Row, Rel>) {
    this.options = options as AnyOptions<Row, Rel>;
  }

  /** The manager for this request: override to scope every route (a record outside is 404). */
  getQueryset(_request: ApiRequest): ReadQueryset<Row> & Partial<Manager<Row>> {
    return this.options.queryset;
  }

  /** The fields of this request, from the serializer and the options. */
  getFieldPlan(): FieldPlan {
    return this.plans(this.options.model, this.options.serializer(), this.options);
  }

  /** What `?field=`, `?ordering=` and `?search=` may name on this viewset's list. */
  listGrammar(plan: FieldPlan = this.getFieldPlan()): ListGrammar {
    const { model } = this.options;
    return {
      fields: plan.paths.size === 0 ? model.fields : listFieldsOf(plan, model.fields),
      primaryKey: model.primaryKey,
      filterable: plan.filterable,
      orderable: plan.orderable,
      searchable: plan.searchable,
      ordering: this.options.ordering ?? [],
      paths: plan.paths,
      strict: this.options.strictFilters === true,
    };
  }

  /** The list grammar of one request, derived once however many hooks ask for it. */
  protected grammarOf(request: ApiRequest, plan?: FieldPlan): ListGrammar {
    let grammar = this.grammars.get(request);
    if (!grammar) {
      grammar = this.listGrammar(plan);
      this.grammars.set(request, grammar);
    }
    return grammar;
  }

  /** DRF's `filter_queryset`: the request's filters and search applied to `queryset`. */
  filterQueryset(queryset: QuerySet<Row>, request: ApiRequest): QuerySet<Row> {
    return filterAndSearch(queryset, queryParamsOf(request), this.grammarOf(request));
  }

  /** The order of the request's list: `?ordering=` or the default, ending with the primary key. */
  getOrdering(request: ApiRequest): string[] {
    return orderingOf(queryParamsOf(request), this.grammarOf(request));
  }

  /** The list of a request, filtered, searched and ordered, without a page: what `list` paginates. */
  listQueryset(request: ApiRequest): { queryset: QuerySet<Row>; ordering: string[] } {
    const queryset = this.filterQueryset(querySetOf<Row>(this.getQueryset(request)), request);
    return { queryset, ordering: this.getOrdering(request) };
  }

  /** DRF's `paginate_queryset`: one page of `queryset` in the request's order, by the viewset's paginator. */
  paginateQueryset(
    queryset: QuerySet<Row>,
    request: ApiRequest,
    ordering = this.getOrdering(request),
  ): Promise<Page<Row>> {
    const { model } = this.options;
    const context = ViewContext.of(request);
    return (this.options.pagination ?? defaultPaginator).paginate({
      request,
      ctx: context,
      params: context.params,
      queryset,
      ordering,
      fields: model.fields,
      primaryKey: model.primaryKey,
      pageSize: this.options.pageSize ?? context.settings.pageSize,
      maxPageSize: this.options.maxPageSize ?? context.settings.maxPageSize,
    });
  }

  /** Loads the object of a detail route: 404 when absent, then object-level permissions. */
  async getObject(context: ViewContext, id: number | bigint): Promise<Row> {
    return this.checkedObject(context, await this.getQueryset(context.request).get(context, id));
  }

  /** A loaded object past the 404 and its object permissions: a promise only when a permission checks objects. */
  protected checkedObject(context: ViewContext, obj: Row | null | undefined): Row | Promise<Row> {
    if (obj === null || obj === undefined) throw new NotFound();
    const checked = checkObjectPermissions(this.options, context, obj);
    return checked ? checked.then(() => obj) : obj;
  }

  /** One row's model fields; related and computed fields are added by `serializeRows`. */
  serialize(row: Row, plan: FieldPlan): Record<string, unknown> {
    return projectRow(row, plan.response, plan.decimals);
  }

  /**
   * The response objects of rows: `serialize` each, then their related fields (one query per
   * target) and computed ones. Every response and `If-Match` tag is made of these.
   */
  async serializeRows(context: ViewContext, rows: readonly Row[], plan: FieldPlan): Promise<Record<string, unknown>[]> {
    const out = rows.map((row) => this.serialize(row, plan));
    if (plan.declared.size > 0) await addDeclaredValues(context, rows, out, plan);
    return out;
  }

  /**
   * `serializeRows`, without a promise when it is this class's own and the plan has no related or
   * computed field to load: nothing to wait for, so no turn of the microtask queue either.
   */
  protected responseObjects(
    context: ViewContext,
    rows: readonly Row[],
    plan: FieldPlan,
  ): Record<string, unknown>[] | Promise<Record<string, unknown>[]> {
    if (plan.declared.size === 0 && this.serializeRows === ViewSetHooks.prototype.serializeRows) {
      return rows.map((row) => this.serialize(row, plan));
    }
    return this.serializeRows(context, rows, plan);
  }

  /** What a foreign key to this viewset's model is checked against (see `ViewSettings.foreignKeyTarget`). */
  foreignKeyTarget(): ForeignKeyTarget {
    return {
      model: this.options.model,
      hidesRows: (request) =>
        this.getQueryset !== ViewSetHooks.prototype.getQueryset || this.getQueryset(request).scoped === true,
      queryset: (request) => this.getQueryset(request) as ReadQueryset<object>,
    };
  }
}

/** The admin's rows: a REST viewset per registered model, served under `rows/`. */
import {
  type ApiRequest,
  type ApiResponse,
  BaseSerializer,
  BaseViewSet,
  type FieldDef,
  type Manager,
  MethodNotAllowed,
  PermissionDenied,
  type QuerySet,
  type Serializer,
  type ViewSettings,
  NotFound,
} from "@viewsets/core";
import {
  type FieldPlan,
  type ListGrammar,
  orderingOf,
  parseId,
  queryParamsOf,
  errorResponse,
  type ViewContext,
} from "@viewsets/core/internals";
import { ListColumns, type TargetOf } from "./columns.js";
import type { ModelConfig } from "./config.js";
import { adminPagination } from "./count-pagination.js";
import { filterAdminQuerySet } from "./grammar.js";

export const DEFAULT_LIST_PER_PAGE = 50;
export const MAX_PAGE_SIZE = 200;

/**
 * The REST API's own viewset over a registered model: the same validation, `clean`, pagination,
 * 404s and serialization, with the admin's grammar (every serializable field filters and orders,
 * plus date presets). The admin has already signed the request in.
 */
export class AdminViewSet<Row extends object> extends BaseViewSet<Row> {
  readonly grammar: ListGrammar;
  /** `listDisplay`'s columns: their names, and the values of the related and computed ones. */
  readonly columns: ListColumns;

  constructor(
    readonly config: ModelConfig<Row>,
    private readonly now: () => Date,
    targetOf: TargetOf = () => undefined,
  ) {
    super({
      // `readonlyFields`: shown, never written (a body's value for one is ignored, as DRF ignores read-only keys).
      serializer: () => readOnlySerializer(config.readonlyFields ?? []),
      model: config.model,
      queryset: config.queryset as ModelConfig<Row>["queryset"] & Manager<Row>,
      ...relatedOptions(config),
      searchFields: config.searchFields,
      ordering: config.ordering,
      pageSize: config.listPerPage ?? DEFAULT_LIST_PER_PAGE,
      maxPageSize: Math.max(config.listPerPage ?? DEFAULT_LIST_PER_PAGE, MAX_PAGE_SIZE),
      pagination: adminPagination(config.count),
    });
    // Every serializable field filters and orders: the REST grammar of a viewset without narrowing options.
    this.grammar = super.listGrammar();
    this.columns = new ListColumns(config as unknown as ModelConfig<object>, targetOf);
  }

  /** The list's order, a computed column's `?ordering=` read as the order it names (`margin` → `price`). */
  override getOrdering(request: ApiRequest): string[] {
    return orderingOf(this.columns.orderingParams(queryParamsOf(request)), this.grammar);
  }

  /** A list's rows, with the values of `listDisplay`'s related and computed columns beside their fields. */
  override async serializeRows(context: ViewContext, rows: readonly Row[], plan: FieldPlan) {
    const out = await super.serializeRows(context, rows, plan);
    if (context.view.action !== "list" || !this.columns.extra) return out;
    const values = await this.columns.valuesOf(context, rows);
    this.columns.represent(values, (name) => this.listField(name));
    for (const [index, extra] of values.entries()) Object.assign(out[index]!, extra);
    return out;
  }

  override listGrammar(): ListGrammar {
    return this.grammar;
  }

  /** A field of the list: the model's own, or the field a path through relations ends on (`category__name`). */
  listField(name: string): FieldDef | undefined {
    return Object.hasOwn(this.grammar.fields, name) ? this.grammar.fields[name] : undefined;
  }

  /** The name the manager reads a list field by: a path as the foreign keys it follows (`categoryId.name`). */
  managerField(name: string): string {
    return this.grammar.paths?.get(name)?.managerField ?? name;
  }

  override filterQueryset(queryset: QuerySet<Row>, request: ApiRequest): QuerySet<Row> {
    return filterAdminQuerySet(queryset, queryParamsOf(request), this.grammar, this.now());
  }

  /** What the admin may do: its switches, defaulting to what the manager can do. */
  may(action: "add" | "change" | "delete"): boolean {
    const method = { add: "create", change: "update", delete: "delete" }[action];
    const manager = this.config.queryset as unknown as Record<string, unknown>;
    return this.config[action] ?? typeof manager[method] === "function";
  }
}

function readOnlySerializer(fields: readonly string[]): Serializer {
  if (fields.length === 0) return new BaseSerializer();
  return { readonlyFields: () => fields };
}

/**
 * A registration's relations, and the paths its `listFilter` and `listDisplay` name added to the
 * filterable and orderable fields (every field of the model filters and orders in the admin, as
 * it does without narrowing options), with those a computed column sorts by.
 */
function relatedOptions<Row extends object>(config: ModelConfig<Row>) {
  if (config.relations === undefined) return {};
  const own = (name: string) => Object.hasOwn(config.model.fields, name);
  const filters = (config.listFilter ?? []).map((entry) => (typeof entry === "string" ? entry : entry.field) as string);
  const shown = (config.listDisplay ?? []).flatMap((entry) =>
    typeof entry === "string" ? [entry] : entry.ordering === undefined ? [] : [entry.ordering.replace(/^-/, "")],
  );
  const paths = [...new Set([...filters, ...shown])].filter((name) => !own(name));
  if (paths.length === 0) return { relations: config.relations };
  const fields = [...Object.keys(config.model.fields), ...paths];
  return { relations: config.relations, filterFields: fields as never, orderingFields: fields as never };
}

const NEEDS: Readonly<Record<string, "add" | "change" | "delete" | undefined>> = {
  POST: "add",
  PUT: "change",
  PATCH: "change",
  DELETE: "delete",
};

/** `rows/` and `rows/{id}` of one model, after the admin's own checks. */
export function serveRows<Row extends object>(
  viewset: AdminViewSet<Row>,
  resource: string,
  id: string | undefined,
  request: ApiRequest,
  settings: ViewSettings,
  may: { readonly add: boolean; readonly change: boolean; readonly delete: boolean },
): Promise<ApiResponse> {
  const needs = NEEDS[request.method];
  if (id === undefined) {
    if (request.method !== "GET" && request.method !== "POST")
      throw new MethodNotAllowed(request.method, ["GET", "POST"]);
  } else if (request.method === "POST") {
    throw new MethodNotAllowed(request.method, ["GET", "PATCH", "DELETE"]);
  }
  if (needs && !viewset.may(needs)) throw new PermissionDenied(`This model does not allow ${needs} in the admin.`);
  if (needs && !may[needs]) throw new PermissionDenied();
  if (id === undefined) return Promise.resolve(viewset.handle({ kind: "list", resource }, request, settings));
  const parsed = parseId(id);
  if (parsed === null) return Promise.resolve(errorResponse(new NotFound()));
  return Promise.resolve(viewset.handle({ kind: "detail", resource, id: parsed }, request, settings));
}

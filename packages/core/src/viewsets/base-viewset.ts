import { checkViewSetConfiguration } from "../checks/check-configuration.js";
import { isFormContentType, readWriteBody } from "../http/body.js";
import { ApiError, type ConfigurationError, MethodNotAllowed, NotAcceptable, NotFound } from "../http/errors.js";
import { acceptsJSON } from "../http/negotiation.js";
import { SPARSE_MEDIA_TYPE } from "../http/media-types.js";
import { errorResponse } from "../http/problem.js";
import { type ApiRequest, type ApiResponse, queryParamsOf, withMethod } from "../http/request.js";
import { noContent, sendJSON } from "../http/respond.js";
import { objectSlot } from "../http/slot.js";
import { settledValue, UNSETTLED } from "../http/thenable.js";
import { filterQuerySet, type ListGrammar, orderingOf, querySetOf } from "../query/list-query.js";
import type { Manager, QuerySet } from "../query/manager.js";
import { pageNumberPagination } from "../query/pagination.js";
import type { Page } from "../query/paginator.js";
import { addDeclaredValues } from "../serializers/declared-values.js";
import { cachedFieldPlan, type FieldPlan } from "../serializers/field-plan.js";
import { checkForeignKeysVisible, type ForeignKeyTarget } from "../serializers/foreign-keys.js";
import { checkRelatedExist, requestFields } from "../serializers/related-writes.js";
import { projectRow } from "../serializers/serialize.js";
import { narrowColumns, sparseFieldPlan } from "../serializers/sparse-fields.js";
import { cleaning, validatedBody, type WriteMode } from "../serializers/validate.js";
import { type MaybeAtomic, runAtomic } from "./atomic.js";
import { bulkCreate, bulkCreateLimit } from "./bulk-create.js";
import { checkIfMatch, taggedJSON } from "./conditional.js";
import { formValues } from "./form-values.js";
import { authenticatedOnly, checkObjectPermissions, guarded, permits } from "./guard.js";
import { describedWrite, viewsetOptions } from "./metadata.js";
import { allowedMethods, type RouteKind, standardRoute } from "./standard-routes.js";
import { ViewContext } from "./view-context.js";
import type { ViewAction, ViewInfo } from "./view-info.js";
import type { ViewRoute, ViewSet, ViewSettings } from "./viewset.js";
import type { AnyOptions, ReadQueryset, ViewSetOptions, WriteQueryset } from "./viewset-options.js";

const defaultPaginator = pageNumberPagination();

/** What tells OPTIONS that a write is not this request's to make (DRF's metadata catches the same). */
const REFUSALS: ReadonlySet<number> = new Set([401, 403, 404]);

/** The action a permission sees for a method the route does not serve. */
function nearestAction(kind: RouteKind, method: string): ViewAction {
  if (kind === "list") return method === "GET" || method === "HEAD" ? "list" : "create";
  return method === "GET" || method === "HEAD" ? "retrieve" : "destroy";
}

/**
 * A viewset: list, create, retrieve, update, partial update and destroy for one model.
 * Each handler is a method a subclass may override, and so are DRF's hooks: `getQueryset`
 * scopes every route, `filterQueryset` and `paginateQueryset` shape the list.
 */
export class BaseViewSet<Row extends object> implements ViewSet {
  /** Mutable: a change made after `register` is checked again when the router is mounted. */
  options: AnyOptions<Row>;
  private readonly grammars = objectSlot<ApiRequest, ListGrammar>("viewsets.grammar");
  private readonly plans = cachedFieldPlan();

  constructor(options: ViewSetOptions<Row>) {
    this.options = options as AnyOptions<Row>;
  }

  checkConfiguration(resource?: string): ConfigurationError | null {
    return checkViewSetConfiguration(resource ?? this.options?.model?.name?.toLowerCase() ?? "?", this);
  }

  // ---- hooks a subclass may override -------------------------------------------------------

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
      fields: model.fields,
      primaryKey: model.primaryKey,
      filterable: plan.filterable,
      orderable: plan.orderable,
      searchable: plan.searchable,
      ordering: this.options.ordering ?? [],
    };
  }

  /** The list grammar of one request, derived once however many hooks ask for it. */
  private grammarOf(request: ApiRequest, plan?: FieldPlan): ListGrammar {
    let grammar = this.grammars.get(request);
    if (!grammar) {
      grammar = this.listGrammar(plan);
      this.grammars.set(request, grammar);
    }
    return grammar;
  }

  /** DRF's `filter_queryset`: the request's filters and search applied to `queryset`. */
  filterQueryset(queryset: QuerySet<Row>, request: ApiRequest): QuerySet<Row> {
    return filterQuerySet(queryset, queryParamsOf(request), this.grammarOf(request));
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
  private checkedObject(context: ViewContext, obj: Row | null | undefined): Row | Promise<Row> {
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
  private responseObjects(
    context: ViewContext,
    rows: readonly Row[],
    plan: FieldPlan,
  ): Record<string, unknown>[] | Promise<Record<string, unknown>[]> {
    if (plan.declared.size === 0 && this.serializeRows === BaseViewSet.prototype.serializeRows) {
      return rows.map((row) => this.serialize(row, plan));
    }
    return this.serializeRows(context, rows, plan);
  }

  // ---- the six handlers --------------------------------------------------------------------

  async list(context: ViewContext): Promise<ApiResponse> {
    const { request } = context;
    const plan = this.getFieldPlan();
    // The serializer's plan also gives the grammar: the list derives the fields once.
    this.grammarOf(request, plan);
    const shown = sparseFieldPlan(plan, context.params);
    const { queryset, ordering } = this.listQueryset(request);
    // `?fields=` and `?omit=` narrow the columns too; a full response reads whole rows, as overrides may expect.
    const narrowed = shown === plan ? queryset : narrowColumns(queryset, this.options.model, shown, ordering);
    const page = await this.paginateQueryset(narrowed, request, ordering);
    const objects = this.responseObjects(context, page.rows, shown);
    const body = page.envelope(objects instanceof Promise ? await objects : objects);
    return sparseLabelled(taggedJSON(request, 200, body), shown !== plan);
  }

  /** The body of a create or update: JSON, or a form whose text values are typed by the model's fields. */
  private readBody(context: ViewContext, plan: FieldPlan): Promise<unknown> {
    const { request } = context;
    const reading = readWriteBody(request, this.options.bodyLimit ?? context.settings.bodyLimit);
    if (!isFormContentType(request.headers["content-type"])) return reading;
    return reading.then((body) =>
      typeof body === "object" && body !== null
        ? formValues(body as Record<string, unknown>, requestFields(this.options.model, plan))
        : body,
    );
  }

  async create(context: ViewContext): Promise<ApiResponse> {
    const { request } = context;
    const { model } = this.options;
    const plan = this.getFieldPlan();
    const body = await this.readBody(context, plan);
    const maxItems = bulkCreateLimit(this.options.bulkCreate);
    if (Array.isArray(body) && maxItems !== undefined) {
      const queryset = this.getQueryset(request) as WriteQueryset<Row>;
      // Each row as a single create shows it: related and computed fields loaded (one query per target).
      const serialize = (rows: readonly Row[]) => this.serializeRows(context, rows, plan);
      const check = (item: Record<string, unknown>) => this.checkReferences(context, item, plan);
      return bulkCreate(context, body, {
        model,
        plan,
        maxItems,
        queryset,
        serialize,
        check,
        reject: this.rejectsUnknown,
      });
    }
    // Steps with nothing to wait for are taken at once: each promise followed is a turn of the
    // microtask queue (finding 24 in BENCHMARKS.md).
    const validating = this.validate(context, body, plan, "create");
    const data = validating instanceof Promise ? await validating : validating;
    const checkingReferences = this.checkReferences(context, data, plan);
    if (checkingReferences) await checkingReferences;
    const cleaned = cleaning(model, data, { action: "create" });
    if (cleaned) await cleaned;
    // The drizzle manager's row on SQLite is there at once (`settledWith`): taken without a turn.
    const creating = this.getQueryset(request).create!(context, data);
    const stored = settledValue(creating);
    const created = stored === UNSETTLED ? await creating : stored;
    const id = String((created as Record<string, unknown>)[model.primaryKey]);
    const listPath = request.path.endsWith("/") ? request.path : `${request.path}/`;
    const objects = this.responseObjects(context, [created], plan);
    const [out] = objects instanceof Promise ? await objects : objects;
    return sendJSON(201, out, { Location: `${request.origin}${listPath}${id}` });
  }

  /**
   * The rows a write points at, before it is written: each writable related field's target row
   * exists, and each foreign key names a row its target's manager shows this request (a hidden
   * row is answered as a missing one). Undefined when there is nothing to look up.
   */
  private checkReferences(
    context: ViewContext,
    data: Record<string, unknown>,
    plan: FieldPlan,
  ): Promise<void> | undefined {
    const related = checkRelatedExist(context, data, plan);
    const keys = checkForeignKeysVisible(context, data, this.options.model, context.settings.foreignKeyTarget);
    if (!related) return keys;
    return keys ? Promise.all([related, keys]).then(() => undefined) : related;
  }

  /** What a foreign key to this viewset's model is checked against (see `ViewSettings.foreignKeyTarget`). */
  foreignKeyTarget(): ForeignKeyTarget {
    return {
      model: this.options.model,
      hidesRows: (request) =>
        this.getQueryset !== BaseViewSet.prototype.getQueryset || this.getQueryset(request).scoped === true,
      queryset: (request) => this.getQueryset(request) as ReadQueryset<object>,
    };
  }

  private get rejectsUnknown(): boolean {
    return this.options.rejectUnknownRequestFields === true;
  }

  /** A body validated for one write, in the router's words. */
  private validate(context: ViewContext, body: unknown, plan: FieldPlan, mode: WriteMode) {
    return validatedBody(body, this.options.model, plan, mode, this.rejectsUnknown, context.settings.messages);
  }

  async retrieve(context: ViewContext, id: number | bigint): Promise<ApiResponse> {
    return this.retrieveNow(context, id);
  }

  /**
   * `retrieve`, answered at once where nothing has to be waited for: the manager's row is already
   * there (`settledWith`, as the drizzle manager's on SQLite), no permission checks objects and no
   * field loads anything. Each promise followed costs a turn of the microtask queue, and an
   * adapter that gets a response (not a promise) writes it in the same turn (BENCHMARKS.md,
   * finding 15).
   */
  private retrieveNow(context: ViewContext, id: number | bigint): ApiResponse | Promise<ApiResponse> {
    const plan = this.getFieldPlan();
    const shown = sparseFieldPlan(plan, context.params);
    const sparse = shown !== plan;
    // The whole row: object permissions and overrides of getObject see every field. The base
    // class's own getObject runs inline: one async function fewer per request, a measured cost.
    if (this.getObject !== BaseViewSet.prototype.getObject) {
      return Promise.resolve(this.getObject(context, id)).then((obj) => this.retrieved(context, obj, shown, sparse));
    }
    const loading = this.getQueryset(context.request).get(context, id);
    const loaded = settledValue(loading);
    if (loaded === UNSETTLED) {
      return Promise.resolve(loading).then((obj) => this.retrievedChecked(context, obj, shown, sparse));
    }
    return this.retrievedChecked(context, loaded, shown, sparse);
  }

  /** The retrieve's answer for the row the manager found (or did not: 404), past object permissions. */
  private retrievedChecked(
    context: ViewContext,
    found: Row | null | undefined,
    shown: FieldPlan,
    sparse: boolean,
  ): ApiResponse | Promise<ApiResponse> {
    const obj = this.checkedObject(context, found);
    return obj instanceof Promise
      ? obj.then((row) => this.retrieved(context, row, shown, sparse))
      : this.retrieved(context, obj, shown, sparse);
  }

  /** The retrieve's answer for an object it may show. */
  private retrieved(
    context: ViewContext,
    obj: Row,
    shown: FieldPlan,
    sparse: boolean,
  ): ApiResponse | Promise<ApiResponse> {
    const objects = this.responseObjects(context, [obj], shown);
    return objects instanceof Promise
      ? objects.then((out) => sparseLabelled(taggedJSON(context.request, 200, out[0]), sparse))
      : sparseLabelled(taggedJSON(context.request, 200, objects[0]), sparse);
  }

  async update(context: ViewContext, id: number | bigint): Promise<ApiResponse> {
    return this.write(context, id, "update");
  }

  async partialUpdate(context: ViewContext, id: number | bigint): Promise<ApiResponse> {
    return this.write(context, id, "partial");
  }

  async destroy(context: ViewContext, id: number | bigint): Promise<ApiResponse> {
    const obj = await this.getObject(context, id);
    await checkIfMatch(context.request, async () => (await this.serializeRows(context, [obj], this.getFieldPlan()))[0]);
    await this.getQueryset(context.request).delete!(context, obj);
    return noContent();
  }

  private async write(context: ViewContext, id: number | bigint, mode: "update" | "partial"): Promise<ApiResponse> {
    const { model } = this.options;
    const plan = this.getFieldPlan();
    // The body is read and validated before the object is loaded: bad input never reaches the manager.
    const body = await this.readBody(context, plan);
    const validating = this.validate(context, body, plan, mode);
    const data = validating instanceof Promise ? await validating : validating;
    const obj = await this.getObject(context, id);
    // The tag is of the record as a retrieve shows it, before this write changes it.
    await checkIfMatch(context.request, async () => (await this.serializeRows(context, [obj], plan))[0]);
    const checkingReferences = this.checkReferences(context, data, plan);
    if (checkingReferences) await checkingReferences;
    // clean sees (and may change) the object as it would be saved; obj stays as stored until it passes.
    const merged = { ...obj, ...data } as Row;
    const cleaned = cleaning(model, merged, {
      action: mode === "update" ? "update" : "partial_update",
      instance: obj,
    });
    if (cleaned) await cleaned;
    Object.assign(obj, merged);
    const updated = await this.getQueryset(context.request).update!(context, obj);
    const objects = this.responseObjects(context, [updated ?? obj], plan);
    const [out] = objects instanceof Promise ? await objects : objects;
    return taggedJSON(context.request, 200, out);
  }

  // ---- dispatch: authentication, permissions, throttles, then the handler ----------------

  /** The route's answer: a response at once where nothing was waited for (see `retrieveNow`), a promise otherwise. */
  handle(route: ViewRoute, request: ApiRequest, settings: ViewSettings): Promise<ApiResponse> | ApiResponse {
    // Negotiated before any check, as DRF does: a 406 costs no throttle slot.
    if (!acceptsJSON(request.headers.accept)) return errorResponse(new NotAcceptable());
    const readOnly = this.options.readOnly === true;
    if (request.method === "OPTIONS") {
      const plan = this.getFieldPlan();
      if (readOnly) return viewsetOptions(route.kind, true, this.options.model, plan, false);
      const view: ViewInfo = { resource: route.resource, action: "metadata", readOnly };
      const context = ViewContext.for(request, settings, view, true);
      return authenticatedOnly(this.options, context, async () =>
        viewsetOptions(route.kind, false, this.options.model, plan, await this.mayWrite(context, route)),
      );
    }
    const standard = standardRoute(route.kind, request.method);
    const view: ViewInfo = {
      resource: route.resource,
      action: standard?.action ?? nearestAction(route.kind, request.method),
      readOnly,
    };
    const context = ViewContext.for(request, settings, view, standard?.readOnly === true);
    return guarded(this.options, context, () => {
      if (standard === undefined || (readOnly && !standard.readOnly)) {
        throw new MethodNotAllowed(request.method, allowedMethods(route.kind, readOnly));
      }
      const run = () => {
        if (route.kind === "list") return (this[standard.handler] as ListHandler).call(this, context);
        // The class's own retrieve without its async wrapper: an answer at once where it can be.
        if (standard.handler === "retrieve" && this.retrieve === BaseViewSet.prototype.retrieve) {
          return this.retrieveNow(context, route.id);
        }
        return (this[standard.handler] as DetailHandler).call(this, context, route.id);
      };
      if (standard.readOnly || !this.runsAtomically(request, standard.action)) return run();
      return runAtomic(this.getQueryset(request), context, () => Promise.resolve(run()));
    });
  }

  /**
   * Whether a write runs in one transaction: every write with `atomic`, and a write of one object
   * that checks `If-Match` wherever the queryset can open one. There the object is loaded locked
   * (`RequestContext.forUpdate`), so the tag checked is of the row the write changes: two writes
   * sent with the same tag make one 200 and one 412, never two 200s.
   */
  private runsAtomically(request: ApiRequest, action: ViewAction): boolean {
    if (this.options.atomic === true) return true;
    if (request.headers["if-match"] === undefined || action === "create") return false;
    return typeof (this.getQueryset(request) as MaybeAtomic).atomic === "function";
  }

  /**
   * Whether the request may make the write OPTIONS describes, as DRF's SimpleMetadata asks: the
   * request-level permissions of a POST (create) or a PUT (update) of the same request, and for a
   * PUT the object loaded with its object permissions. A refusal (401, 403) or a 404 answers
   * false; any other error (a database outage's 503) is the OPTIONS' own answer.
   */
  private async mayWrite(context: ViewContext, route: ViewRoute): Promise<boolean> {
    const write = describedWrite(route.kind);
    const request = withMethod(context.request, write.method);
    const view: ViewInfo = { resource: route.resource, action: write.action, readOnly: false };
    const as = ViewContext.for(request, context.settings, view, true);
    try {
      if (!(await permits(this.options, as))) return false;
      if (route.kind === "detail") await this.getObject(as, route.id);
      return true;
    } catch (error) {
      if (error instanceof ApiError && REFUSALS.has(error.status)) return false;
      throw error;
    }
  }

  /** A custom action's handler behind this viewset's checks (`checks: true` on the action). */
  checkAction(
    resource: string,
    name: string,
    request: ApiRequest,
    settings: ViewSettings,
    run: () => Promise<ApiResponse> | ApiResponse,
  ): Promise<ApiResponse> {
    const view: ViewInfo = { resource, action: name, readOnly: this.options.readOnly === true };
    return Promise.resolve(guarded(this.options, ViewContext.for(request, settings, view), run));
  }
}

/**
 * A list or retrieve narrowed by `?fields=` or `?omit=` under its own media type (`SPARSE_MEDIA_TYPE`):
 * the document describes it apart from the full answer, whose every field a client can count on.
 */
function sparseLabelled(response: ApiResponse, sparse: boolean): ApiResponse {
  if (sparse && response.status === 200) response.headers["Content-Type"] = SPARSE_CONTENT_TYPE;
  return response;
}

const SPARSE_CONTENT_TYPE = `${SPARSE_MEDIA_TYPE}; charset=utf-8`;

type ListHandler = (context: ViewContext) => Promise<ApiResponse>;
type DetailHandler = (context: ViewContext, id: number | bigint) => Promise<ApiResponse>;

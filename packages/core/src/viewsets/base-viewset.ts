import type { Authenticator } from "../auth/authentication.js";
import type { Permission, ViewAction, ViewInfo } from "../auth/permissions.js";
import { readJSONBody } from "../http/body.js";
import { ApiError, type ConfigurationError, MethodNotAllowed, NotAuthenticated, NotFound, PermissionDenied } from "../http/errors.js";
import { errorResponse } from "../http/problem.js";
import { type ApiRequest, type ApiResponse, type RequestContext, contextOf, parseQuery } from "../http/request.js";
import { noContent, sendJSON } from "../http/respond.js";
import type { Model } from "../models/define-model.js";
import type { Manager, PipelineManager, QuerySet, ReadManager } from "../query/manager.js";
import { buildFilters } from "../query/filters.js";
import { memoryQuerySet } from "../query/memory-queryset.js";
import { resolveOrdering } from "../query/ordering.js";
import { pageNumberPagination } from "../query/pagination.js";
import type { Paginator } from "../query/paginator.js";
import { buildSearch } from "../query/search.js";
import type { SerializerFactory } from "../serializers/base-serializer.js";
import { projectRow } from "../serializers/serialize.js";
import { checkThrottles } from "../throttling/check.js";
import { clientIp, userIdOf } from "../throttling/client-ip.js";
import type { Throttle } from "../throttling/throttle.js";
import { checkViewSetConfiguration } from "../checks/check-configuration.js";
import { type FieldPlan, fieldPlan } from "./field-plan.js";
import { cleanObject, validateBody } from "./validate.js";
import type { ViewRoute, ViewSet, ViewSettings } from "./viewset.js";

/** A field name of the row type: typos fail to compile. */
export type FieldName<Row> = keyof Row & string;
/** An ordering term: a field name, with a leading minus for descending. */
export type OrderingTerm<Row> = FieldName<Row> | `-${FieldName<Row>}`;

export interface ViewSetCommonOptions<Row extends object> {
  /** Required: returns the serializer for each request. */
  serializer: SerializerFactory;
  model: Model<Row>;
  /** Fields removed from responses (`nonSerializableFields(model)` is a suitable list). */
  excludeResponseFields?: readonly FieldName<Row>[];
  /** Fields requests may not set (`nonEditableFields(model)` is a suitable list). */
  readOnlyRequestFields?: readonly FieldName<Row>[];
  /** When true, a body with an unknown key is a 400 naming each one. */
  rejectUnknownRequestFields?: boolean;
  throttles?: readonly Throttle[];
  authentication?: readonly Authenticator[];
  permissions?: readonly Permission[];
  /** Narrows the filterable fields (default: every serialized field). */
  filterFields?: readonly FieldName<Row>[];
  /** Narrows the orderable fields (default: every serialized field). */
  orderingFields?: readonly FieldName<Row>[];
  /** Fields `?search=` looks in (icontains). */
  searchFields?: readonly FieldName<Row>[];
  /** The default order (the primary key always ends it). */
  ordering?: readonly OrderingTerm<Row>[];
  pageSize?: number;
  maxPageSize?: number;
  /** Page-number pagination by default. */
  pagination?: Paginator;
  /** Largest request body in bytes (1 MiB by default). */
  bodyLimit?: number;
}

/** The queryset a read-only viewset needs: count, all and get, with the optional list pipeline. */
export type ReadQueryset<Row> = ReadManager<Row> & PipelineManager<Row>;
/** The queryset a writable viewset needs: also create, update and delete. */
export type WriteQueryset<Row> = Manager<Row> & PipelineManager<Row>;

export type ViewSetOptions<Row extends object> =
  | (ViewSetCommonOptions<Row> & { readOnly: true; queryset: ReadQueryset<Row> })
  | (ViewSetCommonOptions<Row> & { readOnly?: boolean; queryset: WriteQueryset<Row> });

/** The options as the viewset reads them at request time (any shape may have been set later). */
type AnyOptions<Row extends object> = ViewSetCommonOptions<Row> & {
  readOnly?: boolean;
  queryset: ReadQueryset<Row> & Partial<Manager<Row>>;
};

const WRITE_ACTIONS: ReadonlySet<ViewAction> = new Set(["create", "update", "partial_update", "destroy"]);
const LIST_METHODS: Readonly<Record<string, ViewAction>> = { GET: "list", POST: "create" };
const DETAIL_METHODS: Readonly<Record<string, ViewAction>> = {
  GET: "retrieve",
  PUT: "update",
  PATCH: "partial_update",
  DELETE: "destroy",
};
const defaultPaginator = pageNumberPagination();

function actionOf(route: ViewRoute, method: string): ViewAction | undefined {
  return (route.kind === "list" ? LIST_METHODS : DETAIL_METHODS)[method];
}

/** The action a permission sees for a method the route does not serve. */
function nearestAction(route: ViewRoute, method: string): ViewAction {
  if (route.kind === "list") return method === "GET" || method === "HEAD" ? "list" : "create";
  return method === "GET" || method === "HEAD" ? "retrieve" : "destroy";
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
 * A viewset: list, create, retrieve, update, partial update and destroy for one model.
 * Each handler is a method a subclass may override; `getQueryset(request)` scopes every route.
 */
export class BaseViewSet<Row extends object> implements ViewSet {
  /** Mutable: a change made after `register` is checked again when the router is mounted. */
  options: AnyOptions<Row>;

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
    return fieldPlan(this.options.model, this.options.serializer(), this.options);
  }

  /** Loads the object of a detail route: 404 when absent, then object-level permissions. */
  async getObject(request: ApiRequest, id: number | bigint, settings: ViewSettings): Promise<Row> {
    const obj = await this.getQueryset(request).get(contextOf(request), id);
    if (obj === null || obj === undefined) throw new NotFound();
    if (request.view) await this.checkObjectPermissions(request, request.view, obj, settings);
    return obj;
  }

  serialize(row: Row, plan: FieldPlan): Record<string, unknown> {
    return projectRow(row, plan.response);
  }

  // ---- the six handlers --------------------------------------------------------------------

  async list(request: ApiRequest, settings: ViewSettings): Promise<ApiResponse> {
    const { model } = this.options;
    const plan = this.getFieldPlan();
    const params = parseQuery(request.rawQuery);
    const manager = this.getQueryset(request);
    let queryset: QuerySet<Row> = hasPipeline<Row>(manager)
      ? manager
      : typeof manager.querySet === "function"
        ? manager.querySet()
        : memoryQuerySet((ctx) => manager.all(ctx));
    const filter = buildFilters(params, model.fields, plan.filterable);
    if (filter) queryset = queryset.filter(filter);
    const search = buildSearch(params.get("search"), plan.searchable);
    if (search) queryset = queryset.filter(search);
    const ordering = resolveOrdering(params.get("ordering"), plan.orderable, this.options.ordering ?? [], model.primaryKey);
    const page = await (this.options.pagination ?? defaultPaginator).paginate({
      request,
      ctx: contextOf(request),
      params,
      queryset,
      ordering,
      fields: model.fields,
      primaryKey: model.primaryKey,
      pageSize: this.options.pageSize ?? settings.pageSize,
      maxPageSize: this.options.maxPageSize ?? settings.maxPageSize,
    });
    return sendJSON(200, page.envelope(page.rows.map((row) => this.serialize(row, plan))));
  }

  async create(request: ApiRequest, settings: ViewSettings): Promise<ApiResponse> {
    const { model } = this.options;
    const plan = this.getFieldPlan();
    const body = await readJSONBody(request, this.options.bodyLimit ?? settings.bodyLimit);
    const data = await validateBody(body, model, plan, "create", this.options.rejectUnknownRequestFields === true);
    await cleanObject(model, data);
    const created = await this.getQueryset(request).create!(contextOf(request), data);
    const id = String((created as Record<string, unknown>)[model.primaryKey]);
    const listPath = request.path.endsWith("/") ? request.path : `${request.path}/`;
    return sendJSON(201, this.serialize(created, plan), { Location: `${request.origin}${listPath}${id}` });
  }

  async retrieve(request: ApiRequest, id: number | bigint, settings: ViewSettings): Promise<ApiResponse> {
    const obj = await this.getObject(request, id, settings);
    return sendJSON(200, this.serialize(obj, this.getFieldPlan()));
  }

  async update(request: ApiRequest, id: number | bigint, settings: ViewSettings): Promise<ApiResponse> {
    return this.write(request, id, settings, "update");
  }

  async partialUpdate(request: ApiRequest, id: number | bigint, settings: ViewSettings): Promise<ApiResponse> {
    return this.write(request, id, settings, "partial");
  }

  async destroy(request: ApiRequest, id: number | bigint, settings: ViewSettings): Promise<ApiResponse> {
    const obj = await this.getObject(request, id, settings);
    await this.getQueryset(request).delete!(contextOf(request), obj);
    return noContent();
  }

  private async write(
    request: ApiRequest,
    id: number | bigint,
    settings: ViewSettings,
    mode: "update" | "partial",
  ): Promise<ApiResponse> {
    const { model } = this.options;
    const plan = this.getFieldPlan();
    // The body is read and validated before the object is loaded: bad input never reaches the manager.
    const body = await readJSONBody(request, this.options.bodyLimit ?? settings.bodyLimit);
    const data = await validateBody(body, model, plan, mode, this.options.rejectUnknownRequestFields === true);
    const obj = await this.getObject(request, id, settings);
    await cleanObject(model, { ...obj, ...data });
    Object.assign(obj, data);
    const updated = await this.getQueryset(request).update!(contextOf(request), obj);
    return sendJSON(200, this.serialize(updated ?? obj, plan));
  }

  // ---- dispatch: authentication, permissions, throttles, then the handler ----------------

  async handle(route: ViewRoute, request: ApiRequest, settings: ViewSettings): Promise<ApiResponse> {
    const action = actionOf(route, request.method);
    const view: ViewInfo = {
      resource: route.resource,
      action: action ?? nearestAction(route, request.method),
      readOnly: this.options.readOnly === true,
    };
    return this.guarded(view, request, settings, () => {
      if (action === undefined || (view.readOnly && WRITE_ACTIONS.has(action))) {
        const allow = view.readOnly ? ["GET"] : route.kind === "list" ? ["GET", "POST"] : ["GET", "PUT", "PATCH", "DELETE"];
        throw new MethodNotAllowed(request.method, allow);
      }
      return this.dispatch(action, route, request, settings);
    });
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
    return this.guarded(view, request, settings, run);
  }

  /** Checks, then `run`; every error becomes its problem response, RateLimit headers kept. */
  private async guarded(
    view: ViewInfo,
    request: ApiRequest,
    settings: ViewSettings,
    run: () => Promise<ApiResponse> | ApiResponse,
  ): Promise<ApiResponse> {
    request.view = view;
    let rateHeaders: Record<string, string> = {};
    try {
      rateHeaders = await this.initial(request, view, settings);
      const response = await run();
      Object.assign(response.headers, rateHeaders);
      return response;
    } catch (error) {
      const response = errorResponse(this.challenge(error, request, this.options.authentication ?? settings.authentication));
      if (!(error instanceof ApiError)) settings.onError(error, request);
      if (response.status !== 429) Object.assign(response.headers, rateHeaders);
      return response;
    }
  }

  private dispatch(action: ViewAction, route: ViewRoute, request: ApiRequest, settings: ViewSettings): Promise<ApiResponse> {
    const id = route.kind === "detail" ? route.id : 0;
    switch (action) {
      case "list":
        return this.list(request, settings);
      case "create":
        return this.create(request, settings);
      case "retrieve":
        return this.retrieve(request, id, settings);
      case "update":
        return this.update(request, id, settings);
      case "partial_update":
        return this.partialUpdate(request, id, settings);
      case "destroy":
        return this.destroy(request, id, settings);
    }
  }

  /** Authentication, then permissions, then throttles (spec 5); returns the RateLimit headers. */
  async initial(request: ApiRequest, view: ViewInfo, settings: ViewSettings): Promise<Record<string, string>> {
    const authenticators = this.options.authentication ?? settings.authentication;
    for (const authenticator of authenticators) {
      const result = await authenticator.authenticate(request);
      if (result) {
        request.user = result.user;
        request.auth = result.auth;
        break;
      }
    }
    for (const permission of this.options.permissions ?? settings.permissions) {
      if (permission.hasPermission && !(await permission.hasPermission(request, view))) {
        this.deny(request, permission);
      }
    }
    const throttles = this.options.throttles ?? settings.throttles;
    if (throttles.length === 0) return {};
    const ip = clientIp(request, settings.trustedProxies);
    return checkThrottles(throttles, { request, ip, user: request.user, userId: userIdOf(request.user) });
  }

  private async checkObjectPermissions(request: ApiRequest, view: ViewInfo, obj: Row, settings: ViewSettings): Promise<void> {
    for (const permission of this.options.permissions ?? settings.permissions) {
      if (permission.hasObjectPermission && !(await permission.hasObjectPermission(request, view, obj))) {
        this.deny(request, permission);
      }
    }
  }

  private deny(request: ApiRequest, permission: Permission): never {
    if (request.user === undefined || request.user === null) throw new NotAuthenticated();
    throw new PermissionDenied(permission.message);
  }

  /** A 401 carries the first authenticator's challenge; without one it becomes 403 (as DRF). */
  private challenge(error: unknown, request: ApiRequest, authenticators: readonly Authenticator[]): unknown {
    if (!(error instanceof ApiError) || error.status !== 401 || error.headers["WWW-Authenticate"]) return error;
    const challenge = authenticators[0]?.challenge?.(request);
    if (challenge) return new ApiError(401, error.message, { ...error.headers, "WWW-Authenticate": challenge });
    return new PermissionDenied(error.message);
  }
}

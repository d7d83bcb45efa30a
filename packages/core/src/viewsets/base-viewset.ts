/** `BaseViewSet`: DRF's ModelViewSet, the hooks and handlers behind one dispatch of guards. */
import { checkViewSetConfiguration } from "../checks/check-configuration.js";
import { ApiError, type ConfigurationError, MethodNotAllowed, NotAcceptable } from "../http/errors.js";
import { acceptsJSON } from "../http/negotiation.js";
import { errorResponse } from "../http/problem.js";
import { type ApiRequest, type ApiResponse, withMethod } from "../http/request.js";
import { type MaybeAtomic, runAtomic } from "./atomic.js";
import { authenticatedOnly, guarded, permits } from "./guard.js";
import { describedWrite, viewsetOptions } from "./metadata.js";
import { allowedMethods, type RouteKind, standardRoute } from "../http/standard-routes.js";
import { ViewContext } from "./view-context.js";
import type { ViewAction, ViewInfo } from "../http/view-info.js";
import type { ViewRoute, ViewSet, ViewSettings } from "./viewset.js";
import { ViewSetHandlers } from "./viewset-handlers.js";
import type { AnyOptions, ReadQueryset, ViewSetOptions } from "./viewset-options.js";
import type { Manager } from "../query/manager.js";
import type { NoRelations } from "../query/relations.js";

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
export class BaseViewSet<
    Row extends object,
    Queryset extends ReadQueryset<Row> = ReadQueryset<Row> & Partial<Manager<Row>>,
    Rel = NoRelations,
  >
  extends ViewSetHandlers<Row, Rel>
  implements ViewSet
{
  /**
   * The options, with the queryset as its type was given: `new BaseViewSet({ queryset: manager })`
   * and `modelViewSet` keep the manager's own operations (`options.queryset.update` of a
   * writable manager is no `| undefined`); a read-only manager's has none.
   */
  declare options: Omit<AnyOptions<Row, Rel>, "queryset"> & { queryset: Queryset };

  constructor(options: ViewSetOptions<Row, Rel> & { readonly queryset: Queryset }) {
    super(options);
  }

  checkConfiguration(resource?: string): ConfigurationError | null {
    return checkViewSetConfiguration(resource ?? this.options?.model?.name?.toLowerCase() ?? "?", this);
  }

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
        if (standard.handler === "retrieve" && this.retrieve === ViewSetHandlers.prototype.retrieve) {
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

type ListHandler = (context: ViewContext) => Promise<ApiResponse>;
type DetailHandler = (context: ViewContext, id: number | bigint) => Promise<ApiResponse>;

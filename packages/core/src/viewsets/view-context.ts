/** `ViewContext`: what one request's handlers share, built once (request, user, settings, view). */
import { type ApiRequest, queryParamsOf, type RequestContext, requestAborted, signalOf } from "../http/request.js";
import type { QueryParams } from "../query/list-query.js";
import type { ViewInfo } from "../http/view-info.js";
import type { ViewSettings } from "./viewset.js";

import { objectSlot } from "../http/slot.js";
import { resolveSettings } from "./settings.js";

const WRITES_OF_AN_OBJECT: ReadonlySet<string> = new Set(["update", "partial_update", "destroy"]);

const contexts = objectSlot<ApiRequest, ViewContext>("viewsets.context");
let defaultSettings: ViewSettings | undefined;

/**
 * Everything one request to a viewset carries, built once when the viewset takes the request:
 * the request, its user (once authentication has run), the router's settings and the view. It is
 * also the context every manager method receives, so a manager sees the same object throughout.
 */
export class ViewContext implements RequestContext {
  constructor(
    readonly request: ApiRequest,
    readonly settings: ViewSettings,
    readonly view: ViewInfo,
    /** The standard list and retrieve routes only read (see `RequestContext.readsOnly`). */
    readonly readsOnly = false,
  ) {}

  /** The standard writes of one object load it to change it (see `RequestContext.forUpdate`). */
  get forUpdate(): boolean {
    return WRITES_OF_AN_OBJECT.has(this.view.action);
  }

  /** The request's signal, made when first read (see `ApiRequest.signal`). */
  get signal(): AbortSignal {
    return signalOf(this.request);
  }

  aborted(): boolean {
    return requestAborted(this.request);
  }

  get user(): unknown {
    return this.request.user;
  }

  /** Builds the context of a request a viewset takes; `ViewContext.of(request)` finds it again. */
  static for(request: ApiRequest, settings: ViewSettings, view: ViewInfo, readsOnly = false): ViewContext {
    const context = new ViewContext(request, settings, view, readsOnly);
    contexts.set(request, context);
    return context;
  }

  /**
   * The context a viewset built for this request; outside a viewset (a script, the admin), a list
   * context with the default settings.
   */
  static of(request: ApiRequest): ViewContext {
    const context = contexts.get(request);
    if (context) return context;
    defaultSettings ??= resolveSettings();
    return ViewContext.for(request, defaultSettings, { resource: "", action: "list", readOnly: true });
  }

  /** The query parameters, parsed once. */
  get params(): QueryParams {
    return queryParamsOf(this.request);
  }
}

/** `ViewSetConfig`: viewset options as mutable fields, building a `BaseViewSet` on each use. */
import type { ConfigurationError } from "../http/errors.js";
import type { ApiRequest, ApiResponse } from "../http/request.js";
import type { Manager } from "../query/manager.js";
import type { NoRelations } from "../query/relations.js";
import { checkViewSetConfiguration } from "../checks/check-configuration.js";
import { BaseViewSet } from "./base-viewset.js";
import type { ReadQueryset, ViewSetCommonOptions, ViewSetOptions } from "./viewset-options.js";
import type { ViewRoute, ViewSet, ViewSettings } from "./viewset.js";

// The config carries every option as a field of its own (`config.readOnly = true`).
export interface ViewSetConfig<Row extends object, Rel = NoRelations> extends ViewSetCommonOptions<Row, Rel> {}

/**
 * A mutable configuration that builds a viewset on each use, never cached: a field set after
 * `register` still applies (and is checked again by `registerRoutes`).
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface declares the options the constructor assigns.
export class ViewSetConfig<Row extends object, Rel = NoRelations> implements ViewSet {
  readOnly?: boolean;
  queryset!: ReadQueryset<Row> & Partial<Manager<Row>>;

  constructor(options: ViewSetOptions<Row, Rel>) {
    Object.assign(this, options);
  }

  /** The options as they are now (what the configuration check reads). */
  get options(): ViewSetCommonOptions<Row, Rel> & { readOnly?: boolean; queryset: unknown } {
    return { ...this };
  }

  /** The viewset these fields describe now. */
  build(): BaseViewSet<Row, ReadQueryset<Row> & Partial<Manager<Row>>, Rel> {
    return new BaseViewSet<Row, ReadQueryset<Row> & Partial<Manager<Row>>, Rel>({ ...this } as ViewSetOptions<
      Row,
      Rel
    > & {
      queryset: ReadQueryset<Row> & Partial<Manager<Row>>;
    });
  }

  handle(route: ViewRoute, request: ApiRequest, settings: ViewSettings): Promise<ApiResponse> | ApiResponse {
    return this.build().handle(route, request, settings);
  }

  checkAction(
    resource: string,
    name: string,
    request: ApiRequest,
    settings: ViewSettings,
    run: () => Promise<ApiResponse> | ApiResponse,
  ): Promise<ApiResponse> {
    return this.build().checkAction(resource, name, request, settings, run);
  }

  checkConfiguration(resource?: string): ConfigurationError | null {
    return checkViewSetConfiguration(resource ?? this.model?.name?.toLowerCase() ?? "?", this);
  }
}

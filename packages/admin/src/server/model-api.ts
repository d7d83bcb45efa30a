/** ADMIN.md's routes of one registered model's data: its rows, its facets and its foreign keys' lookups. */
import {
  type ApiRequest,
  type ApiResponse,
  type FieldDef,
  MethodNotAllowed,
  NotFound,
  sendJSON,
  type ViewSettings,
} from "@viewsets/core";
import { queryParamsOf, ViewContext } from "@viewsets/core/internals";
import { type SelectionRouteOptions, serveAction, serveDeletePreview } from "./bulk-actions.js";
import { type ExportOptions, serveExport } from "./export.js";
import { facetOfField, facetsOf } from "./facets.js";
import { type HistoryRecorder, loggedRows, serveHistory } from "./history.js";
import { lookupOf } from "./lookup.js";
import type { AdminModel } from "./models.js";
import type { ModelPermissions } from "./principal.js";
import { type AdminViewSet, serveRows } from "./rows.js";

/** What the admin lends these routes. */
export interface ModelDataOptions {
  readonly settings: ViewSettings;
  readonly now: () => Date;
  /** The registered model a foreign key points at. */
  readonly targetOf: (field: FieldDef) => AdminViewSet<object> | undefined;
  /** What the user may do with this model: a write they may not make is 403. */
  readonly may: ModelPermissions;
  /** The selection routes' view of the admin (other models, their permissions, the body limit). */
  readonly selection: Omit<SelectionRouteOptions, "may" | "now" | "history">;
  /** Where writes are logged, and as whom. */
  readonly history: HistoryRecorder;
  /** The export's throttle and who is counted. */
  readonly export: Omit<ExportOptions, "now" | "targetOf">;
}

/** The context facets and lookups read a model's rows with (the rows route builds its own). */
function readContext(request: ApiRequest, settings: ViewSettings, resource: string): ViewContext {
  return ViewContext.for(request, settings, { resource, action: "list", readOnly: true });
}

/**
 * `models/{model}/rows/[{id}]`, `models/{model}/facets[/{field}]`, `models/{model}/lookup/{field}`,
 * the selection's `models/{model}/delete-preview` and `models/{model}/actions/{action}`,
 * `models/{model}/export` and `models/{model}/history`.
 */
export async function serveModelData(
  entry: AdminModel,
  route: string | undefined,
  rest: string | undefined,
  request: ApiRequest,
  options: ModelDataOptions,
): Promise<ApiResponse> {
  const { settings, targetOf } = options;
  switch (route) {
    case "export":
      if (rest !== undefined) throw new NotFound();
      return serveExport(entry, request, { ...options.export, now: options.now, targetOf });
    case "delete-preview":
      if (rest !== undefined) throw new NotFound();
      return serveDeletePreview(entry, request, {
        ...options.selection,
        may: options.may,
        now: options.now,
        history: options.history,
      });
    case "actions":
      if (rest === undefined) throw new NotFound();
      return serveAction(entry, rest, request, {
        ...options.selection,
        may: options.may,
        now: options.now,
        history: options.history,
      });
    case "rows":
      return loggedRows(entry, rest, request, options.history, () =>
        serveRows(entry.viewset, entry.name, rest, request, settings, options.may),
      );
    case "history":
      if (rest !== undefined) throw new NotFound();
      return serveHistory(entry, request, options.history.store);
    case "facets": {
      if (request.method !== "GET") throw new MethodNotAllowed(request.method, ["GET"]);
      const input = {
        viewset: entry.viewset,
        params: queryParamsOf(request),
        ctx: readContext(request, settings, entry.name),
        now: options.now(),
        target: targetOf,
        onError: (error: unknown) => settings.onError(error, request),
      };
      if (rest !== undefined) return sendJSON(200, await facetOfField(input, rest));
      return sendJSON(200, { facets: await facetsOf(input) });
    }
    case "lookup":
      if (rest === undefined) throw new NotFound();
      if (request.method !== "GET") throw new MethodNotAllowed(request.method, ["GET"]);
      return sendJSON(
        200,
        await lookupOf(
          entry.viewset,
          rest,
          queryParamsOf(request),
          readContext(request, settings, entry.name),
          targetOf,
        ),
      );
    default:
      throw new NotFound();
  }
}

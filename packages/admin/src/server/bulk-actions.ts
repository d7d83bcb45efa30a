/**
 * The routes of the admin's daily work on a selection: `delete-preview` and `actions/{action}`
 * (Django's `Action:` select and Go). Each checks the user's model permissions first, reads the
 * selection through the model's manager, and writes in one transaction or not at all.
 */
import {
  type ApiRequest,
  type ApiResponse,
  Conflict,
  contextOf,
  type Manager,
  MethodNotAllowed,
  NotFound,
  PermissionDenied,
  type RequestContext,
  sendJSON,
  ValidationError,
  type ValidationMessages,
} from "@viewsets/core";
import { readJSONBody } from "@viewsets/core/internals";
import type { ActionMeta, ActionResult, DeletePreview } from "../shared/actions.js";
import { countOf } from "../shared/words.js";
import { customAction, customActionsOf, runCustomAction } from "./custom-actions.js";
import { deletePreview, type PreviewInput } from "./delete-preview.js";
import { actionEntries, type HistoryRecorder, writeLogged } from "./history.js";
import { humanize, type AdminModel } from "./models.js";
import type { ModelPermissions } from "./principal.js";
import { parseSelection, selectedRows } from "./selection.js";

/** What the admin lends these routes. */
export interface SelectionRouteOptions {
  readonly models: readonly AdminModel[];
  readonly may: ModelPermissions;
  /** What the user may do with another registered model (a cascade's). */
  readonly permissionsOn: (entry: AdminModel) => ModelPermissions;
  readonly now: () => Date;
  readonly bodyLimit: number;
  /** The API's validation messages, for an action's data. */
  readonly messages: ValidationMessages;
  /** Told about a row's failure that is not an ApiError (the row is listed as failed). */
  readonly onError: (error: unknown) => void;
  /** Where each deleted or changed row is logged. */
  readonly history: HistoryRecorder;
}

type Writable = Manager<object>;

function labelOf(entry: AdminModel): string {
  return entry.viewset.config.label ?? humanize(entry.name);
}

/** The manager's writes, with the transaction a bulk write needs. */
function transactional(entry: AdminModel): Writable & Required<Pick<Writable, "atomic">> {
  const manager = entry.viewset.config.queryset as Partial<Writable>;
  if (typeof manager.delete !== "function" || typeof manager.atomic !== "function") {
    throw new PermissionDenied("This model's manager cannot delete rows in one transaction.");
  }
  return manager as Writable & Required<Pick<Writable, "atomic">>;
}

/**
 * The actions the list offers this user on a model: "delete selected" with `delete` and a
 * manager that can, then the app's own (`ModelConfig.actions`) they hold the permission of.
 */
export function actionsOf(entry: AdminModel, may: ModelPermissions): ActionMeta[] {
  const manager = entry.viewset.config.queryset as Partial<Writable>;
  const canDelete = may.delete && typeof manager.delete === "function" && typeof manager.atomic === "function";
  const own = customActionsOf(entry, may);
  return canDelete
    ? [{ name: "delete_selected", label: `Delete selected ${labelOf(entry).toLowerCase()}` }, ...own]
    : own;
}

async function bodyOf(request: ApiRequest, limit: number): Promise<Record<string, unknown>> {
  const body = await readJSONBody(request, limit);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ValidationError('Send a JSON object: { "selection": ... }.');
  }
  return body as Record<string, unknown>;
}

function previewInput(options: SelectionRouteOptions, ctx: RequestContext): PreviewInput {
  return { models: options.models, ctx, mayDelete: (entry) => options.permissionsOn(entry).delete };
}

/** Why a delete cannot go ahead, in a sentence that names what is in the way. */
function refusal(preview: DeletePreview): string {
  const blocking = preview.blocks.map((group) => `${countOf(group.count, group.label)} (${group.field})`);
  if (blocking.length > 0)
    return `Deleting would leave records pointing at nothing: ${blocking.join(", ")} refer to them.`;
  const denied = preview.deletes.filter((group) => group.mayDelete !== true).map((group) => group.label.toLowerCase());
  return `Deleting would also delete ${denied.join(", ")}, which you may not delete.`;
}

/** `POST delete-preview` with `{ selection }`: what deleting it would do (one row's too). Needs `delete`. */
export async function serveDeletePreview(
  entry: AdminModel,
  request: ApiRequest,
  options: SelectionRouteOptions,
): Promise<ApiResponse> {
  if (request.method !== "POST") throw new MethodNotAllowed(request.method, ["POST"]);
  // A read, but of what only someone who may delete needs to know; the manager need not delete in bulk.
  if (!options.may.delete) throw new PermissionDenied();
  const selection = parseSelection((await bodyOf(request, options.bodyLimit)).selection);
  const ctx = contextOf(request);
  const rows = await selectedRows(entry.viewset, selection, ctx, options.now());
  return sendJSON(200, await deletePreview(entry, rows, previewInput(options, ctx)));
}

/** `POST actions/{action}` with `{ selection }`: runs the action over every selected row, or over none. */
export async function serveAction(
  entry: AdminModel,
  name: string | undefined,
  request: ApiRequest,
  options: SelectionRouteOptions,
): Promise<ApiResponse> {
  const own = name === undefined || name === "delete_selected" ? undefined : customAction(entry, name);
  if (name !== "delete_selected" && !own) throw new NotFound();
  if (request.method !== "POST") throw new MethodNotAllowed(request.method, ["POST"]);
  if (!actionsOf(entry, options.may).some((action) => action.name === name)) throw new PermissionDenied();
  const body = await bodyOf(request, options.bodyLimit);
  const selection = parseSelection(body.selection);
  if (own) {
    return runCustomAction(request, {
      entry,
      name: name!,
      action: own,
      may: options.may,
      selection,
      data: body.data,
      now: options.now(),
      messages: options.messages,
      onError: options.onError,
      history: options.history,
    });
  }
  const ctx = contextOf(request);
  const manager = transactional(entry);
  // The rows are read, checked, deleted and logged in one transaction: what the preview said is
  // what is deleted, and each deleted row has its entry.
  const deleted = await writeLogged(entry, request, options.history, async () => {
    const rows = await selectedRows(entry.viewset, selection, ctx, options.now());
    const preview = await deletePreview(entry, rows, previewInput(options, ctx));
    if (preview.blocks.length > 0) throw new Conflict(refusal(preview));
    if (!preview.deletable) throw new PermissionDenied(refusal(preview));
    for (const row of rows) await manager.delete(ctx, row);
    const gone = rows.map((before) => ({ before: before as Record<string, unknown>, after: null }));
    return { result: rows, entries: actionEntries(entry, options.history, "delete", gone) };
  });
  const count = deleted.length;
  const result: ActionResult = {
    action: "delete_selected",
    count,
    message: `Deleted ${countOf(count, labelOf(entry))}.`,
  };
  return sendJSON(200, result);
}

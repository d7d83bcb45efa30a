/**
 * The app's own actions on a model's rows (`ModelConfig.actions`, Django's admin actions): their
 * forms from the request schema, their data validated as the API validates it, and their run
 * over a selection, row by row, each row's failure listed with why.
 */
import {
  ApiError,
  type ApiRequest,
  type ApiResponse,
  contextOf,
  PermissionDenied,
  sendJSON,
  ValidationError,
  type ValidationMessages,
} from "@viewsets/core";
import { issuesToErrors } from "@viewsets/core/internals";
import { toJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import type { ActionFailure, ActionField, ActionMeta, ActionResult, Selection } from "../shared/actions.js";
import { countOf } from "../shared/words.js";
import type { AdminAction } from "./config.js";
import { recordsOf } from "./delete-preview.js";
import { actionEntries, type HistoryRecorder, rowsNow, writeLogged } from "./history.js";
import { humanize, type AdminModel } from "./models.js";
import type { ModelPermissions } from "./principal.js";
import { selectedRows } from "./selection.js";

type Action = AdminAction<object>;

interface JsonProperty {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxLength?: number;
  default?: unknown;
}

function fieldType(property: JsonProperty): ActionField["type"] {
  if (property.enum) return "choice";
  if (property.type === "integer") return "integer";
  if (property.type === "number") return "number";
  if (property.type === "boolean") return "bool";
  return "text";
}

/** The form of an action: one field per property of its object schema, with its bounds. */
export function formOf(action: Action): ActionField[] {
  if (!action.schema) return [];
  const json = toJsonSchema(action.schema, { errorMode: "ignore" }) as {
    properties?: Record<string, JsonProperty>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    label: humanize(name),
    type: fieldType(property),
    required: json.required?.includes(name) ?? false,
    ...(property.minimum !== undefined && { minimum: property.minimum }),
    ...(property.exclusiveMinimum !== undefined && { minimum: property.exclusiveMinimum }),
    ...(property.maximum !== undefined && { maximum: property.maximum }),
    ...(property.exclusiveMaximum !== undefined && { maximum: property.exclusiveMaximum }),
    ...(property.maxLength !== undefined && { maxLength: property.maxLength }),
    ...(property.enum && { choices: property.enum.map(String) }),
    ...(property.default !== undefined && { default: property.default }),
  }));
}

function actionsOfConfig(entry: AdminModel): [string, Action][] {
  return Object.entries((entry.viewset.config.actions ?? {}) as Record<string, Action>);
}

/** The app's actions this user may run: each needs its permission (default `change`). */
export function customActionsOf(entry: AdminModel, may: ModelPermissions): ActionMeta[] {
  return actionsOfConfig(entry)
    .filter(([, action]) => may[action.permission ?? "change"])
    .map(([name, action]) => ({ name, label: action.label, form: formOf(action) }));
}

/** The app's action called `name`, or undefined. */
export function customAction(entry: AdminModel, name: string): Action | undefined {
  return actionsOfConfig(entry).find(([key]) => key === name)?.[1];
}

/** The data checked by the action's schema: a 400 with `errors` per field, as the API's action answers. */
async function dataOf(action: Action, data: unknown, messages: ValidationMessages): Promise<unknown> {
  if (!action.schema) return undefined;
  const input = data === undefined ? {} : data;
  const result = action.schema.async ? await v.safeParseAsync(action.schema, input) : v.safeParse(action.schema, input);
  if (!result.success) throw new ValidationError(issuesToErrors(result.issues, {}, messages));
  return result.output;
}

/** Why one row failed, in words for people (a ValidationError's messages, an ApiError's detail). */
function whyOf(error: unknown): string | null {
  if (error instanceof ValidationError) {
    return Object.values(error.errors)
      .flatMap((messages) => [messages].flat())
      .join(" ");
  }
  return error instanceof ApiError ? error.message : null;
}

export interface CustomActionInput {
  readonly entry: AdminModel;
  readonly name: string;
  readonly action: Action;
  readonly may: ModelPermissions;
  readonly selection: Selection;
  readonly data: unknown;
  readonly now: Date;
  readonly messages: ValidationMessages;
  readonly onError: (error: unknown) => void;
  readonly history: HistoryRecorder;
}

/** Runs the action on every selected row, one after another; 200 with what it did and what failed. */
export async function runCustomAction(request: ApiRequest, input: CustomActionInput): Promise<ApiResponse> {
  const { entry, action } = input;
  if (!input.may[action.permission ?? "change"]) throw new PermissionDenied();
  const data = await dataOf(action, input.data, input.messages);
  const ctx = contextOf(request);
  const rows = await selectedRows(entry.viewset, input.selection, ctx, input.now);
  const failures: ActionFailure[] = [];
  const done: Record<string, unknown>[] = [];
  const { primaryKey } = entry.viewset.config.model;
  for (const row of rows) {
    try {
      // Each row's writes and its entry (what the action changed, read again after it ran) are
      // one transaction: a row that fails keeps nothing of what the action wrote to it.
      await writeLogged(entry, request, input.history, async () => {
        await action.run(ctx, row, data);
        const after = (await rowsNow(entry, request, [row[primaryKey]])).get(String(row[primaryKey])) ?? null;
        return {
          result: undefined,
          entries: actionEntries(entry, input.history, input.name, [{ before: row, after }]),
        };
      });
      done.push(row);
    } catch (error) {
      const why = whyOf(error);
      if (why === null) input.onError(error);
      failures.push({ ...recordsOf(entry, [row])[0]!, message: why ?? "The action failed on this row." });
    }
  }
  const count = done.length;
  const label = entry.viewset.config.label ?? humanize(entry.name);
  const verb = action.done ?? `${action.label}ed`;
  const failed = failures.length === 0 ? "" : ` ${countOf(failures.length, label)} could not be changed.`;
  const result: ActionResult = {
    action: input.name,
    count,
    message: `${verb} ${countOf(count, label)}.${failed}`,
    ...(failures.length > 0 && { failures }),
  };
  return sendJSON(200, result);
}

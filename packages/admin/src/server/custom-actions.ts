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
import type { AdminAction, RowAction, SelectionAction } from "./config.js";
import { recordsOf } from "./delete-preview.js";
import { actionEntries, changesOf, type HistoryRecorder, rowsNow, writeLogged } from "./history.js";
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

/** The action's answer: how many rows it did, and each row that failed with why. */
function summaryOf(input: CustomActionInput, count: number, failures: readonly ActionFailure[]): ApiResponse {
  const label = input.entry.viewset.config.label ?? humanize(input.entry.name);
  const verb = input.action.done ?? `${input.action.label}ed`;
  const failed = failures.length === 0 ? "" : ` ${countOf(failures.length, label)} could not be changed.`;
  const result: ActionResult = {
    action: input.name,
    count,
    message: `${verb} ${countOf(count, label)}.${failed}`,
    ...(failures.length > 0 && { failures: [...failures] }),
  };
  return sendJSON(200, result);
}

/** A row's failure as `failures` lists it; an error that is not the API's is told to `onError`, unnamed. */
function failureOf(input: CustomActionInput, row: Row, error: unknown): ActionFailure {
  const why = whyOf(error);
  if (why === null) input.onError(error);
  return { ...recordsOf(input.entry, [row])[0]!, message: why ?? "The action failed on this row." };
}

type Row = Record<string, unknown>;

/** Runs a row action on every selected row, one after another, each row in its own transaction. */
async function runRowByRow(
  request: ApiRequest,
  input: CustomActionInput,
  action: RowAction<object>,
  data: unknown,
): Promise<ApiResponse> {
  const { entry } = input;
  const ctx = contextOf(request);
  const rows = await selectedRows(entry.viewset, input.selection, ctx, input.now);
  const failures: ActionFailure[] = [];
  let count = 0;
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
      count++;
    } catch (error) {
      failures.push(failureOf(input, row, error));
    }
  }
  return summaryOf(input, count, failures);
}

/**
 * Runs a selection action once: in one transaction, the selection is read, each row checked (a
 * refused row is listed and left out), the rest handed to `run`, and each row it changed or
 * deleted logged. When `run` throws, nothing is written and the error answers.
 */
async function runOverSelection(
  request: ApiRequest,
  input: CustomActionInput,
  action: SelectionAction<object>,
  data: unknown,
): Promise<ApiResponse> {
  const { entry } = input;
  const ctx = contextOf(request);
  const { primaryKey } = entry.viewset.config.model;
  const failures: ActionFailure[] = [];
  const count = await writeLogged(entry, request, input.history, async () => {
    const rows = await selectedRows(entry.viewset, input.selection, ctx, input.now);
    const passed: Row[] = [];
    for (const row of rows) {
      try {
        await action.check?.(ctx, row, data);
        passed.push(row);
      } catch (error) {
        if (whyOf(error) === null) throw error;
        failures.push(failureOf(input, row, error));
      }
    }
    if (passed.length > 0) await action.run(ctx, passed, data);
    const now =
      passed.length === 0
        ? new Map<string, Row>()
        : await rowsNow(
            entry,
            request,
            passed.map((row) => row[primaryKey]),
          );
    const changed = passed
      .map((before) => ({ before, after: now.get(String(before[primaryKey])) ?? null }))
      .filter(({ before, after }) => after === null || changesOf(entry, before, after).length > 0);
    return { result: passed.length, entries: actionEntries(entry, input.history, input.name, changed) };
  });
  return summaryOf(input, count, failures);
}

/** Runs the action over the selection (row by row, or once over all of it); 200 with what it did and what failed. */
export async function runCustomAction(request: ApiRequest, input: CustomActionInput): Promise<ApiResponse> {
  const { action } = input;
  if (!input.may[action.permission ?? "change"]) throw new PermissionDenied();
  const data = await dataOf(action, input.data, input.messages);
  return action.over === "selection"
    ? runOverSelection(request, input, action, data)
    : runRowByRow(request, input, action, data);
}

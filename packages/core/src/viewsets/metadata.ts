/** OPTIONS answers as DRF's SimpleMetadata, for viewset routes and custom actions. */
import { FORM_CONTENT_TYPE } from "../http/body.js";
import type { ApiResponse } from "../http/request.js";
import { sendJSON } from "../http/respond.js";
import type { ModelShape } from "../models/define-model.js";
import { choiceLabel, type FieldDef, type FieldType } from "../models/fields.js";
import { optionsAllow } from "../http/answers.js";
import type { DeclaredField } from "../serializers/base-serializer.js";
import type { FieldPlan } from "../serializers/field-plan.js";
import { sourceOf } from "../serializers/related.js";
import { allowedMethods, type RouteKind } from "../http/standard-routes.js";
import type { ActionRoute } from "./actions.js";

/** DRF's names for field types in its OPTIONS metadata. */
const TYPE_NAMES: Record<FieldType, string> = {
  bool: "boolean",
  int: "integer",
  decimal: "decimal",
  string: "string",
  text: "string",
  time: "datetime",
  date: "date",
  json: "json",
  foreignKey: "field",
};

function fieldInfo(field: FieldDef, writable: boolean): Record<string, unknown> {
  const info: Record<string, unknown> = {
    type: TYPE_NAMES[field.type],
    required: writable && (field.required ?? field.nullable !== true),
    read_only: !writable,
  };
  if (field.maxLength !== undefined) info.max_length = field.maxLength;
  if (field.choices) info.choices = field.choices.map((value) => ({ value, display_name: choiceLabel(field, value) }));
  return info;
}

/** A related or computed field: DRF's `field` for a related one, its declared type for a computed one. */
function declaredInfo(
  model: ModelShape,
  name: string,
  field: DeclaredField,
  writable: boolean,
): Record<string, unknown> {
  if (field.kind === "computed") return { type: TYPE_NAMES[field.schema.type], required: false, read_only: true };
  const source = model.fields[sourceOf(name, field)];
  const required = writable && source !== undefined && (source.required ?? source.nullable !== true);
  return { type: "field", required, read_only: !writable };
}

/** The fields a write takes and shows, in model order, then declared ones: DRF's `actions` entry of one method. */
function writeFields(model: ModelShape, plan: FieldPlan): Record<string, Record<string, unknown>> {
  const shown = new Set(plan.response);
  const fields: Record<string, Record<string, unknown>> = {};
  for (const [name, field] of Object.entries(model.fields)) {
    if (shown.has(name) || plan.writable.has(name)) fields[name] = fieldInfo(field, plan.writable.has(name));
  }
  for (const [name, field] of plan.declared) {
    if (shown.has(name) || plan.writable.has(name))
      fields[name] = declaredInfo(model, name, field, plan.writable.has(name));
  }
  return fields;
}

/** The write OPTIONS describes on a route (DRF's `actions`): POST on a list, PUT on an object. */
export function describedWrite(kind: RouteKind): { method: "POST" | "PUT"; action: "create" | "update" } {
  return kind === "list" ? { method: "POST", action: "create" } : { method: "PUT", action: "update" };
}

/**
 * The answer to OPTIONS on a viewset route, as DRF's SimpleMetadata: `Allow`, the view's name,
 * the media types it renders and parses, and, when `mayWrite` (the caller checked that this
 * request may make the route's write), the fields that write takes.
 */
export function viewsetOptions(
  kind: RouteKind,
  readOnly: boolean,
  model: ModelShape,
  plan: FieldPlan,
  mayWrite: boolean,
): ApiResponse {
  const methods = allowedMethods(kind, readOnly);
  const body: Record<string, unknown> = {
    name: `${model.name} ${kind === "list" ? "List" : "Instance"}`,
    description: "",
    renders: ["application/json"],
    parses: readOnly ? [] : ["application/json", FORM_CONTENT_TYPE],
  };
  if (!readOnly && mayWrite) body.actions = { [describedWrite(kind).method]: writeFields(model, plan) };
  return sendJSON(200, body, { Allow: optionsAllow(methods) });
}

function titleOf(name: string): string {
  const words = name
    .replace(/[-_]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * OPTIONS on a custom action that does not answer OPTIONS itself: `Allow` and a short
 * description, as DRF's metadata; no checks run and no throttle counts it.
 */
export function actionOptions(action: ActionRoute): ApiResponse {
  return sendJSON(
    200,
    {
      name: titleOf(action.name),
      description: action.config.description ?? action.config.summary ?? "",
      renders: ["application/json"],
      parses: ["application/json"],
    },
    { Allow: optionsAllow(action.methods) },
  );
}

/** A registered model as ADMIN.md's model object: its fields, labels, list options and permissions. */
import type { FieldDef } from "@viewsets/core";
import { allowsBlank, isEditable, isSerializable } from "@viewsets/core/internals";
import type { FieldMeta, ListFilterMeta, ModelMeta } from "../shared/wire.js";
import { defaultWidget, type ListFilterEntry } from "./config.js";
import type { ModelPermissions } from "./principal.js";
import { type AdminViewSet, DEFAULT_LIST_PER_PAGE } from "./rows.js";

/** A registered model: its name in URLs, its viewset, and how its foreign keys name other models. */
export interface AdminModel {
  readonly name: string;
  readonly viewset: AdminViewSet<object>;
}

/** "createdAt" and "created_at" → "Created at"; a foreign key drops its "id": "categoryId" → "Category". */
export function humanize(name: string, foreignKey = false): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase()
    .split(/\s+/);
  if (foreignKey && words.length > 1 && words.at(-1) === "id") words.pop();
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The name that labels records: the configured field, else the first string field, else the key. */
export function labelFieldOf(viewset: AdminViewSet<object>): string {
  const { model, labelField } = viewset.config;
  if (labelField) return labelField;
  const fields = Object.entries(model.fields as Record<string, FieldDef>);
  return (
    fields.find(([, field]) => (field.type === "string" || field.type === "text") && isSerializable(field))?.[0] ??
    model.primaryKey
  );
}

/** The listFilter entries with their widgets filled in. */
export function listFilterOf(viewset: AdminViewSet<object>): ListFilterMeta[] {
  return ((viewset.config.listFilter ?? []) as readonly ListFilterEntry<object>[]).map((entry) =>
    typeof entry === "string"
      ? { field: entry, widget: defaultWidget(viewset.listField(entry)!)! }
      : { field: entry.field, widget: entry.widget },
  );
}

/**
 * The fields `listFilter` reaches through relations (`category__name`), described as the model's
 * own are so that the UI can label and filter them: read-only, nullable (a row may have no related row).
 */
function relatedFieldsOf(viewset: AdminViewSet<object>) {
  return listFilterOf(viewset)
    .filter(({ field }) => !Object.hasOwn(viewset.config.model.fields, field))
    .map(({ field: name }) => {
      const field = viewset.listField(name)!;
      return {
        name,
        label: humanize(name.replaceAll("__", " "), false),
        type: field.type,
        ...(field.choices ? { choices: field.choices } : {}),
        nullable: true,
        editable: false,
        required: false,
      };
    });
}

/** ADMIN.md's model object: what the UI builds its pages from. */
export function describeModel(
  entry: AdminModel,
  modelNameOf: (reference: string) => string | undefined,
  may: ModelPermissions,
): ModelMeta {
  const { viewset, name } = entry;
  const { config } = viewset;
  const model = config.model;
  const all = Object.entries(model.fields as Record<string, FieldDef>).filter(([, field]) => isSerializable(field));
  const readonly = new Set<string>(config.readonlyFields ?? []);
  const fields = all.map(([fieldName, field]): FieldMeta => {
    const isKey = fieldName === model.primaryKey || field.primaryKey === true;
    const editable = !isKey && isEditable(field) && !readonly.has(fieldName);
    return {
      name: fieldName,
      label: humanize(fieldName, field.type === "foreignKey"),
      type: field.type,
      ...(field.choices ? { choices: field.choices } : {}),
      ...(field.choices && field.choiceLabels ? { choiceLabels: field.choiceLabels } : {}),
      ...(field.type === "foreignKey" ? { references: modelNameOf(field.references ?? "") ?? null } : {}),
      ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
      ...(editable && field.default !== undefined ? { default: field.default } : {}),
      ...(field.type === "string" || field.type === "text" ? { allowBlank: allowsBlank(field) } : {}),
      nullable: field.nullable === true,
      editable,
      required: editable && (field.required ?? field.nullable !== true),
    };
  });
  const listDisplay =
    (config.listDisplay as readonly string[] | undefined) ??
    all.filter(([, field]) => field.type !== "json").map(([fieldName]) => fieldName);
  return {
    name,
    label: config.label ?? humanize(name),
    pk: model.primaryKey,
    labelField: labelFieldOf(viewset),
    fields,
    listDisplay,
    listDisplayLinks: config.listDisplayLinks ?? listDisplay.slice(0, 1),
    ...(config.fieldsets ? { fieldsets: config.fieldsets } : {}),
    listFilter: listFilterOf(viewset),
    relatedFields: relatedFieldsOf(viewset),
    listPerPage: config.listPerPage ?? DEFAULT_LIST_PER_PAGE,
    count: config.count ?? "exact",
    searchFields: config.searchFields ?? [],
    ordering: config.ordering ?? [],
    // What this user may do: the UI shows no control for anything else.
    permissions: { add: may.add, change: may.change, delete: may.delete },
  };
}

/** What a user may do with a model: the permissions they hold, within the model's own switches. */
export function withinSwitches(granted: ModelPermissions, entry: AdminModel): ModelPermissions {
  const { viewset } = entry;
  return {
    view: granted.view,
    add: granted.add && viewset.may("add"),
    change: granted.change && viewset.may("change"),
    delete: granted.delete && viewset.may("delete"),
  };
}

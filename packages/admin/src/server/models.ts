/** A registered model as ADMIN.md's model object: its fields, labels, list options and permissions. */
import type { FieldDef } from "@viewsets/core";
import { allowsBlank, isEditable, isSerializable } from "@viewsets/core/internals";
import type { FieldMeta, ListFilterMeta, ModelMeta } from "../shared/wire.js";
import { pathLabel } from "./columns.js";
import { humanize } from "./humanize.js";

export { humanize };
import { defaultWidget, type ListFilterEntry } from "./config.js";
import type { ModelPermissions } from "./principal.js";
import { type AdminViewSet, DEFAULT_LIST_PER_PAGE } from "./rows.js";

/** A registered model: its name in URLs, its viewset, and how its foreign keys name other models. */
export interface AdminModel {
  readonly name: string;
  readonly viewset: AdminViewSet<object>;
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
 * The fields `listFilter` and `listDisplay` reach through relations (`category__name`), described
 * as the model's own are so that the UI can label, filter and show them: read-only, nullable (a
 * row may have no related row).
 */
function relatedFieldsOf(viewset: AdminViewSet<object>) {
  const filters = listFilterOf(viewset).map(({ field }) => field);
  return [...new Set([...filters, ...viewset.columns.paths])]
    .filter((name) => !Object.hasOwn(viewset.config.model.fields, name))
    .map((name) => {
      const field = viewset.listField(name)!;
      return {
        name,
        label: pathLabel(name),
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
  const { columns } = viewset;
  const listDisplay = columns.names;
  const computedColumns = [...columns.computed.values()].map((column) => ({
    name: column.name,
    label: columns.computedLabel(column),
    sortable: column.ordering !== undefined,
  }));
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
    ...(computedColumns.length > 0 ? { computedColumns } : {}),
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

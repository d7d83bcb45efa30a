/** The list's columns: `listDisplay`'s fields, related fields and computed columns, and which of them `?columns=` shows. */
import type { FieldMeta, ModelMeta } from "../../../shared/wire.js";

/** The URL's parameter naming the visible columns (`columns=name,price`); absent, every column shows. */
export const COLUMNS_PARAM = "columns";

/** One column of the results table: its heading, its field (none for a computed column), and whether it sorts. */
export interface ListColumn {
  readonly name: string;
  readonly label: string;
  readonly field: FieldMeta | undefined;
  readonly sortable: boolean;
}

/** Every column `listDisplay` names, in its order. */
export function listColumnsOf(model: ModelMeta): ListColumn[] {
  return model.listDisplay.map((name) => {
    const computed = model.computedColumns?.find((column) => column.name === name);
    if (computed) return { name, label: computed.label, field: undefined, sortable: computed.sortable };
    const field =
      model.fields.find((candidate) => candidate.name === name) ??
      model.relatedFields?.find((candidate) => candidate.name === name);
    return { name, label: field?.label ?? name, field, sortable: true };
  });
}

/**
 * The columns `?columns=` names, in `listDisplay`'s order: names the model no longer shows are
 * left out, and when none is left (or the parameter is absent) every column shows.
 */
export function visibleColumns(model: ModelMeta, params: URLSearchParams): ListColumn[] {
  const all = listColumnsOf(model);
  const named = new Set((params.get(COLUMNS_PARAM) ?? "").split(",").filter((name) => name !== ""));
  const shown = all.filter((column) => named.has(column.name));
  return shown.length === 0 ? all : shown;
}

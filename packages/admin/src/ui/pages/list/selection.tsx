/** The list's row selection: a checkbox per row named for it, one for the page, and "all N matching" across pages. */
import { nouns, t } from "../../i18n/t.js";
import { useEffect, useState } from "preact/hooks";
import type { Selection } from "../../../shared/actions.js";
import type { ModelMeta, Row } from "../../../shared/wire.js";

/** Rows chosen by id, or every row the list's query matches (Django's "Select all N"). */
export interface SelectionState {
  readonly ids: ReadonlySet<string>;
  readonly all: boolean;
}

const NONE: SelectionState = { ids: new Set(), all: false };

export interface ListSelection {
  readonly state: SelectionState;
  toggle(id: string, on: boolean): void;
  togglePage(ids: readonly string[], on: boolean): void;
  selectAll(): void;
  clear(): void;
}

/** The selection of a list; a new query (other filters, search, order) starts it afresh. */
export function useSelection(queryKey: string): ListSelection {
  const [state, setState] = useState<SelectionState>(NONE);
  useEffect(() => setState(NONE), [queryKey]);
  return {
    state,
    toggle: (id, on) =>
      setState((current) => {
        const ids = new Set(current.ids);
        if (on) ids.add(id);
        else ids.delete(id);
        return { ids, all: false };
      }),
    togglePage: (ids, on) =>
      setState((current) => {
        const next = new Set(current.ids);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return { ids: next, all: false };
      }),
    selectAll: () => setState((current) => ({ ...current, all: true })),
    clear: () => setState(NONE),
  };
}

/** The request's form of a selection: the ids, or the list's query (its filters, search and saved view's). */
export function selectionOf(state: SelectionState, query: string): Selection {
  return state.all ? { query } : { ids: [...state.ids] };
}

/** The name a row's checkbox has: "Select Red item 01" (its label), "Select product 7" without one. */
export function rowName(model: ModelMeta, row: Row): string {
  return t("select.row", { label: rowLabel(model, row) });
}

/** How a row is named in the list's controls: its label ("Red item 01"), or "product 7" without one. */
export function rowLabel(model: ModelMeta, row: Row): string {
  const label = row[model.labelField];
  return label === null || label === undefined || model.labelField === model.pk
    ? t("select.rowFallback", { ...nouns(model.label), id: String(row[model.pk]) })
    : String(label);
}

/** The header's checkbox: every row of this page, mixed when some are chosen. */
export function PageCheckbox({ rows, model, selection }: PageProps) {
  const ids = rows.map((row) => String(row[model.pk]));
  const chosen = ids.filter((id) => selection.state.all || selection.state.ids.has(id)).length;
  return (
    <input
      type="checkbox"
      aria-label={t("select.page")}
      checked={ids.length > 0 && chosen === ids.length}
      indeterminate={chosen > 0 && chosen < ids.length}
      disabled={ids.length === 0}
      onChange={(event) => {
        const on = event.currentTarget.checked;
        if (!on && selection.state.all) selection.clear();
        else selection.togglePage(ids, on);
      }}
    />
  );
}

interface PageProps {
  readonly rows: readonly Row[];
  readonly model: ModelMeta;
  readonly selection: ListSelection;
}

/** A row's checkbox. */
export function RowCheckbox({ row, rows, model, selection }: PageProps & { readonly row: Row }) {
  const id = String(row[model.pk]);
  return (
    <input
      type="checkbox"
      aria-label={rowName(model, row)}
      checked={selection.state.all || selection.state.ids.has(id)}
      onChange={(event) => {
        if (selection.state.all) {
          // Unchecked under "all matching": this page's other rows stay chosen.
          selection.clear();
          selection.togglePage(
            rows.map((other) => String(other[model.pk])).filter((other) => other !== id),
            true,
          );
          return;
        }
        selection.toggle(id, event.currentTarget.checked);
      }}
    />
  );
}

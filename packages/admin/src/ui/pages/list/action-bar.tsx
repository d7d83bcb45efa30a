/** The list's action bar (Django's `Action:` select and Go): the Action menu, Run, how many are chosen, and "Select all N matching". */
import { useId, useState } from "preact/hooks";
import type { ActionResult } from "../../../shared/actions.js";
import type { ModelMeta, RowsPage } from "../../../shared/wire.js";
import { countOf } from "../../../shared/words.js";
import { ActionDialog } from "../../components/action-dialog.js";
import { DeleteDialog } from "../../components/delete-dialog.js";
import { flash } from "../../state.js";
import { type ListSelection, selectionOf } from "./selection.js";

interface ActionBarProps {
  readonly model: ModelMeta;
  readonly page: RowsPage | null;
  readonly selection: ListSelection;
  /** The list's query as the rows route takes it (without the page): what "all matching" means. */
  readonly query: string;
  /** Called after an action changed rows: the list reads them again. */
  readonly onDone: () => void;
}

/** How many rows are chosen: "3 of 60 selected", "All 60 selected". */
function chosenText(model: ModelMeta, page: RowsPage | null, selection: ListSelection): string {
  const total = page?.count;
  if (selection.state.all)
    return total === null || total === undefined
      ? "All matching selected"
      : `All ${countOf(total, model.label)} selected`;
  const of = total === null || total === undefined ? "" : ` of ${total.toLocaleString("en")}`;
  return `${selection.state.ids.size.toLocaleString("en")}${of} selected`;
}

export function ActionBar({ model, page, selection, query, onDone }: ActionBarProps) {
  const id = useId();
  const [action, setAction] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const actions = model.actions ?? [];
  if (actions.length === 0) return null;
  const rows = page?.results ?? [];
  const chosen = selection.state.all ? (page?.count ?? rows.length) : selection.state.ids.size;
  const pageChosen = rows.length > 0 && rows.every((row) => selection.state.ids.has(String(row[model.pk])));
  const more = page !== null && (page.count === null || page.count > rows.length);

  const run = () => {
    if (action === "") return setMessage("Choose an action to run.");
    if (chosen === 0) return setMessage("Select rows to run an action on them.");
    setMessage(null);
    setRunning(action);
  };
  const done = (result: ActionResult) => {
    setRunning(null);
    selection.clear();
    flash.value = result.message;
    onDone();
  };

  return (
    <div class="action-bar">
      <label for={`${id}-action`}>Action</label>
      <select id={`${id}-action`} value={action} onChange={(event) => setAction(event.currentTarget.value)}>
        <option value="">---------</option>
        {actions.map((entry) => (
          <option key={entry.name} value={entry.name}>
            {entry.label}
          </option>
        ))}
      </select>
      <button type="button" onClick={run}>
        Run
      </button>
      <span class="selected-count" aria-live="polite">
        {chosenText(model, page, selection)}
      </span>
      {pageChosen && more && !selection.state.all && page?.count !== null && (
        <button type="button" class="link-button" onClick={selection.selectAll}>
          Select all {page?.count?.toLocaleString("en")} matching
        </button>
      )}
      {(selection.state.all || selection.state.ids.size > 0) && (
        <button type="button" class="link-button" onClick={selection.clear}>
          Clear selection
        </button>
      )}
      {message && (
        <p class="form-error action-message" role="alert">
          {message}
        </p>
      )}
      {running !== null && running !== "delete_selected" && (
        <ActionDialog
          model={model}
          action={actions.find((entry) => entry.name === running)!}
          selection={selectionOf(selection.state, query)}
          title={`${actions.find((entry) => entry.name === running)!.label} ${countOf(chosen, model.label)}`}
          onDone={done}
          onClose={() => setRunning(null)}
        />
      )}
      {running === "delete_selected" && (
        <DeleteDialog
          model={model}
          selection={selectionOf(selection.state, query)}
          title={`Delete ${countOf(chosen, model.label)}`}
          onDeleted={done}
          onClose={() => setRunning(null)}
        />
      )}
    </div>
  );
}

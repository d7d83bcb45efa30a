/** The list's action bar (Django's `Action:` select and Go): the Action menu, Run, how many are chosen, and "Select all N matching". */
import { nouns, records, t } from "../../i18n/t.js";
import { useId, useState } from "preact/hooks";
import type { ActionResult } from "../../../shared/actions.js";
import type { ModelMeta, RowsPage } from "../../../shared/wire.js";
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
      ? t("actions.allMatching")
      : t("actions.all", { count: total, ...nouns(model.label) });
  const count = selection.state.ids.size;
  return total === null || total === undefined
    ? t("actions.chosen", { count })
    : t("actions.chosenOf", { count, total });
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
    if (action === "") return setMessage(t("actions.chooseOne"));
    if (chosen === 0) return setMessage(t("actions.selectRows"));
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
      <label for={`${id}-action`}>{t("actions.label")}</label>
      <select id={`${id}-action`} value={action} onChange={(event) => setAction(event.currentTarget.value)}>
        <option value="">{t("common.none")}</option>
        {actions.map((entry) => (
          <option key={entry.name} value={entry.name}>
            {entry.name === "delete_selected" ? t("actions.deleteSelected", nouns(model.label)) : entry.label}
          </option>
        ))}
      </select>
      <button type="button" onClick={run}>
        {t("actions.run")}
      </button>
      <span class="selected-count" aria-live="polite">
        {chosenText(model, page, selection)}
      </span>
      {pageChosen && more && !selection.state.all && page?.count !== null && (
        <button type="button" class="link-button" onClick={selection.selectAll}>
          {t("actions.selectAll", { count: page?.count ?? 0 })}
        </button>
      )}
      {(selection.state.all || selection.state.ids.size > 0) && (
        <button type="button" class="link-button" onClick={selection.clear}>
          {t("actions.clearSelection")}
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
          title={t("actions.title", {
            action: actions.find((entry) => entry.name === running)!.label,
            records: records(chosen, model.label),
          })}
          onDone={done}
          onClose={() => setRunning(null)}
        />
      )}
      {running === "delete_selected" && (
        <DeleteDialog
          model={model}
          selection={selectionOf(selection.state, query)}
          title={t("actions.deleteTitle", { records: records(chosen, model.label) })}
          onDeleted={done}
          onClose={() => setRunning(null)}
        />
      )}
    </div>
  );
}

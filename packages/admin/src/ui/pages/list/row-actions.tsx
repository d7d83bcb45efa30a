/**
 * The list's per-row app actions (Django's row actions): a button per action in each row, named for
 * the row ("Discount Red item 03"), opening the same action dialog as the change form over that one row.
 */
import { t } from "../../i18n/t.js";
import { useState } from "preact/hooks";
import { ActionDialog } from "../../components/action-dialog.js";
import { flash } from "../../state.js";
import type { ActionMeta } from "../../../shared/actions.js";
import type { ModelMeta, Row } from "../../../shared/wire.js";
import type { ComponentChild } from "preact";
import { rowLabel } from "./selection.js";

/** The results table's last cell for each row (undefined when the model has no app action), and the open dialog. */
export function useRowActions(
  model: ModelMeta,
  onDone: () => void,
): { readonly cell: ((row: Row) => ComponentChild) | undefined; readonly dialog: ComponentChild } {
  const [open, setOpen] = useState<{ readonly action: ActionMeta; readonly row: Row } | null>(null);
  // Delete selected has its own confirmation (the preview) and the change form's Delete.
  const actions = (model.actions ?? []).filter((action) => action.name !== "delete_selected");
  const cell =
    actions.length === 0
      ? undefined
      : (row: Row) => (
          <div class="row-action-buttons">
            {actions.map((action) => (
              <button
                key={action.name}
                type="button"
                aria-label={t("list.rowAction", { action: action.label, label: rowLabel(model, row) })}
                onClick={() => setOpen({ action, row })}
              >
                {action.label}
              </button>
            ))}
          </div>
        );
  const dialog = open && (
    <ActionDialog
      model={model}
      action={open.action}
      selection={{ ids: [String(open.row[model.pk])] }}
      title={t("list.rowAction", { action: open.action.label, label: rowLabel(model, open.row) })}
      onDone={(result) => {
        setOpen(null);
        flash.value = result.message;
        onDone();
      }}
      onClose={() => setOpen(null)}
    />
  );
  return { cell, dialog };
}

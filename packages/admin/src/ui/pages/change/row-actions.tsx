/** The change form's buttons for the app's actions on this record (the shop's Discount), each opening its form. */
import { nouns, t } from "../../i18n/t.js";
import { useState } from "preact/hooks";
import { ActionDialog } from "../../components/action-dialog.js";
import { flash } from "../../state.js";
import type { ActionMeta } from "../../../shared/actions.js";
import type { ModelMeta } from "../../../shared/wire.js";

/** One button per action with a form (delete has its own button); `onDone` reads the record again. */
export function RowActions({
  model,
  id,
  onDone,
}: {
  readonly model: ModelMeta;
  readonly id: string;
  readonly onDone: () => void;
}) {
  const [open, setOpen] = useState<ActionMeta | null>(null);
  const actions = (model.actions ?? []).filter((action) => action.name !== "delete_selected");
  if (actions.length === 0) return null;
  return (
    <>
      {actions.map((action) => (
        <button key={action.name} type="button" onClick={() => setOpen(action)}>
          {action.label}
        </button>
      ))}
      {open && (
        <ActionDialog
          model={model}
          action={open}
          selection={{ ids: [id] }}
          title={t("change.actionTitle", { action: open.label, ...nouns(model.label) })}
          onDone={(result) => {
            setOpen(null);
            flash.value = result.message;
            onDone();
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

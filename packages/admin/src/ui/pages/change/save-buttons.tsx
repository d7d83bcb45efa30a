/** The change form's save buttons, as Django's: Save, Save and add another, Save and continue editing. */
import { t } from "../../i18n/t.js";
import type { ModelMeta } from "../../../shared/wire.js";

/** Where a save goes next: the list, a new empty form, or this record's form again. */
export type AfterSave = "list" | "add" | "continue";

/** Submit buttons whose `value` says where to go after saving (read from the submit event's submitter). */
export function SaveButtons({ model, saving }: { readonly model: ModelMeta; readonly saving: boolean }) {
  return (
    <>
      <button type="submit" class="primary" value="list" disabled={saving} aria-keyshortcuts="Control+S Meta+S">
        {t("change.save")}
      </button>
      {model.permissions.add && (
        <button type="submit" value="add" disabled={saving}>
          {t("change.saveAndAdd")}
        </button>
      )}
      <button type="submit" value="continue" disabled={saving}>
        {t("change.saveAndContinue")}
      </button>
    </>
  );
}

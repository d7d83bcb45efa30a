/** What the record's History page and the whole log share: an action in words, the time, and a change's old and new values. */
import { locale, t } from "../../i18n/t.js";
import { formatValue } from "../../format.js";
import type { FieldChange } from "../../../shared/actions.js";
import type { FieldMeta } from "../../../shared/wire.js";

export const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });

/** "Changed", "Added", "Deleted", or an action's name as people read it ("Discount"). */
export function actionText(action: string): string {
  if (action === "add" || action === "change" || action === "delete") return t(`history.${action}`);
  return action.charAt(0).toUpperCase() + action.slice(1).replaceAll("_", " ");
}

/** Each changed field's old and new value, a row each (values shown as the model's fields show them, when known). */
export function ChangesTable({
  changes,
  fields,
}: {
  readonly changes: readonly FieldChange[];
  readonly fields: readonly FieldMeta[];
}) {
  return (
    <table class="results history-changes">
      <thead>
        <tr>
          <th scope="col">{t("history.field")}</th>
          <th scope="col">{t("history.old")}</th>
          <th scope="col">{t("history.new")}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => {
          const field = fields.find((candidate) => candidate.name === change.field);
          return (
            <tr key={change.field}>
              <th scope="row">{change.label}</th>
              <td>{formatValue(field, change.old)}</td>
              <td>{formatValue(field, change.new)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

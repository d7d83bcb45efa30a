/**
 * The delete confirmation of one record or a selection (Django's): before the button is offered it
 * lists what refuses the delete and what goes with it, with counts and links, from `delete-preview`.
 */
import { inSentence, nouns, records, t } from "../i18n/t.js";
import { useEffect, useState } from "preact/hooks";
import { api, messageOf } from "../api.js";
import { paths } from "../router.js";
import type { ActionResult, DeletePreview, RelatedGroup, Selection } from "../../shared/actions.js";
import type { ModelMeta } from "../../shared/wire.js";
import { Modal } from "./modal.js";

/**
 * One record through its row's DELETE (any manager that deletes), a selection through
 * `delete_selected`; what it did in the UI's language (the server's message is in the API's English).
 */
async function deleteSelection(model: ModelMeta, selection: Selection): Promise<ActionResult> {
  const base = `/models/${encodeURIComponent(model.name)}`;
  if ("ids" in selection && selection.ids.length === 1) {
    await api<void>(`${base}/rows/${encodeURIComponent(String(selection.ids[0]))}`, { method: "DELETE" });
    return { action: "delete_selected", count: 1, message: t("delete.deleted", { records: records(1, model.label) }) };
  }
  const result = await api<ActionResult>(`${base}/actions/delete_selected`, { method: "POST", body: { selection } });
  return { ...result, message: t("delete.deleted", { records: records(result.count, model.label) }) };
}

interface DeleteDialogProps {
  readonly model: ModelMeta;
  readonly selection: Selection;
  /** The dialog's heading: "Delete product", "Delete 3 products". */
  readonly title: string;
  readonly onDeleted: (result: ActionResult) => void;
  readonly onClose: () => void;
}

function Group({ group }: { readonly group: RelatedGroup }) {
  const more = group.count - group.rows.length;
  return (
    <li>
      <strong>{records(group.count, group.label)}</strong> {t("delete.groupField", { field: inSentence(group.field) })}
      <ul class="related-rows">
        {group.rows.map((row) => (
          <li key={String(row.id)}>
            {group.model === null ? row.label : <a href={paths.change(group.model, row.id)}>{row.label}</a>}
          </li>
        ))}
        {more > 0 && <li>{t("delete.andMore", { records: records(more, group.label) })}</li>}
      </ul>
    </li>
  );
}

function Groups({ heading, groups }: { readonly heading: string; readonly groups: readonly RelatedGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <section class="delete-groups">
      <h3>{heading}</h3>
      <ul>
        {groups.map((group) => (
          <Group key={`${group.model}.${group.field}`} group={group} />
        ))}
      </ul>
    </section>
  );
}

/** What a delete refuses, takes with it and clears; its Delete button only once the preview allows it. */
export function DeleteDialog({ model, selection, title, onDeleted, onClose }: DeleteDialogProps) {
  const [preview, setPreview] = useState<DeletePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/models/${encodeURIComponent(model.name)}`;

  useEffect(() => {
    const controller = new AbortController();
    api<DeletePreview>(`${base}/delete-preview`, {
      method: "POST",
      body: { selection },
      signal: controller.signal,
    }).then(setPreview, (failure: unknown) => {
      if (!controller.signal.aborted) setError(messageOf(failure));
    });
    return () => controller.abort();
    // The selection's content, not its identity, says when to ask again.
  }, [base, JSON.stringify(selection)]);

  const confirm = async () => {
    setBusy(true);
    try {
      onDeleted(await deleteSelection(model, selection));
    } catch (failure) {
      setBusy(false);
      setError(messageOf(failure));
    }
  };

  const noun = preview ? records(preview.count, model.label) : "";
  return (
    <Modal title={title} onClose={onClose}>
      {!preview && !error && <p aria-busy="true">{t("delete.checking")}</p>}
      {preview && (
        <div class="delete-preview">
          {preview.blocks.length > 0 ? (
            <p>
              {preview.count === 1
                ? t("delete.blockedOne", { label: preview.rows[0]?.label ?? "" })
                : t("delete.blockedMany", { records: noun })}
            </p>
          ) : (
            <p>
              {t("delete.confirm", { records: noun })} {preview.deletable ? t("delete.undone") : ""}
            </p>
          )}
          <Groups heading={t("delete.inTheWay")} groups={preview.blocks} />
          <Groups heading={t("delete.withIt")} groups={preview.deletes} />
          <Groups heading={t("delete.cleared")} groups={preview.clears} />
          {preview.blocks.length === 0 && !preview.deletable && <p>{t("delete.notAllowed")}</p>}
          {preview.count > 1 && (
            <section class="delete-groups">
              <h3>{t("delete.theRecords", nouns(model.label))}</h3>
              <ul class="related-rows">
                {preview.rows.map((row) => (
                  <li key={String(row.id)}>
                    <a href={paths.change(model.name, row.id)}>{row.label}</a>
                  </li>
                ))}
                {preview.count > preview.rows.length && (
                  <li>{t("delete.andMoreRows", { count: preview.count - preview.rows.length })}</li>
                )}
              </ul>
            </section>
          )}
        </div>
      )}
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        {preview?.deletable && (
          <button type="button" class="danger" disabled={busy} onClick={confirm}>
            {t("common.delete")}
          </button>
        )}
        {/* biome-ignore lint/a11y/noAutofocus: a destructive dialog starts on its safe choice */}
        <button type="button" autoFocus onClick={onClose}>
          {preview && !preview.deletable ? t("common.close") : t("common.cancel")}
        </button>
      </div>
    </Modal>
  );
}

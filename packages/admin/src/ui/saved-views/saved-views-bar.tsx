/** The saved-views bar: choose, save, rename, make default or delete a view of the list. */
import { t } from "../i18n/t.js";
import { useId, useState } from "preact/hooks";
import { messageOf } from "../api.js";
import { ConfirmDialog } from "../components/modal.js";
import { location, navigate } from "../router.js";
import type { ModelMeta, SavedView } from "../../shared/wire.js";
import { ALL_RECORDS, queryString, sameRows, unknownFilters, viewBody, viewParams } from "../url-state.js";
import { NameDialog } from "./name-dialog.js";
import type { SavedViews } from "./use-views.js";

type Open = null | "save" | "saveAs" | "rename" | "delete";

function hrefOf(params: URLSearchParams): string {
  return `${location.value.path}${queryString(params)}`;
}

export function viewHref(view: SavedView, model: ModelMeta): string {
  return hrefOf(viewParams(view, model));
}

interface SavedViewsBarProps {
  readonly model: ModelMeta;
  readonly params: URLSearchParams;
  readonly saved: SavedViews;
}

/**
 * "Saved views": choose one (its search, filters and order come back) or save the list as a view
 * ("Save view"); while one is chosen, its own group: save the list's changes to it (when
 * Modified) or reset them, save as a new view, rename it, make it the default (a toggle, its
 * state also in words), delete it. Never two buttons called Save side by side.
 */
export function SavedViewsBar({ model, params, saved }: SavedViewsBarProps) {
  const id = useId();
  // After a save or rename the toolbar shows other buttons: focus goes back to the view it now names.
  const viewSelect = () => document.getElementById(`${id}-select`);
  const [open, setOpen] = useState<Open>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const viewId = params.get("view");
  const selected = saved.views.find((view) => String(view.id) === viewId) ?? null;
  const modified = selected !== null && !sameRows(params, viewParams(selected, model));
  const lost = selected ? unknownFilters(selected, model) : [];
  const missing = saved.loaded && viewId !== null && viewId !== ALL_RECORDS && selected === null;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  const saveAs = async (name: string, isDefault: boolean) => {
    const view = await saved.save({ name, ...viewBody(params), ...(isDefault ? { isDefault } : {}) });
    setOpen(null);
    navigate(viewHref(view, model), { replace: true });
  };
  const choose = (value: string) => {
    const view = saved.views.find((candidate) => String(candidate.id) === value);
    navigate(view ? viewHref(view, model) : hrefOf(new URLSearchParams({ view: ALL_RECORDS })));
  };

  return (
    <div class="saved-views">
      <div class="saved-views-row">
        <label for={`${id}-select`}>{t("views.label")}</label>
        <select
          id={`${id}-select`}
          class="select"
          value={selected ? String(selected.id) : ""}
          onChange={(event) => choose((event.currentTarget as HTMLSelectElement).value)}
        >
          <option value="">{t("views.allRecords")}</option>
          {saved.views.map((view) => (
            <option key={view.id} value={String(view.id)}>
              {view.isDefault ? t("views.defaultOption", { name: view.name }) : view.name}
            </option>
          ))}
        </select>
        {selected && (
          // The view's state in words, not only in a button's look.
          <span class="view-state" id={`${id}-state`}>
            {modified && (
              <span class="badge" id={`${id}-modified`}>
                {t("views.modified")}
              </span>
            )}
            {selected.isDefault ? t("views.opensByDefault") : ""}
          </span>
        )}
        {/* One way to save: a new view here; with a view chosen, its own Save changes or Save as new below. */}
        {!selected && (
          <button type="button" onClick={() => setOpen("save")}>
            {t("views.save")}
          </button>
        )}
      </div>
      {selected && (
        <fieldset class="saved-views-row view-actions" aria-label={t("views.group", { name: selected.name })}>
          {modified && (
            <>
              <button
                type="button"
                class="primary"
                disabled={busy}
                aria-describedby={`${id}-modified`}
                onClick={() =>
                  run(async () => {
                    const view = await saved.save({ name: selected.name, ...viewBody(params) });
                    navigate(viewHref(view, model), { replace: true });
                  })
                }
              >
                {t("views.saveChanges")}
              </button>
              <button type="button" onClick={() => navigate(viewHref(selected, model))}>
                {t("views.reset")}
              </button>
            </>
          )}
          <button type="button" onClick={() => setOpen("saveAs")}>
            {t("views.saveAsNew")}
          </button>
          <button type="button" onClick={() => setOpen("rename")}>
            {t("views.rename")}
          </button>
          <button
            type="button"
            class="toggle"
            aria-pressed={selected.isDefault}
            aria-describedby={`${id}-state`}
            disabled={busy}
            onClick={() => run(async () => void (await saved.patch(selected.id, { isDefault: !selected.isDefault })))}
          >
            <span class="toggle-mark" aria-hidden="true">
              {selected.isDefault ? "✓" : ""}
            </span>
            {t("views.default")}
          </button>
          <button type="button" class="danger-text" onClick={() => setOpen("delete")}>
            {t("views.delete")}
          </button>
        </fieldset>
      )}
      <div role="status" class="notices">
        {lost.length > 0 && <p class="notice">{t("views.lostFilters", { fields: lost.join(", ") })}</p>}
        {missing && <p class="notice">{t("views.missing")}</p>}
        {saved.error && <p class="notice">{t("views.loadFailed", { error: saved.error })}</p>}
      </div>
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      {(open === "save" || open === "saveAs") && (
        <NameDialog
          title={open === "save" ? t("views.save") : t("views.saveAsTitle")}
          offerDefault
          onSubmit={saveAs}
          onClose={() => setOpen(null)}
          returnFocus={viewSelect}
        />
      )}
      {open === "rename" && selected && (
        <NameDialog
          title={t("views.rename")}
          initialName={selected.name}
          onSubmit={async (name) => {
            await saved.patch(selected.id, { name });
            setOpen(null);
          }}
          onClose={() => setOpen(null)}
          returnFocus={viewSelect}
        />
      )}
      {open === "delete" && selected && (
        <ConfirmDialog
          title={t("views.delete")}
          message={t("views.confirmDelete", { name: selected.name })}
          confirm={t("common.delete")}
          busy={busy}
          error={error}
          onClose={() => setOpen(null)}
          onConfirm={() =>
            run(async () => {
              await saved.remove(selected.id);
              setOpen(null);
              const rest = new URLSearchParams(params);
              rest.delete("view");
              if ([...rest].length === 0) rest.set("view", ALL_RECORDS);
              navigate(hrefOf(rest), { replace: true });
            })
          }
        />
      )}
    </div>
  );
}

/** The saved-views bar: choose, save, rename, make default or delete a view of the list. */
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
        <label for={`${id}-select`}>Saved views</label>
        <select
          id={`${id}-select`}
          class="select"
          value={selected ? String(selected.id) : ""}
          onChange={(event) => choose((event.currentTarget as HTMLSelectElement).value)}
        >
          <option value="">All records</option>
          {saved.views.map((view) => (
            <option key={view.id} value={String(view.id)}>
              {view.isDefault ? `${view.name} (default)` : view.name}
            </option>
          ))}
        </select>
        {selected && (
          // The view's state in words, not only in a button's look.
          <span class="view-state" id={`${id}-state`}>
            {modified && (
              <span class="badge" id={`${id}-modified`}>
                Modified
              </span>
            )}
            {selected.isDefault ? "Opens by default" : ""}
          </span>
        )}
        {/* One way to save: a new view here; with a view chosen, its own Save changes or Save as new below. */}
        {!selected && (
          <button type="button" onClick={() => setOpen("save")}>
            Save view
          </button>
        )}
      </div>
      {selected && (
        <fieldset class="saved-views-row view-actions" aria-label={`View “${selected.name}”`}>
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
                Save changes
              </button>
              <button type="button" onClick={() => navigate(viewHref(selected, model))}>
                Reset
              </button>
            </>
          )}
          <button type="button" onClick={() => setOpen("saveAs")}>
            Save as new
          </button>
          <button type="button" onClick={() => setOpen("rename")}>
            Rename view
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
            Default view
          </button>
          <button type="button" class="danger-text" onClick={() => setOpen("delete")}>
            Delete view
          </button>
        </fieldset>
      )}
      <div role="status" class="notices">
        {lost.length > 0 && (
          <p class="notice">
            This view filters on {lost.join(", ")}, which this list no longer has; that part of the view is ignored.
          </p>
        )}
        {missing && <p class="notice">That saved view no longer exists; the list shows the filters in its address.</p>}
        {saved.error && <p class="notice">Saved views could not be loaded: {saved.error}</p>}
      </div>
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      {(open === "save" || open === "saveAs") && (
        <NameDialog
          title={open === "save" ? "Save view" : "Save as a new view"}
          offerDefault
          onSubmit={saveAs}
          onClose={() => setOpen(null)}
        />
      )}
      {open === "rename" && selected && (
        <NameDialog
          title="Rename view"
          initialName={selected.name}
          onSubmit={async (name) => {
            await saved.patch(selected.id, { name });
            setOpen(null);
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open === "delete" && selected && (
        <ConfirmDialog
          title="Delete view"
          message={`Delete the view “${selected.name}”? The list keeps its current filters.`}
          confirm="Delete"
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

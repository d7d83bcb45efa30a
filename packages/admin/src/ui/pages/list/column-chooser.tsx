/** The list's column chooser: a "Columns" button opening a checkbox per column; the shown ones are the URL's `?columns=`. */
import { useEffect, useId, useRef, useState } from "preact/hooks";
import type { ModelMeta } from "../../../shared/wire.js";
import { t } from "../../i18n/t.js";
import { updateList } from "../../url-state.js";
import { COLUMNS_PARAM, listColumnsOf, visibleColumns } from "./columns.js";

/**
 * "Columns": a disclosure of one checkbox per column (named by its heading), usable by keyboard
 * (Tab, Space, Escape closes). Hiding a column writes the rest to `?columns=`, so that reload,
 * back, a saved view and the export keep the choice; showing every one removes the parameter.
 */
export function ColumnChooser({ model, params }: { readonly model: ModelMeta; readonly params: URLSearchParams }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const all = listColumnsOf(model);
  const shown = new Set(visibleColumns(model, params).map((column) => column.name));
  const hidden = all.length - shown.size;

  useEffect(() => {
    if (!open) return;
    // A click elsewhere closes it, as a menu closes.
    const away = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    // Escape closes it from anywhere inside, and gives the focus back to its button.
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !root.current?.contains(document.activeElement)) return;
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("mousedown", away);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("mousedown", away);
      document.removeEventListener("keydown", onEscape);
    };
  }, [open]);

  const choose = (names: readonly string[]) =>
    updateList(
      (p) => {
        if (names.length === all.length) p.delete(COLUMNS_PARAM);
        else p.set(COLUMNS_PARAM, names.join(","));
      },
      { keepPage: true },
    );
  const toggle = (name: string, show: boolean) =>
    choose(all.filter((column) => (column.name === name ? show : shown.has(column.name))).map((c) => c.name));

  return (
    <div class="column-chooser" ref={root}>
      <button
        type="button"
        ref={button}
        aria-expanded={open}
        aria-controls={`${id}-columns`}
        onClick={() => setOpen(!open)}
      >
        {t("columns.button")}
        {hidden > 0 && <span class="badge">{t("columns.hidden", { count: hidden })}</span>}
      </button>
      {open && (
        <fieldset id={`${id}-columns`} class="column-menu">
          <legend>{t("columns.legend")}</legend>
          {all.map((column) => {
            const last = shown.has(column.name) && shown.size === 1;
            return (
              <label key={column.name} title={last ? t("columns.last") : undefined}>
                <input
                  type="checkbox"
                  checked={shown.has(column.name)}
                  disabled={last}
                  onChange={(event) => toggle(column.name, event.currentTarget.checked)}
                />
                {column.label}
              </label>
            );
          })}
          {hidden > 0 && (
            <button type="button" onClick={() => choose(all.map((column) => column.name))}>
              {t("columns.showAll")}
            </button>
          )}
        </fieldset>
      )}
    </div>
  );
}

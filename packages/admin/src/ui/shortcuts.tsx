/**
 * The admin's keyboard shortcuts, as Directus and GitHub have them: `/` to search, Ctrl/Cmd+S to
 * save a form, `?` to list them. Single keys act only outside text fields, so typing is never taken.
 */
import { t } from "./i18n/t.js";
import { useEffect, useState } from "preact/hooks";
import { Modal } from "./components/modal.js";

/** Each shortcut as the dialog lists it. */
export const SHORTCUTS: readonly { readonly keys: string; readonly does: string }[] = [
  { keys: "/", does: t("shortcuts.search") },
  { keys: t("shortcuts.saveKeys"), does: t("shortcuts.save") },
  { keys: "?", does: t("shortcuts.help") },
  { keys: "Esc", does: t("shortcuts.close") },
];

function typingIn(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element || !("tagName" in element)) return false;
  return element.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName);
}

/** Runs a shortcut for a key press; true when it handled the key. */
function runShortcut(event: KeyboardEvent, showHelp: () => void): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
    const save = document.querySelector<HTMLButtonElement>(".change-form button[type=submit][value=list]");
    if (!save) return false;
    // Saving the form as its Save button would: the browser's own "save page" is never what is meant here.
    if (!save.disabled) save.form?.requestSubmit(save);
    return true;
  }
  if (event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return false;
  if (document.querySelector("dialog[open]")) return false;
  if (event.key === "/") {
    const search = document.querySelector<HTMLInputElement>("main input[type=search]");
    search?.focus();
    search?.select();
    return search !== null;
  }
  if (event.key === "?") {
    showHelp();
    return true;
  }
  return false;
}

/** Listens for the shortcuts on the whole page, and shows the dialog that lists them when asked. */
export function Shortcuts() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (runShortcut(event, () => setOpen(true))) event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  if (!open) return null;
  return (
    <Modal title={t("shortcuts.title")} onClose={() => setOpen(false)}>
      <dl class="shortcuts">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.keys}>
            <dt>
              <kbd>{shortcut.keys}</kbd>
            </dt>
            <dd>{shortcut.does}</dd>
          </div>
        ))}
      </dl>
      <div class="actions">
        <button type="button" class="primary" onClick={() => setOpen(false)}>
          {t("common.close")}
        </button>
      </div>
    </Modal>
  );
}

/** The dialog that names (or renames) a saved view. */
import { t } from "../i18n/t.js";
import { useId, useState } from "preact/hooks";
import { ApiProblem, messageOf } from "../api.js";
import { Modal } from "../components/modal.js";
import { codePointLength, tooLongMessage } from "../text.js";

/** A view's name, in characters (no `maxlength`: it would count an emoji as two). */
const MAX_NAME = 100;

interface NameDialogProps {
  readonly title: string;
  readonly initialName?: string;
  /** Offer "Open this view by default" (not when renaming). */
  readonly offerDefault?: boolean;
  readonly onSubmit: (name: string, isDefault: boolean) => Promise<void>;
  readonly onClose: () => void;
  /** See `Modal`'s `returnFocus`. */
  readonly returnFocus?: () => HTMLElement | null;
}

/** Asks for a view's name ("Name", "Save"); the server's message shows beside the field. */
export function NameDialog({ title, initialName = "", offerDefault, onSubmit, onClose, returnFocus }: NameDialogProps) {
  const id = useId();
  const [name, setName] = useState(initialName);
  const [isDefault, setIsDefault] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (name.trim() === "") {
      setError(t("views.enterName"));
      return;
    }
    if (codePointLength(name.trim()) > MAX_NAME) {
      setError(tooLongMessage(MAX_NAME));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(name.trim(), isDefault);
    } catch (failure) {
      const messages = failure instanceof ApiProblem ? failure.errors.name : undefined;
      setError(messages ? messages.join(" ") : messageOf(failure));
      setBusy(false);
    }
  };
  return (
    <Modal title={title} onClose={onClose} returnFocus={returnFocus}>
      <form onSubmit={submit} class="dialog-form" noValidate>
        <label for={`${id}-name`}>{t("views.name")}</label>
        <input
          id={`${id}-name`}
          type="text"
          value={name}
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onInput={(event) => setName((event.currentTarget as HTMLInputElement).value)}
        />
        {error && (
          <p id={`${id}-error`} class="field-error" role="alert">
            {error}
          </p>
        )}
        {offerDefault && (
          <label class="check">
            <input
              type="checkbox"
              checked={isDefault}
              onChange={(event) => setIsDefault((event.currentTarget as HTMLInputElement).checked)}
            />
            {t("views.openByDefault")}
          </label>
        )}
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            {t("common.save")}
          </button>
          <button type="button" onClick={onClose}>
            {t("common.cancel")}
          </button>
        </div>
      </form>
    </Modal>
  );
}

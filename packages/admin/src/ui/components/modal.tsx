/** A modal dialog and a confirmation dialog built on it, with focus kept inside while open. */
import { t } from "../i18n/t.js";
import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef } from "preact/hooks";

interface ModalProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ComponentChildren;
  /** Where focus goes on close when what opened the dialog is gone (a toolbar re-rendered by what the dialog did). */
  readonly returnFocus?: () => HTMLElement | null;
}

/** A native modal `<dialog>` named by its heading: opened on mount, Escape or Cancel closes it, focus returns. */
export function Modal({ title, onClose, children, returnFocus }: ModalProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      if (opener?.isConnected) opener.focus();
      else returnFocus?.()?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      class="modal"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`} class="modal-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

interface ConfirmProps {
  readonly title: string;
  readonly message: string;
  readonly confirm: string;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
  readonly busy?: boolean;
  readonly error?: string | null;
}

/** "Delete this product?": the destructive button, and Cancel (which has the focus first). */
export function ConfirmDialog({ title, message, confirm, onConfirm, onClose, busy, error }: ConfirmProps) {
  return (
    <Modal title={title} onClose={onClose}>
      <p>{message}</p>
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="button" class="danger" disabled={busy} onClick={onConfirm}>
          {confirm}
        </button>
        {/* biome-ignore lint/a11y/noAutofocus: a destructive dialog starts on its safe choice */}
        <button type="button" autoFocus onClick={onClose}>
          {t("common.cancel")}
        </button>
      </div>
    </Modal>
  );
}

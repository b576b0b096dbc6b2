import { type ReactNode, useRef } from "react";
import { ModalDialog } from "./modal-dialog";

interface ConfirmDeleteDialogProps {
  /** Prefix of the title's and the text's ids, e.g. "delete-order". */
  idPrefix: string;
  title: string;
  /** What will happen, read out with the dialog's name. */
  text: ReactNode;
  /** The server's refusal, shown inside the dialog. */
  error: Error | null;
  busy: boolean;
  /** The confirming button's words, and its words while the change is under way. */
  confirmLabel?: string;
  busyLabel?: string;
  /** The confirming button was pressed; `close` closes the dialog (and gives the focus back). */
  onConfirm: (close: () => void) => void;
  onClose: () => void;
}

/**
 * Asks before something is deleted (or otherwise undone for good, e.g. an offer withdrawn). Cancel, the
 * safe choice, has the focus on opening; Escape cancels too, except while the change is under way.
 */
export function ConfirmDeleteDialog({
  idPrefix,
  title,
  text,
  error,
  busy,
  confirmLabel = "Yes, delete",
  busyLabel = "Deleting…",
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const textId = `${idPrefix}-text`;
  return (
    <ModalDialog
      titleId={`${idPrefix}-title`}
      title={title}
      describedById={textId}
      busy={busy}
      onClose={onClose}
      initialFocus={cancelRef}
    >
      {(close) => (
        <>
          <p id={textId} className="pb-3">
            {text}
          </p>
          {error ? (
            <p role="alert" className="alert alert-error mb-3">
              {error.message}
            </p>
          ) : null}
          <div className="modal-action">
            <button ref={cancelRef} type="button" className="btn" onClick={close} disabled={busy}>
              Cancel
            </button>
            <button type="button" className="btn btn-error" onClick={() => onConfirm(close)} disabled={busy}>
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}

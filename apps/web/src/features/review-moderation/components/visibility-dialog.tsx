import { useRef } from "react";
import { ModalDialog } from "../../../components/modal-dialog";

interface VisibilityDialogProps {
  /** What the admin is about to do: hide the review, or show it again. */
  hide: boolean;
  author: string;
  busy: boolean;
  onConfirm: (close: () => void) => void;
  onClose: () => void;
}

/** Asks before a review leaves the home page or comes back; Cancel has the focus on opening. */
export function VisibilityDialog({ hide, author, busy, onConfirm, onClose }: VisibilityDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      titleId="review-visibility-title"
      title={hide ? "Hide this review?" : "Show this review again?"}
      describedById="review-visibility-text"
      busy={busy}
      onClose={onClose}
      initialFocus={cancelRef}
    >
      {(close) => (
        <>
          <p id="review-visibility-text" className="pb-3">
            The review by <span className="break-words font-semibold">{author}</span>{" "}
            {hide
              ? "leaves the home page at once. It stays stored, and you can show it again."
              : "is shown on the home page again."}
          </p>
          <div className="modal-action">
            <button ref={cancelRef} type="button" className="btn" onClick={close} disabled={busy}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => onConfirm(close)}
              disabled={busy}
            >
              {busy ? "Saving…" : hide ? "Yes, hide" : "Yes, show"}
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}

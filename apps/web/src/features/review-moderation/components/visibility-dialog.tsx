import { ConfirmDialog } from "../../../components/confirm-dialog";

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
  return (
    <ConfirmDialog
      idPrefix="review-visibility"
      title={hide ? "Hide this review?" : "Show this review again?"}
      text={
        <>
          The review by <span className="break-words font-semibold">{author}</span>{" "}
          {hide
            ? "leaves the home page at once. It stays stored, and you can show it again."
            : "is shown on the home page again."}
        </>
      }
      confirmLabel={hide ? "Yes, hide" : "Yes, show"}
      busyLabel="Saving…"
      confirmClassName="btn-primary"
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

import { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";

type ConfirmDeleteDialogProps = Omit<
  ConfirmDialogProps,
  "confirmLabel" | "busyLabel" | "confirmClassName"
> & {
  /** The confirming button's words ("Yes, delete"), and its words while the change is under way. */
  confirmLabel?: string;
  busyLabel?: string;
};

/**
 * Asks before something is deleted (or otherwise undone for good, e.g. an offer withdrawn):
 * ConfirmDialog with a red "Yes, delete" unless told other words.
 */
export function ConfirmDeleteDialog({
  confirmLabel = "Yes, delete",
  busyLabel = "Deleting…",
  ...props
}: ConfirmDeleteDialogProps) {
  return (
    <ConfirmDialog
      {...props}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      confirmClassName="btn-error"
    />
  );
}

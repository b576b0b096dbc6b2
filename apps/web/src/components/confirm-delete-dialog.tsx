import { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";

type ConfirmDeleteDialogProps = Omit<ConfirmDialogProps, "confirmLabel" | "busyLabel" | "confirmClassName">;

/** Asks before something is deleted: ConfirmDialog with "Yes, delete". */
export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  return (
    <ConfirmDialog {...props} confirmLabel="Yes, delete" busyLabel="Deleting…" confirmClassName="btn-error" />
  );
}

import { useRef } from "react";
import { ModalDialog } from "../../../components/modal-dialog";
import type { RoleChange } from "../api/make-admin";

interface RoleChangeDialogProps {
  change: RoleChange;
  busy: boolean;
  onConfirm: (close: () => void) => void;
  onClose: () => void;
}

const TEXT = {
  promote: {
    title: "Make this user an admin?",
    text: "They will be able to manage products, orders, quote requests and users, including other admins.",
    confirm: "Yes, make admin",
  },
  revoke: {
    title: "Revoke admin rights?",
    text: "They become a customer again and lose the admin pages at once.",
    confirm: "Yes, revoke",
  },
} as const;

/** Asks before a role changes; Cancel, the safe choice, has the focus on opening. */
export function RoleChangeDialog({ change, busy, onConfirm, onClose }: RoleChangeDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const text = TEXT[change.kind];
  return (
    <ModalDialog
      titleId="role-change-title"
      title={text.title}
      describedById="role-change-text"
      busy={busy}
      onClose={onClose}
      initialFocus={cancelRef}
    >
      {(close) => (
        <>
          <p id="role-change-text" className="pb-3">
            <span className="break-words font-semibold">{change.email}</span>: {text.text}
          </p>
          <div className="modal-action">
            <button ref={cancelRef} type="button" className="btn" onClick={close} disabled={busy}>
              Cancel
            </button>
            <button
              type="button"
              className={`btn ${change.kind === "promote" ? "btn-primary" : "btn-error"}`}
              onClick={() => onConfirm(close)}
              disabled={busy}
            >
              {text.confirm}
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}

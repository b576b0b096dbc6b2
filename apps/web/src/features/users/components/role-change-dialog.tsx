import { ConfirmDialog } from "../../../components/confirm-dialog";
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
  const text = TEXT[change.kind];
  return (
    <ConfirmDialog
      idPrefix="role-change"
      title={text.title}
      text={
        <>
          <span className="break-words font-semibold">{change.email}</span>: {text.text}
        </>
      }
      confirmLabel={text.confirm}
      confirmClassName={change.kind === "promote" ? "btn-primary" : "btn-error"}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

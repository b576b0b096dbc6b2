import { type FormEvent, useRef, useState } from "react";
import { ModalDialog } from "../../../components/modal-dialog";

interface ForgotPasswordDialogProps {
  /** Sends the reset link; its toasts say what happened ("check your email"). */
  onSend: (email: string) => Promise<void>;
  onClose: () => void;
}

/** "Forgot password?" with no email typed yet: asks for it in place instead of only toasting. */
export function ForgotPasswordDialog({ onSend, onClose }: ForgotPasswordDialogProps) {
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  return (
    <ModalDialog
      titleId="forgot-password-title"
      title="Reset your password"
      describedById="forgot-password-note"
      busy={busy}
      onClose={onClose}
      initialFocus={emailRef}
    >
      {(close) => {
        const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
          setBusy(true);
          await onSend(email);
          setBusy(false);
          close();
        };
        return (
          <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
            <p id="forgot-password-note" className="text-sm">
              We will email a link to set a new password to this address.
            </p>
            <label className="flex flex-col gap-1">
              <span className="text-sm font-medium">Email</span>
              <input
                ref={emailRef}
                name="email"
                type="email"
                autoComplete="email"
                required
                className="input w-full"
              />
            </label>
            <div className="modal-action mt-0">
              <button type="button" className="btn" onClick={close} disabled={busy}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? "Sending…" : "Send the link"}
              </button>
            </div>
          </form>
        );
      }}
    </ModalDialog>
  );
}

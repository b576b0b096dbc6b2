import { type FormEvent, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { TextField } from "../../../components/form-fields";
import { useAuthActions } from "../use-auth-actions";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { SocialSignInButtons } from "./social-sign-in-buttons";

/** docs/product.md section 5: on the login screen the browser itself requires email and password. */
export function LoginForm() {
  const { signIn, signInWith, sendPasswordReset } = useAuthActions();
  const { state } = useLocation();
  const emailRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<"login" | "reset" | null>(null);
  const [askingForEmail, setAskingForEmail] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy("login");
    await signIn({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") });
    setBusy(null);
  };

  // The reset link goes to the address in the email field, so that field must hold one first.
  const onForgotPassword = async () => {
    const email = emailRef.current;
    if (!email) return;
    if (!email.value || !email.checkValidity()) {
      setAskingForEmail(true);
      return;
    }
    setBusy("reset");
    await sendPasswordReset(email.value.trim());
    setBusy(null);
  };

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          id="login-email"
          label="Email"
          ref={emailRef}
          name="email"
          type="email"
          autoComplete="email"
          required
        />
        <TextField
          id="login-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button
          type="button"
          className="link self-start text-sm link-primary"
          onClick={() => void onForgotPassword()}
          disabled={busy === "reset"}
        >
          Forgot password?
        </button>
        <button type="submit" className="btn w-full btn-primary" disabled={busy === "login"}>
          {busy === "login" ? "Logging in…" : "Login"}
        </button>
      </form>
      <p className="text-center text-sm">
        New to Toolshop?{" "}
        <Link to="/signup" state={state} className="link font-medium link-primary">
          Create New Account
        </Link>
      </p>
      <SocialSignInButtons onSelect={(provider) => void signInWith(provider)} />
      {askingForEmail ? (
        <ForgotPasswordDialog onSend={sendPasswordReset} onClose={() => setAskingForEmail(false)} />
      ) : null}
    </div>
  );
}

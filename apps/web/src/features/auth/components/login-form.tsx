import { zodResolver } from "@hookform/resolvers/zod";
import { PASSWORD_MAX_LENGTH, type SignInInput, signInSchema } from "@toolshop/shared/auth";
import { EMAIL_MAX_LENGTH } from "@toolshop/shared/text";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { TextField } from "../../../components/form-fields";
import { useAuthActions } from "../use-auth-actions";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { SocialSignInButtons } from "./social-sign-in-buttons";

/**
 * docs/product.md section 5: on the login screen the browser itself requires email and password, so
 * the form validates (no noValidate) and its fields are `required`; what it lets through is checked with
 * the shared sign-in schema, whose messages would show under the fields.
 */
export function LoginForm() {
  const { signIn, signInWith, sendPasswordReset } = useAuthActions();
  const { state } = useLocation();
  const emailRef = useRef<HTMLInputElement>(null);
  const [resetting, setResetting] = useState(false);
  const [askingForEmail, setAskingForEmail] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });

  // The reset link goes to the address in the email field, so that field must hold one first.
  const onForgotPassword = async () => {
    const email = emailRef.current;
    if (!email) return;
    if (!email.value || !email.checkValidity()) {
      setAskingForEmail(true);
      return;
    }
    setResetting(true);
    await sendPasswordReset(email.value.trim());
    setResetting(false);
  };

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={handleSubmit(signIn)} className="flex flex-col gap-4">
        <TextField
          id="login-email"
          label="Email"
          error={errors.email?.message}
          registration={register("email")}
          ref={emailRef}
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
        />
        <TextField
          id="login-password"
          label="Password"
          error={errors.password?.message}
          registration={register("password")}
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <button
          type="button"
          className="link self-start text-sm link-primary"
          onClick={() => void onForgotPassword()}
          disabled={resetting}
        >
          Forgot password?
        </button>
        <button type="submit" className="btn w-full btn-primary" disabled={isSubmitting}>
          {isSubmitting ? "Logging in…" : "Login"}
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

import { zodResolver } from "@hookform/resolvers/zod";
import { type SignUpInput, signUpSchema } from "@toolshop/shared/auth";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { TextField } from "../../../components/form-fields";
import { useAuthActions } from "../use-auth-actions";
import { NewPasswordField } from "./new-password-field";

/** docs/product.md section 5: name, email and password with the spec's exact messages under each field. */
export function SignUpForm() {
  const { signUp } = useAuthActions();
  // Keeps where a guard was sending the visitor, if they switch to the login screen.
  const { state } = useLocation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: "", email: "", password: "" },
  });

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={handleSubmit(signUp)} noValidate className="flex flex-col gap-4">
        <TextField
          id="signup-name"
          label="Name"
          error={errors.name?.message}
          registration={register("name")}
          autoComplete="name"
        />
        <TextField
          id="signup-email"
          label="Email"
          error={errors.email?.message}
          registration={register("email")}
          type="email"
          autoComplete="email"
        />
        <NewPasswordField
          id="signup-password"
          label="Password"
          error={errors.password?.message}
          registration={register("password")}
        />
        <button type="submit" className="btn w-full btn-primary" disabled={isSubmitting}>
          Sign Up
        </button>
      </form>
      <p className="text-center text-sm">
        Already have an account?{" "}
        <Link to="/login" state={state} className="link font-medium link-primary">
          Please Login
        </Link>
      </p>
    </div>
  );
}

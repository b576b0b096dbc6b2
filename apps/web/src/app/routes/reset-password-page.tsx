import { Link, useLocation } from "react-router";
import { ResetPasswordForm } from "../../features/auth/components/reset-password-form";
import { useDocumentTitle } from "../../lib/use-document-title";

/** Where the reset link lands: /reset-password?token=… (or ?error=INVALID_TOKEN for a stale link). */
export default function ResetPasswordPage() {
  useDocumentTitle("Reset password");
  // Read straight from the address: useSearchParams would add its code to the home page's bundle.
  const params = new URLSearchParams(useLocation().search);
  const token = params.get("token");
  const usable = token && !params.get("error");

  return (
    <div className="grid place-items-center px-4 py-12">
      <div className="w-full max-w-md rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-center text-3xl font-bold">Reset password</h1>
        {usable ? (
          <ResetPasswordForm token={token} />
        ) : (
          <div role="alert" className="flex flex-col gap-4 text-center">
            <p>This reset link is invalid or has expired.</p>
            <p>
              Ask for a new one: on the{" "}
              <Link to="/login" className="link link-primary">
                Login
              </Link>{" "}
              page, enter your email and choose Forgot password?
            </p>
          </div>
        )}
      </div>
    </div>
  );
}

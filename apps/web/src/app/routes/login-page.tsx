import { useLocation } from "react-router";
import { LoginForm } from "../../features/auth/components/login-form";
import {
  SIGNED_OUT_ADMIN_ONLY,
  signedOutReason,
  useLeaveIfSignedIn,
} from "../../features/auth/use-leave-if-signed-in";
import { useDocumentTitle } from "../../lib/use-document-title";

export default function LoginPage() {
  useDocumentTitle("Login");
  useLeaveIfSignedIn();
  const { state } = useLocation();
  return (
    <div className="grid place-items-center px-4 py-12">
      <div className="w-full max-w-md rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-center text-3xl font-bold">Login</h1>
        {signedOutReason(state) === SIGNED_OUT_ADMIN_ONLY ? (
          <p role="alert" className="mb-6 alert alert-warning text-sm">
            You were signed out because that page is for admins only. Log in with an admin account to open it.
          </p>
        ) : null}
        <LoginForm />
      </div>
    </div>
  );
}

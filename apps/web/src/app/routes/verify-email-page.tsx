import { useLocation } from "react-router";
import { VerifyEmailStatus } from "../../features/auth/components/verify-email-status";
import { useDocumentTitle } from "../../lib/use-document-title";

/** Where the verification link lands. */
export default function VerifyEmailPage() {
  useDocumentTitle("Verify email");
  // Read straight from the address: useSearchParams would add its code to the home page's bundle.
  const params = new URLSearchParams(useLocation().search);
  return (
    <div className="grid place-items-center px-4 py-12">
      <div className="w-full max-w-md rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-center text-3xl font-bold">Email verification</h1>
        <VerifyEmailStatus token={params.get("token")} error={params.get("error")} />
      </div>
    </div>
  );
}

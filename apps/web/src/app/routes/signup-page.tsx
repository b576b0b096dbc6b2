import { SignUpForm } from "../../features/auth/components/signup-form";
import { useLeaveIfSignedIn } from "../../features/auth/use-leave-if-signed-in";
import { useDocumentTitle } from "../../lib/use-document-title";

export default function SignUpPage() {
  useDocumentTitle("Sign Up");
  useLeaveIfSignedIn();
  return (
    <div className="grid place-items-center px-4 py-12">
      <div className="w-full max-w-md rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-center text-3xl font-bold">Sign Up</h1>
        <SignUpForm />
      </div>
    </div>
  );
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router";
import { Spinner } from "../../../components/spinner";
import { notify } from "../../../lib/toast";
import { describeAuthError } from "../auth-errors";
import { sendVerificationEmail, verifyEmail } from "../identity-actions";
import { IdentityError } from "../identity-request";
import { renewAccessToken } from "../session-store";
import { useSession } from "../use-session";
import { VerifyWithNewPassword } from "./verify-with-new-password";

/** The server's answer to a link opened outside the session that signed up (address-proof.ts). */
const NEW_PASSWORD_REQUIRED = "NEW_PASSWORD_REQUIRED";

function Verified() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const signedIn = session.status === "signed-in";
  // A proven address may bring rights (an owner's address in ADMIN_EMAILS): ask for them at once.
  useEffect(() => {
    if (!signedIn) return;
    renewAccessToken()
      .then(() => queryClient.invalidateQueries())
      .catch(() => undefined);
  }, [signedIn, queryClient]);
  return (
    <div role="status" className="flex flex-col items-center gap-4 text-center">
      <p className="text-xl font-semibold text-success">Your email is verified</p>
      <Link to="/" className="btn btn-primary">
        Continue shopping
      </Link>
    </div>
  );
}

function NotVerified({ reason }: { reason: string }) {
  const { session } = useSession();
  const resend = useMutation({
    mutationFn: sendVerificationEmail,
    onSuccess: () => notify.success("A new verification link is on its way: check your email."),
    onError: (error) => notify.error(describeAuthError(error)),
  });
  const user = session.status === "signed-in" ? session.user : null;
  return (
    <div role="alert" className="flex flex-col items-center gap-4 text-center">
      <p className="text-xl font-semibold text-error">Your email could not be verified</p>
      <p>{reason}</p>
      {user && !user.emailVerified ? (
        <button
          type="button"
          className="btn btn-primary"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() => resend.mutate(user.email)}
        >
          Send a new link
        </button>
      ) : (
        <p>
          <Link to="/login" className="link link-primary">
            Log in
          </Link>{" "}
          to ask for a new link.
        </p>
      )}
    </div>
  );
}

/** Verifies the link's token itself (when the link carries one) and says how it went. */
function VerifyToken({ token }: { token: string }) {
  const result = useQuery({
    queryKey: ["verify-email", token],
    queryFn: () => verifyEmail(token).then(() => true),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (result.isPending) return <Spinner label="Verifying your email" />;
  if (result.error instanceof IdentityError && result.error.code === NEW_PASSWORD_REQUIRED) {
    return <VerifyWithNewPassword token={token} />;
  }
  if (result.isError) return <NotVerified reason={describeAuthError(result.error)} />;
  return <Verified />;
}

/**
 * What the verification link says. The identity service verifies the link and redirects here, with
 * ?error=… when the link was bad; a link that carries ?token=… is verified from this page.
 */
export function VerifyEmailStatus({ token, error }: { token: string | null; error: string | null }) {
  if (error) return <NotVerified reason="The link is invalid or has expired." />;
  if (token) return <VerifyToken token={token} />;
  return <Verified />;
}

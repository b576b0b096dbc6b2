import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Outlet, useNavigate } from "react-router";
import { LoadError } from "../../components/load-error";
import { RouteFallback } from "../../components/spinner";
import { adminStatusQueryOptions } from "../../features/auth/api/get-admin-status";
import { SIGNED_OUT_ADMIN_ONLY } from "../../features/auth/use-leave-if-signed-in";
import { useSession } from "../../features/auth/use-session";
import { ApiRequestError } from "../../lib/api-client";
import { RedirectToLogin } from "./redirect-to-login";

/**
 * docs/product.md section 2: an admin-only route. Admin status is the `admin` value of GET /api/admin/:email;
 * a non-admin is signed out and sent to /login, which says why. Sits inside RequireAuth, but stands on its own too.
 */
export function RequireAdmin() {
  const { session } = useSession();
  const navigate = useNavigate();
  const email = session.status === "signed-in" ? session.user.email : "";
  const admin = useQuery({ ...adminStatusQueryOptions(email), enabled: email !== "" });
  // A 403 says the same as {admin: false}; a 401 has already signed the user out.
  const refused =
    admin.data === false || (admin.error instanceof ApiRequestError && admin.error.status === 403);

  useEffect(() => {
    if (!refused) return;
    // No `from`: signing in again would come back here and be signed out again, in a loop. /login
    // signs the user out (signing out here would let the signed-in guard around this one send the
    // user to /login itself first, remembering this route).
    navigate("/login", { replace: true, state: { signedOutBecause: SIGNED_OUT_ADMIN_ONLY } });
  }, [refused, navigate]);

  if (session.status === "signed-out") return <RedirectToLogin />;
  if (admin.data === true) return <Outlet />;
  if (admin.isError && !refused) {
    return (
      <div className="p-4">
        <LoadError
          title="Your access to this page could not be checked."
          error={admin.error}
          onRetry={() => void admin.refetch()}
          retrying={admin.isFetching}
        />
      </div>
    );
  }
  return <RouteFallback />;
}

export default RequireAdmin;

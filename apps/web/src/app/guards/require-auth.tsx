import { Outlet } from "react-router";
import { PageSkeleton } from "../../components/page-skeleton";
import { useSession } from "../../features/auth/use-session";
import { RedirectToLogin } from "./redirect-to-login";

/**
 * docs/product.md section 2: a signed-in route. A visitor goes to /login, which remembers this place in the
 * location state (`from`) and comes back after signing in. The page's skeleton shows while the session loads.
 */
export function RequireAuth() {
  const { session } = useSession();
  if (session.status === "loading") return <PageSkeleton />;
  if (session.status === "signed-out") return <RedirectToLogin />;
  return <Outlet />;
}

export default RequireAuth;

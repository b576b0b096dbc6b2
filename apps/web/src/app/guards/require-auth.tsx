import { Outlet } from "react-router";
import { RouteFallback } from "../../components/spinner";
import { useSession } from "../../features/auth/use-session";
import { RedirectToLogin } from "./redirect-to-login";

/**
 * docs/product.md section 2: a signed-in route. A visitor goes to /login, which remembers this place in the
 * location state (`from`) and comes back after signing in. The spinner shows while the session loads.
 */
export function RequireAuth() {
  const { session } = useSession();
  if (session.status === "loading") return <RouteFallback />;
  if (session.status === "signed-out") return <RedirectToLogin />;
  return <Outlet />;
}

export default RequireAuth;

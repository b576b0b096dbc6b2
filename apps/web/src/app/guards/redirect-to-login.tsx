import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { RouteFallback } from "../../components/spinner";

/**
 * Sends the user to /login, remembering where they were (`from`) so that signing in brings them
 * back. (React Router's <Navigate> would do the same, but its code would ship with the home page.)
 */
export function RedirectToLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    navigate("/login", { replace: true, state: { from: location } });
  }, [navigate, location]);
  return <RouteFallback />;
}

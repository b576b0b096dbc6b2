import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { setUnauthorizedHandler } from "../../lib/api-client";
import { signOut } from "./session-loader";

/**
 * docs/architecture.md section 6: a 401 from the API (or a refused token refresh) signs the user out and sends
 * them to /login, which brings them back here after signing in again.
 */
export function useSignOutOnUnauthorized(): void {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        void signOut();
        if (location.pathname !== "/login") navigate("/login", { replace: true, state: { from: location } });
      }),
    [navigate, location],
  );
}

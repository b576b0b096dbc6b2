import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { signOut } from "./session-loader";

/**
 * The navigation bar's Sign out: goes home, then signs out once the home page is on screen. Signing
 * out first would let the guard of the signed-in page still showing send the user to /login.
 */
export function useSignOutToHome(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [requested, setRequested] = useState(false);

  useEffect(() => {
    if (!requested || pathname !== "/") return;
    setRequested(false);
    void signOut();
  }, [requested, pathname]);

  return useCallback(() => {
    setRequested(true);
    navigate("/");
  }, [navigate]);
}

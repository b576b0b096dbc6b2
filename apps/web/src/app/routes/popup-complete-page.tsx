import { useEffect } from "react";
import { useLocation } from "react-router";
import { POPUP_CHANNEL, type PopupResult } from "../../features/auth/popup-messages";
import { useDocumentTitle } from "../../lib/use-document-title";

/**
 * /auth/popup-complete: the provider's sign-in ends here, inside the popup. It tells the window that
 * opened it (only at this origin) and closes; the opener then exchanges the session for its token.
 */
export default function PopupCompletePage() {
  useDocumentTitle("Signing in");
  // Read straight from the address: useSearchParams would add its code to the home page's bundle.
  const params = new URLSearchParams(useLocation().search);
  const error = params.get("error");

  useEffect(() => {
    const result: PopupResult = { type: "toolshop:sign-in-popup", error };
    window.opener?.postMessage(result, window.location.origin);
    const channel = new BroadcastChannel(POPUP_CHANNEL);
    channel.postMessage(result);
    channel.close();
    window.close();
  }, [error]);

  return (
    <main className="grid min-h-screen place-items-center p-6 text-center">
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">{error ? "Sign-in did not complete" : "You are signed in"}</h1>
        <p>You can close this window and go back to Toolshop.</p>
      </div>
    </main>
  );
}

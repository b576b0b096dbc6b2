import type { SocialProvider } from "@toolshop/shared/auth";
import { POPUP_COMPLETE_PATH, POPUP_START_PATH } from "@toolshop/shared/paths";

// What the sign-in popup tells the window that opened it. The popup's page sends it twice: by
// postMessage to its opener, and on a BroadcastChannel, because the server's Cross-Origin-Opener-Policy
// cuts the popup off from its opener once it has been on the provider's site.

export const POPUP_CHANNEL = "toolshop-sign-in-popup";

export interface PopupResult {
  type: "toolshop:sign-in-popup";
  /** The identity service's error code, or null when the sign-in completed. */
  error: string | null;
}

export function isPopupResult(data: unknown): data is PopupResult {
  return (
    typeof data === "object" &&
    data !== null &&
    (data as PopupResult).type === "toolshop:sign-in-popup" &&
    ((data as PopupResult).error === null || typeof (data as PopupResult).error === "string")
  );
}

/** The server's route that sends the popup to the provider and back to POPUP_COMPLETE_PATH. */
export function popupStartUrl(provider: SocialProvider): string {
  return `${POPUP_START_PATH}/${provider}?callbackURL=${encodeURIComponent(POPUP_COMPLETE_PATH)}`;
}
